/**
 * A map that keeps at most `capacity` entries, dropping the least recently used (read or written)
 * first: what each process remembers of checked tokens, prepared statements, compiled page statements
 * and search samples. A Map iterates in insertion order, so a used entry is moved to its end.
 */
export class RecentlyUsed<K, V> {
  readonly #entries = new Map<K, V>();
  readonly #capacity: number;

  constructor(capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1)
      throw new RangeError('capacity must be a positive integer');
    this.#capacity = capacity;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The value of `key`, which becomes the most recently used. */
  get(key: K): V | undefined {
    if (!this.#entries.has(key)) return undefined;
    const value = this.#entries.get(key) as V;
    this.#entries.delete(key);
    this.#entries.set(key, value);
    return value;
  }

  /** Keeps `value` as the most recently used, dropping the least recently used past the capacity. */
  set(key: K, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.#capacity) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
  }

  delete(key: K): void {
    this.#entries.delete(key);
  }

  clear(): void {
    this.#entries.clear();
  }
}

/**
 * One RecentlyUsed map of `capacity` per owner (each database handle: what a process keeps of one
 * database's search samples or witnesses), made at its first use and dropped with its owner.
 */
export class RecentlyUsedPerOwner<O extends object, K, V> {
  readonly #maps = new WeakMap<O, RecentlyUsed<K, V>>();
  readonly #capacity: number;

  constructor(capacity: number) {
    this.#capacity = capacity;
  }

  of(owner: O): RecentlyUsed<K, V> {
    let map = this.#maps.get(owner);
    if (!map) {
      map = new RecentlyUsed(this.#capacity);
      this.#maps.set(owner, map);
    }
    return map;
  }
}
