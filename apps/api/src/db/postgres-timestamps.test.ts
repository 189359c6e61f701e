import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isoFromPostgresTimestamp } from './postgres-timestamps.js';

const TIMESTAMPTZ_OID = 1184;
const parseDate = pg.types.getTypeParser(TIMESTAMPTZ_OID, 'text');
const throughDate = (text: string) => (parseDate(text) as Date).toISOString();

/** PostgreSQL's text of a UTC timestamp with `fraction` (its trailing zeros dropped, as it prints). */
function textOf(fraction: string): string {
  const trimmed = fraction.replace(/0+$/, '');
  return `2026-11-28 03:54:05${trimmed ? `.${trimmed}` : ''}+00`;
}

describe('isoFromPostgresTimestamp', () => {
  it('answers what the Date answered for every millisecond and for microseconds', () => {
    for (let ms = 0; ms < 1000; ms += 1) {
      const text = textOf(String(ms).padStart(3, '0'));
      expect(isoFromPostgresTimestamp(text, throughDate)).toBe(throughDate(text));
    }
    for (let us = 0; us < 1_000_000; us += 997) {
      const text = textOf(String(us).padStart(6, '0'));
      expect(isoFromPostgresTimestamp(text, throughDate)).toBe(throughDate(text));
    }
  });

  it('rewrites a UTC timestamp as text', () => {
    expect(isoFromPostgresTimestamp('2026-01-05 00:00:00+00', () => 'slow')).toBe('2026-01-05T00:00:00.000Z');
    expect(isoFromPostgresTimestamp('2026-01-05 23:59:59.5+00', () => 'slow')).toBe(
      '2026-01-05T23:59:59.500Z',
    );
  });

  it('leaves any other form to the Date', () => {
    for (const text of [
      '2026-01-05 01:00:00+01',
      '2026-01-05 01:00:00.25-03:30',
      '2026-01-05 01:00:00',
      '12026-01-05 01:00:00+00',
      '0044-03-15 12:00:00+00 BC',
      'infinity',
    ]) {
      expect(isoFromPostgresTimestamp(text, () => 'slow')).toBe('slow');
    }
    expect(isoFromPostgresTimestamp('2026-01-05 01:00:00+01', throughDate)).toBe('2026-01-05T00:00:00.000Z');
  });
});
