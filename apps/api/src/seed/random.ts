/*
 * Deterministic randomness for the seed: a small, fast PRNG (xoshiro128**) seeded from a number, so the
 * same seed always produces the same data. Nothing here reads the clock or Math.random.
 */

export type Weighted<T> = readonly (readonly [value: T, weight: number])[];

/** splitmix32: spreads a seed over the four words of the generator state. */
function splitmix32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) >>> 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
}

/** 32-bit FNV-1a hash of a text, used to derive independent streams from labels. */
export function hashString(value: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < value.length; index += 1) {
    hash ^= value.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

export class Random {
  #a: number;
  #b: number;
  #c: number;
  #d: number;

  constructor(seed: number) {
    const next = splitmix32(seed);
    this.#a = next();
    this.#b = next();
    this.#c = next();
    this.#d = next();
    if ((this.#a | this.#b | this.#c | this.#d) === 0) this.#a = 1;
  }

  /** An independent generator derived from this seed and a label (does not advance this one). */
  static derive(seed: number, label: string): Random {
    return new Random((Math.imul(seed >>> 0, 0x9e3779b1) ^ hashString(label)) >>> 0);
  }

  /** Next unsigned 32-bit integer. */
  nextUint32(): number {
    const result = Math.imul(rotateLeft(Math.imul(this.#b, 5) >>> 0, 7), 9) >>> 0;
    const shifted = (this.#b << 9) >>> 0;
    this.#c ^= this.#a;
    this.#d ^= this.#b;
    this.#b ^= this.#c;
    this.#a ^= this.#d;
    this.#c ^= shifted;
    this.#d = rotateLeft(this.#d, 11);
    this.#a >>>= 0;
    this.#b >>>= 0;
    this.#c >>>= 0;
    return result;
  }

  /** Uniform float in [0, 1). */
  next(): number {
    return this.nextUint32() / 4294967296;
  }

  /** Uniform integer in [min, max] (both included). */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** Uniform float in [min, max). */
  float(min: number, max: number): number {
    return min + this.next() * (max - min);
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('Random.pick: liste vide');
    return item;
  }

  weighted<T>(entries: Weighted<T>): T {
    let total = 0;
    for (const [, weight] of entries) total += weight;
    let target = this.next() * total;
    for (const [value, weight] of entries) {
      target -= weight;
      if (target < 0) return value;
    }
    const last = entries[entries.length - 1];
    if (last === undefined) throw new Error('Random.weighted: liste vide');
    return last[0];
  }

  /** Up to `count` distinct items (fewer when the list is shorter). */
  sample<T>(items: readonly T[], count: number): T[] {
    if (count >= items.length) return this.shuffle([...items]);
    const chosen = new Set<number>();
    const result: T[] = [];
    while (result.length < count) {
      const index = Math.floor(this.next() * items.length);
      if (chosen.has(index)) continue;
      chosen.add(index);
      const item = items[index];
      if (item !== undefined) result.push(item);
    }
    return result;
  }

  /** Fisher–Yates, in place. */
  shuffle<T>(items: T[]): T[] {
    for (let index = items.length - 1; index > 0; index -= 1) {
      const other = Math.floor(this.next() * (index + 1));
      const current = items[index] as T;
      items[index] = items[other] as T;
      items[other] = current;
    }
    return items;
  }
}

function rotateLeft(value: number, bits: number): number {
  return ((value << bits) | (value >>> (32 - bits))) >>> 0;
}

/**
 * Picks by weight, but hands out every value once first, so that even a small seed represents every
 * status or type.
 */
export class CoveringPicker<T> {
  readonly #entries: Weighted<T>;
  #served = 0;

  constructor(entries: Weighted<T>) {
    this.#entries = entries;
  }

  next(random: Random): T {
    const entry = this.#entries[this.#served];
    if (entry !== undefined) {
      this.#served += 1;
      return entry[0];
    }
    return random.weighted(this.#entries);
  }
}
