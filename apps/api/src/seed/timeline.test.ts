import { describe, expect, it } from 'vitest';
import { Random } from './random.js';
import { isoString, RegistrationTimeline, startOfUtcHour, startOfUtcMonth } from './timeline.js';

describe('timeline helpers', () => {
  it('rounds down to the start of the UTC hour', () => {
    expect(startOfUtcHour(new Date('2026-11-21T10:42:13.500Z')).toISOString()).toBe(
      '2026-11-21T10:00:00.000Z',
    );
  });

  it('moves across years by calendar month', () => {
    expect(new Date(startOfUtcMonth(Date.parse('2026-01-15T00:00:00Z'), -1)).toISOString()).toBe(
      '2025-12-01T00:00:00.000Z',
    );
  });
});

describe('isoString', () => {
  it("formats like Date's toISOString", () => {
    const random = new Random(7);
    const from = Date.parse('1970-01-01T00:00:00.000Z');
    const to = Date.parse('2030-12-31T23:59:59.999Z');
    const samples = [0, 999, 1_000, 59_999, 86_399_999, 86_400_000, 1_700_000_000_123.7, to];
    for (let index = 0; index < 20_000; index += 1) samples.push(random.int(from, to));
    for (const ms of samples) expect(isoString(ms)).toBe(new Date(ms).toISOString());
    expect(isoString(-1)).toBe('1969-12-31T23:59:59.999Z');
    expect(() => isoString(Number.NaN)).toThrow(RangeError);
  });
});

describe('RegistrationTimeline', () => {
  const now = Date.parse('2026-11-21T10:00:00.000Z');

  it('covers the 12 last months with growth, dates in order and never in the future', () => {
    const total = 200;
    const timeline = new RegistrationTimeline(now, total);
    const random = new Random(1);
    const dates = Array.from({ length: total }, (_, index) => timeline.dateAt(index, random));
    for (let index = 1; index < total; index += 1) {
      expect(dates[index]).toBeGreaterThanOrEqual(dates[index - 1] ?? 0);
    }
    expect(Math.max(...dates)).toBeLessThanOrEqual(now);
    const perMonth = new Map<string, number>();
    for (const date of dates) {
      const month = new Date(date).toISOString().slice(0, 7);
      perMonth.set(month, (perMonth.get(month) ?? 0) + 1);
    }
    for (let offset = 0; offset < 12; offset += 1) {
      const month = new Date(startOfUtcMonth(now, -offset)).toISOString().slice(0, 7);
      expect(perMonth.get(month) ?? 0, month).toBeGreaterThan(0);
    }
    expect(perMonth.get('2026-10') ?? 0).toBeGreaterThan(perMonth.get('2025-12') ?? 0);
    expect(dates.some((date) => date < startOfUtcMonth(now, -11))).toBe(true);
  });

  it('still works on the first hour of a month', () => {
    const monthStart = Date.parse('2026-12-01T00:00:00.000Z');
    const timeline = new RegistrationTimeline(monthStart, 100);
    const random = new Random(2);
    for (let index = 0; index < 100; index += 1)
      expect(timeline.dateAt(index, random)).toBeLessThanOrEqual(monthStart);
  });
});
