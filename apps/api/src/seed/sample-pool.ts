import { Random } from './random.js';

/**
 * A bounded, uniform sample of a stream (reservoir sampling): later stages pick related rows (a project
 * for a notification...) without keeping every row in memory. Uses its own random stream so that it
 * does not disturb the main one.
 */
export class SamplePool<T> {
  readonly #items: T[] = [];
  readonly #capacity: number;
  readonly #random: Random;
  #seen = 0;

  constructor(capacity: number, seed: number, label: string) {
    this.#capacity = capacity;
    this.#random = Random.derive(seed, label);
  }

  add(item: T): void {
    this.#seen += 1;
    if (this.#items.length < this.#capacity) {
      this.#items.push(item);
      return;
    }
    const slot = Math.floor(this.#random.next() * this.#seen);
    if (slot < this.#capacity) this.#items[slot] = item;
  }

  get size(): number {
    return this.#items.length;
  }

  /** A random item, or undefined when nothing was added. */
  pick(random: Random): T | undefined {
    return this.#items.length === 0 ? undefined : random.pick(this.#items);
  }
}
