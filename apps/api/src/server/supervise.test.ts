import { describe, expect, it } from 'vitest';
import { WORKER_OLD_SPACE_MB, WORKER_SEMI_SPACE_MB, workerEnvironment, workerExecArgv } from './supervise.js';

describe('workerEnvironment', () => {
  it('limits glibc to two malloc arenas unless the operator chose a number', () => {
    expect(workerEnvironment({})).toEqual({ MALLOC_ARENA_MAX: '2' });
    expect(workerEnvironment({ MALLOC_ARENA_MAX: '4' })).toEqual({ MALLOC_ARENA_MAX: '4' });
  });
});

describe('workerExecArgv', () => {
  it("keeps the primary's options and adds a small young generation and an old-space limit", () => {
    expect(workerExecArgv(['--enable-source-maps'], undefined)).toEqual([
      '--enable-source-maps',
      `--max-semi-space-size=${WORKER_SEMI_SPACE_MB}`,
      `--max-old-space-size=${WORKER_OLD_SPACE_MB}`,
    ]);
  });

  it("leaves the old-space limit to the operator's own, on the command line or in NODE_OPTIONS", () => {
    expect(workerExecArgv(['--max-old-space-size=512'], undefined)).toEqual([
      '--max-old-space-size=512',
      `--max-semi-space-size=${WORKER_SEMI_SPACE_MB}`,
    ]);
    expect(workerExecArgv([], '--require ./trace.cjs --max_old_space_size=1024')).toEqual([
      `--max-semi-space-size=${WORKER_SEMI_SPACE_MB}`,
    ]);
    expect(workerExecArgv([], '--max-old-space-size-percentage=50')).toContain(
      `--max-old-space-size=${WORKER_OLD_SPACE_MB}`,
    );
  });
});
