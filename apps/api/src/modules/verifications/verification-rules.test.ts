import { describe, expect, it } from 'vitest';
import { isUrgent } from './provider-verifications.reads.js';
import { nextUrgency } from './verification-rules.js';

const HOUR = 3600 * 1000;
const now = new Date('2026-12-01T12:00:00.000Z');
const submitted = (hoursBefore: number) => new Date(now.getTime() - hoursBefore * HOUR).toISOString();

describe('nextUrgency', () => {
  it('is when the first pending row not yet urgent turns urgent', () => {
    const rows = [
      { verification_status: 'pending', submitted_at: submitted(10) },
      { verification_status: 'pending', submitted_at: submitted(70) },
      { verification_status: 'pending', submitted_at: submitted(100) }, // urgent already: stays so
      { verification_status: 'verified', submitted_at: submitted(71.5) }, // never urgent
    ];
    expect(nextUrgency(rows, now, 72)).toBe(now.getTime() + 2 * HOUR);
  });

  it('is never when no row is pending and not yet urgent', () => {
    expect(nextUrgency([], now, 72)).toBe(Number.POSITIVE_INFINITY);
    expect(
      nextUrgency(
        [
          { verification_status: 'rejected', submitted_at: submitted(1) },
          { verification_status: 'pending', submitted_at: submitted(73) },
        ],
        now,
        72,
      ),
    ).toBe(Number.POSITIVE_INFINITY);
  });

  it('agrees with isUrgent: the same answer before that instant, another after it', () => {
    const row = { verification_status: 'pending', submitted_at: submitted(71) };
    const next = nextUrgency([row], now, 72);
    const urgentAt = (at: number) =>
      isUrgent(row.verification_status, row.submitted_at, { now: new Date(at), urgentHours: 72 });
    expect(urgentAt(now.getTime())).toBe(false);
    expect(urgentAt(next - 1)).toBe(false);
    expect(urgentAt(next + 1)).toBe(true);
  });
});
