/*
 * A loop run beside the requests (the text indexes' merges, the write-ahead log's checkpoints): a
 * turn, then a pause of the time the turn asks for, until stopped. The pause's timer is unreferenced
 * (a waiting loop does not keep the process alive) and `stop` cuts it short.
 */

export interface BackgroundLoop {
  /** Ends the loop once its current turn is done. */
  stop(): Promise<void>;
}

/**
 * Runs `turn` until `stop`, pausing after each the milliseconds it returns (and `firstPauseMs`
 * before the first, when given). `turn` is told whether the loop was stopped meanwhile; it reports
 * its own failures.
 */
export function startBackgroundLoop(
  turn: (stopped: () => boolean) => Promise<number> | number,
  firstPauseMs?: number,
): BackgroundLoop {
  let stopped = false;
  let wake: (() => void) | undefined;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      timer.unref();
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const isStopped = () => stopped;
  const loop = (async () => {
    if (firstPauseMs !== undefined) await pause(firstPauseMs);
    while (!stopped) {
      const pauseMs = await turn(isStopped);
      if (!stopped) await pause(pauseMs);
    }
  })();
  return {
    async stop() {
      stopped = true;
      wake?.();
      await loop;
    },
  };
}
