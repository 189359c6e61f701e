import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * At most `slots` pieces of work at once, the others waiting their turn in arrival order, and each
 * piece starts after a turn of the event loop. The exports read and format their chunks through one
 * lane per process: however many exports stream at the same time, they hold at most `slots`
 * database connections (PostgreSQL), and at most `slots` chunks are worked on between two turns of
 * the event loop (SQLite answers synchronously: without the turn, the waiting chunks would run one
 * after the other while every other request waits).
 */
export class WorkLane {
  readonly #slots: number;
  #running = 0;
  readonly #waiting: Array<() => void> = [];

  constructor(slots: number) {
    if (!Number.isInteger(slots) || slots < 1)
      throw new RangeError('Une file doit avoir au moins une place.');
    this.#slots = slots;
  }

  /** Pieces of work running now (for tests). */
  get running(): number {
    return this.#running;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.#running >= this.#slots) {
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else {
      this.#running += 1;
    }
    try {
      await nextTurn();
      return await work();
    } finally {
      // The slot passes straight to the next in line; without a waiter it is freed.
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running -= 1;
    }
  }
}
