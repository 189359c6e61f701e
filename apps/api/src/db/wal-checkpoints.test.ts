import { describe, expect, it } from 'vitest';
import { type CheckpointResult, startWalCheckpoints, type WalCheckpointer } from './wal-checkpoints.js';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A checkpointer whose passive checkpoints find the log at the given lengths, in turn. */
function recording(logs: number[], fail: (call: number) => boolean = () => false) {
  const calls: string[] = [];
  const result = (log: number): CheckpointResult => ({ busy: 0, log, checkpointed: log });
  const checkpointer: WalCheckpointer = {
    passive() {
      calls.push('passive');
      if (fail(calls.length)) throw new Error('disk I/O error');
      return result(
        logs[Math.min(calls.filter((call) => call === 'passive').length - 1, logs.length - 1)] ?? 0,
      );
    },
    restart() {
      calls.push('restart');
      return result(0);
    },
  };
  return { calls, checkpointer };
}

describe('startWalCheckpoints', () => {
  it('checkpoints every interval until stopped, and not after', async () => {
    const { calls, checkpointer } = recording([10]);
    const checkpoints = startWalCheckpoints(checkpointer, { intervalMs: 5 });
    await pause(100);
    expect(calls.length).toBeGreaterThanOrEqual(3);
    await checkpoints.stop();
    const stoppedAt = calls.length;
    await pause(30);
    expect(calls).toHaveLength(stoppedAt);
  });

  it('starts the log over once it holds the given number of pages, not before', async () => {
    const { calls, checkpointer } = recording([10, 999, 1000, 20, 20]);
    const checkpoints = startWalCheckpoints(checkpointer, { intervalMs: 5, restartFromPages: 1000 });
    while (calls.filter((call) => call === 'passive').length < 6) await pause(5);
    await checkpoints.stop();
    // At 1,000 pages: a second passive checkpoint, then the restart.
    expect(calls.slice(0, 6)).toEqual(['passive', 'passive', 'passive', 'passive', 'restart', 'passive']);
  });

  it('reports a failed checkpoint and goes on', async () => {
    const errors: unknown[] = [];
    const { calls, checkpointer } = recording([10], (call) => call === 1);
    const checkpoints = startWalCheckpoints(checkpointer, {
      intervalMs: 5,
      onError: (error) => errors.push(error),
    });
    await pause(100);
    await checkpoints.stop();
    expect(errors).toHaveLength(1);
    expect(String(errors[0])).toContain('disk I/O error');
    expect(calls.length).toBeGreaterThan(1);
  });

  it('stops at once, without waiting for the interval', async () => {
    const { checkpointer } = recording([10]);
    const checkpoints = startWalCheckpoints(checkpointer, { intervalMs: 60_000 });
    const started = performance.now();
    await checkpoints.stop();
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
