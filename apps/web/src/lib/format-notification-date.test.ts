import { describe, expect, it } from 'vitest';
import { formatNotificationDate } from './format';

describe('formatNotificationDate (the notifications list)', () => {
  const now = new Date(2026, 4, 20, 12, 0, 0);
  const before = (milliseconds: number) => new Date(now.getTime() - milliseconds);
  const MINUTE = 60_000;
  const HOUR = 60 * MINUTE;

  it("says 'Il y a quelques minutes' under an hour", () => {
    expect(formatNotificationDate(before(0), now)).toBe('Il y a quelques minutes');
    expect(formatNotificationDate(before(HOUR - 1), now)).toBe('Il y a quelques minutes');
  });

  it('counts whole hours under a day, singular for one', () => {
    expect(formatNotificationDate(before(HOUR), now)).toBe('Il y a 1 heure');
    expect(formatNotificationDate(before(2 * HOUR + 59 * MINUTE), now)).toBe('Il y a 2 heures');
    expect(formatNotificationDate(before(24 * HOUR - 1), now)).toBe('Il y a 23 heures');
  });

  it('gives the date as dd/mm/yyyy from a day on', () => {
    expect(formatNotificationDate(before(24 * HOUR), now)).toBe('19/05/2026');
    expect(formatNotificationDate(new Date(2025, 11, 3, 9, 30), now)).toBe('03/12/2025');
  });

  it('shows a dash for a missing or invalid date', () => {
    expect(formatNotificationDate(null, now)).toBe('—');
    expect(formatNotificationDate('not a date', now)).toBe('—');
  });
});
