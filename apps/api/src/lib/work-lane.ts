/**
 * At most `slots` pieces of work at once, the others waiting their turn in arrival order. The
 * exports run their queries through one lane per process: however many exports stream at the same
 * time, they hold at most `slots` database connections (PostgreSQL) or turns of the single
 * connection (SQLite), and the other requests always find room.
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
      return await work();
    } finally {
      const next = this.#waiting.shift();
      // The slot passes straight to the next in line; otherwise it is freed.
      if (next) next();
      else this.#running -= 1;
    }
  }
}
