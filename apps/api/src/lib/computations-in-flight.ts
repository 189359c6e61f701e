/*
 * The answers being computed, one per key (plugins/kept-responses.ts: an admin's URL), each with the
 * table versions it started from, so that a request arriving meanwhile for the same key can wait for
 * it instead of computing the same answer beside it. Pure bookkeeping: whether the answer found may
 * be served to the waiting request is the caller's to check.
 */

export interface Computation {
  /** The table versions read before the computation started. */
  readonly versions: ReadonlyMap<string, number>;
  /** Resolves once the computation has ended, or after `timeoutMs` at most. */
  settled(timeoutMs: number): Promise<void>;
}

class RunningComputation implements Computation {
  readonly #done: Promise<void>;
  #end: () => void = () => {};

  constructor(readonly versions: ReadonlyMap<string, number>) {
    this.#done = new Promise<void>((resolve) => {
      this.#end = resolve;
    });
  }

  settled(timeoutMs: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      timer.unref();
      void this.#done.then(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  end(): void {
    this.#end();
  }
}

export class ComputationsInFlight {
  readonly #byKey = new Map<string, RunningComputation>();

  /** The computation under way for `key`, if any (the latest started). */
  get(key: string): Computation | undefined {
    return this.#byKey.get(key);
  }

  /** Notes a computation of `key` starting from `versions`; it replaces any other under way. */
  start(key: string, versions: ReadonlyMap<string, number>): Computation {
    const computation = new RunningComputation(versions);
    this.#byKey.set(key, computation);
    return computation;
  }

  /** Ends `computation` (its waiters resume); once only matters, later calls do nothing. */
  end(key: string, computation: Computation): void {
    if (this.#byKey.get(key) === computation) this.#byKey.delete(key);
    if (computation instanceof RunningComputation) computation.end();
  }

  /** Computations under way (tests). */
  get size(): number {
    return this.#byKey.size;
  }
}

/** Whether two readings of the table versions are the same. */
export function sameVersions(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): boolean {
  if (a.size !== b.size) return false;
  for (const [table, version] of a) if (b.get(table) !== version) return false;
  return true;
}
