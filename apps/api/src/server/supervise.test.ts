import { describe, expect, it } from 'vitest';
import {
  SINGLE_WORKER_OLD_SPACE_MB,
  WORKER_OLD_SPACE_MB,
  WORKER_SEMI_SPACE_MB,
  workerEnvironment,
  workerExecArgv,
} from './supervise.js';

describe('workerEnvironment', () => {
  it('limits glibc to two malloc arenas unless the operator chose a number', () => {
    expect(workerEnvironment({})).toEqual({ MALLOC_ARENA_MAX: '2' });
    expect(workerEnvironment({ MALLOC_ARENA_MAX: '4' })).toEqual({ MALLOC_ARENA_MAX: '4' });
  });
});

describe('workerExecArgv', () => {
  it("keeps the primary's options and adds a small young generation and an old-space limit", () => {
    expect(workerExecArgv(['--enable-source-maps'], undefined, 2)).toEqual([
      '--enable-source-maps',
      `--max-semi-space-size=${WORKER_SEMI_SPACE_MB}`,
      `--max-old-space-size=${WORKER_OLD_SPACE_MB}`,
    ]);
  });

  it('gives a single API process the old space two would have had between them', () => {
    expect(SINGLE_WORKER_OLD_SPACE_MB).toBe(2 * WORKER_OLD_SPACE_MB);
    expect(workerExecArgv([], undefined, 1)).toEqual([
      `--max-semi-space-size=${WORKER_SEMI_SPACE_MB}`,
      `--max-old-space-size=${SINGLE_WORKER_OLD_SPACE_MB}`,
    ]);
    for (const workers of [2, 3, 8]) {
      expect(workerExecArgv([], undefined, workers)).toContain(`--max-old-space-size=${WORKER_OLD_SPACE_MB}`);
    }
    expect(workerExecArgv([], '--max-old-space-size=300', 1)).not.toContain(
      `--max-old-space-size=${SINGLE_WORKER_OLD_SPACE_MB}`,
    );
  });

  it("leaves the old-space limit to the operator's own, on the command line or in NODE_OPTIONS", () => {
    expect(workerExecArgv(['--max-old-space-size=512'], undefined, 2)).toEqual([
      '--max-old-space-size=512',
      `--max-semi-space-size=${WORKER_SEMI_SPACE_MB}`,
    ]);
    expect(workerExecArgv([], '--require ./trace.cjs --max_old_space_size=1024', 1)).toEqual([
      `--max-semi-space-size=${WORKER_SEMI_SPACE_MB}`,
    ]);
    expect(workerExecArgv([], '--max-old-space-size-percentage=50', 2)).toContain(
      `--max-old-space-size=${WORKER_OLD_SPACE_MB}`,
    );
  });
});
