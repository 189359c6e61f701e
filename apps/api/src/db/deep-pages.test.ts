import { describe, expect, it } from 'vitest';
import {
  DEEP_PAGE_OFFSET,
  deepPageStart,
  endOfPeriod,
  type PageStart,
  type PeriodCount,
  startOfPeriod,
} from './deep-pages.js';

describe('endOfPeriod', () => {
  it('gives the first instant after a month or a day, across a month and a year', () => {
    expect(endOfPeriod('2026-02')).toBe('2026-03-01T00:00:00.000Z');
    expect(endOfPeriod('2025-12')).toBe('2026-01-01T00:00:00.000Z');
    expect(endOfPeriod('2026-02-14')).toBe('2026-02-15T00:00:00.000Z');
    expect(endOfPeriod('2024-02-29')).toBe('2024-03-01T00:00:00.000Z');
    expect(endOfPeriod('2025-12-31')).toBe('2026-01-01T00:00:00.000Z');
  });

  it('gives the first instant after an hour, across a day and a year', () => {
    expect(endOfPeriod('2026-02-14T09')).toBe('2026-02-14T10:00:00.000Z');
    expect(endOfPeriod('2025-12-31T23')).toBe('2026-01-01T00:00:00.000Z');
    expect(startOfPeriod('2025-12-31T23')).toBe('2025-12-31T23:00:00.000Z');
  });

  it('refuses what is not a period', () => {
    expect(() => endOfPeriod('novembre')).toThrow(/période invalide/);
    expect(() => endOfPeriod('2026-02-14T9')).toThrow(/période invalide/);
    expect(() => endOfPeriod('2026-02-14 09')).toThrow(/période invalide/);
  });
});

describe('startOfPeriod', () => {
  it('gives the first instant of a month or a day', () => {
    expect(startOfPeriod('2026-02')).toBe('2026-02-01T00:00:00.000Z');
    expect(startOfPeriod('2024-02-29')).toBe('2024-02-29T00:00:00.000Z');
    expect(startOfPeriod('2026-01-01')).toBe('2026-01-01T00:00:00.000Z');
  });

  it('refuses what is not a period', () => {
    expect(() => startOfPeriod('2026-xx')).toThrow(/période invalide/);
  });
});

