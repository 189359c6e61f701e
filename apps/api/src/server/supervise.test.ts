import { describe, expect, it } from 'vitest';
import { workerEnvironment } from './supervise.js';

describe('workerEnvironment', () => {
  it('limits glibc to two malloc arenas unless the operator chose a number', () => {
    expect(workerEnvironment({})).toEqual({ MALLOC_ARENA_MAX: '2' });
    expect(workerEnvironment({ MALLOC_ARENA_MAX: '4' })).toEqual({ MALLOC_ARENA_MAX: '4' });
  });
});
