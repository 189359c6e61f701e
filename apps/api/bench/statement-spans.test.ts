import { describe, expect, it } from 'vitest';
import { busyTime } from './statement-spans.js';

describe('busyTime', () => {
  it('adds the durations of statements run one after the other', () => {
    expect(
      busyTime([
        { start: 0, end: 0.5 },
        { start: 0.6, end: 1.0 },
        { start: 2, end: 2.25 },
      ]),
    ).toBeCloseTo(1.15);
  });

  it('counts the time statements run side by side once, whatever their order', () => {
    // Three statements sent at once, ending one after the other; then one alone.
    expect(
      busyTime([
        { start: 0.1, end: 1.3 },
        { start: 0, end: 1.2 },
        { start: 0.05, end: 0.9 },
        { start: 2, end: 2.4 },
      ]),
    ).toBeCloseTo(1.7);
    // One statement inside another's run.
    expect(
      busyTime([
        { start: 0, end: 3 },
        { start: 1, end: 2 },
      ]),
    ).toBe(3);
  });

  it('is nothing without statements, and a statement that ends where another starts adds its own', () => {
    expect(busyTime([])).toBe(0);
    expect(
      busyTime([
        { start: 0, end: 1 },
        { start: 1, end: 2 },
      ]),
    ).toBe(2);
  });
});