describe('deepPageStart', () => {
  const D = DEEP_PAGE_OFFSET;
  const months: PeriodCount[] = [
    ['2026-11', D + 10],
    ['2026-09', 20],
    ['2026-08', 5],
  ];
  const daysOf: Record<string, PeriodCount[]> = {
    '2026-11': [
      ['2026-11-27', D + 5],
      ['2026-11-03', 5],
    ],
    '2026-09': [
      ['2026-09-30', 12],
      ['2026-09-01', 8],
    ],
    '2026-08': [['2026-08-15', 5]],
  };
  /** A deep page's start among `months`, which hold D + 35 rows in all (`listed`). */
  const deep = (offset: number, before?: string): PageStart => ({
    offset,
    ...(before ? { before } : {}),
    listed: D + 35,
  });
  const reads: string[] = [];
  const sources = {
    months: async () => {
      reads.push('months');
      return months;
    },
    days: async (month: string) => {
      reads.push(month);
      return daysOf[month] ?? [];
    },
  };

  it('reads no counters for a shallow page', async () => {
    reads.length = 0;
    expect(await deepPageStart(D - 1, sources)).toEqual({ offset: D - 1 });
    expect(reads).toEqual([]);
  });

  it('keeps the plain offset inside the newest day', async () => {
    expect(await deepPageStart(D + 4, sources)).toEqual(deep(D + 4));
  });

  it('starts at the end of the day holding the row, after the newer days and months', async () => {
    reads.length = 0;
    // Row D + 5 is the first of November 3rd.
    expect(await deepPageStart(D + 5, sources)).toEqual(deep(0, '2026-11-04T00:00:00.000Z'));
    expect(reads).toEqual(['months', '2026-11']);
    expect(await deepPageStart(D + 9, sources)).toEqual(deep(4, '2026-11-04T00:00:00.000Z'));
    // Rows D + 10 to D + 29 are September's: its 30th first.
    expect(await deepPageStart(D + 10, sources)).toEqual(deep(0, '2026-10-01T00:00:00.000Z'));
    expect(await deepPageStart(D + 23, sources)).toEqual(deep(1, '2026-09-02T00:00:00.000Z'));
    expect(await deepPageStart(D + 34, sources)).toEqual(deep(4, '2026-08-16T00:00:00.000Z'));
  });

  it('with hours, starts at the end of the hour holding the row, after the newer hours, days and months', async () => {
    const hoursOf: Record<string, PeriodCount[]> = {
      '2026-11-27': [
        ['2026-11-27T23', D - 2],
        ['2026-11-27T08', 7],
      ],
      '2026-11-03': [
        ['2026-11-03T17', 2],
        ['2026-11-03T00', 3],
      ],
    };
    const hourly = { ...sources, hours: async (day: string) => hoursOf[day] ?? [] };
    // Inside the list's first hour: the plain offset.
    expect(await deepPageStart(D - 3, hourly)).toEqual({ offset: D - 3 });
    // Rows D - 2 to D + 4 are the 27th's eight o'clock hour.
    expect(await deepPageStart(D, hourly)).toEqual(deep(2, '2026-11-27T09:00:00.000Z'));
    // Rows D + 5 and D + 6 are November 3rd's 17 hour, then its midnight hour.
    expect(await deepPageStart(D + 6, hourly)).toEqual(deep(1, '2026-11-03T18:00:00.000Z'));
    expect(await deepPageStart(D + 8, hourly)).toEqual(deep(1, '2026-11-03T01:00:00.000Z'));
    // A day without hours: the day's end.
    expect(await deepPageStart(D + 23, hourly)).toEqual(deep(1, '2026-09-02T00:00:00.000Z'));
  });

  it('without days, starts at the end of the month holding the row', async () => {
    const monthsOnly = { months: sources.months };
    expect(await deepPageStart(D + 9, monthsOnly)).toEqual(deep(D + 9));
    expect(await deepPageStart(D + 23, monthsOnly)).toEqual(deep(13, '2026-10-01T00:00:00.000Z'));
  });

  it("falls back to the month's end when its days no longer hold the row", async () => {
    const shrunk = { months: sources.months, days: async () => [['2026-09-30', 3] as const] };
    expect(await deepPageStart(D + 23, shrunk)).toEqual(deep(13, '2026-10-01T00:00:00.000Z'));
  });

  it('past the last row, starts before the oldest month (an empty page, no walk)', async () => {
    expect(await deepPageStart(D + 35, sources)).toEqual(deep(0, '2026-08-01T00:00:00.000Z'));
    expect(await deepPageStart(D + 40, sources)).toEqual(deep(5, '2026-08-01T00:00:00.000Z'));
    // No row at all: the plain offset.
    expect(await deepPageStart(D, { months: async () => [] })).toEqual({ offset: D, listed: 0 });
  });

  it('oldest first, starts at the first instant of the day holding the row, after the older days and months', async () => {
    const queue: Record<string, PeriodCount[]> = {
      '2026-11': [['2026-11-27', 5]],
      '2026-09': [
        ['2026-09-30', 12],
        ['2026-09-01', 8],
      ],
      '2026-08': [
        ['2026-08-31', 10],
        ['2026-08-02', D + 2],
      ],
    };
    const oldest = {
      months: async (): Promise<PeriodCount[]> => [
        ['2026-11', 5],
        ['2026-09', 20],
        ['2026-08', D + 12],
      ],
      days: async (month: string) => queue[month] ?? [],
    };
    const starts: Array<[offset: number, start: PageStart]> = [
      // Rows 0 to D + 1 are August 2nd's, the list's first day: the plain offset.
      [D + 1, { offset: D + 1 }],
      [D + 2, { offset: 0, from: '2026-08-31T00:00:00.000Z' }],
      // September: its 1st holds rows D + 12 to D + 19, its 30th D + 20 to D + 31; then November 27th.
      [D + 12, { offset: 0, from: '2026-09-01T00:00:00.000Z' }],
      [D + 21, { offset: 1, from: '2026-09-30T00:00:00.000Z' }],
      [D + 33, { offset: 1, from: '2026-11-27T00:00:00.000Z' }],
      // Past the last row: from the end of the newest month.
      [D + 37, { offset: 0, from: '2026-12-01T00:00:00.000Z' }],
    ];
    for (const [offset, start] of starts) {
      // Every deep page tells the list's total (5 + 20 + D + 12 rows) by the months.
      expect(await deepPageStart(offset, oldest, 'oldest'), String(offset)).toEqual({
        ...start,
        listed: D + 37,
      });
    }
    // Without days: the month's first instant.
    expect(await deepPageStart(D + 21, { months: oldest.months }, 'oldest')).toEqual({
      offset: 9,
      from: '2026-09-01T00:00:00.000Z',
      listed: D + 37,
    });
  });
});
