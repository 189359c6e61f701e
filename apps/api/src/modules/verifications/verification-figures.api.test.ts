import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../test/factories.js';
import { recordingStatements } from '../../test/statement-recorder.js';
import { createTestContext, type TestContext } from '../../test/test-context.js';
import { clientVerificationStats } from './client-verifications.repository.js';
import { statusDistribution } from './provider-verifications.reads.js';
import { providerVerificationReport } from './provider-verifications.reports.js';
import { verificationDashboard } from './verification-dashboard.js';
import { insertClientVerification, insertProviderVerification } from './verifications.factories.js';

/*
 * "Urgent": pending since before the cutoff (now minus the urgent delay), from the kept pending counts
 * of the days before the cutoff's and of the hours of its day before its own, and within its hour an
 * indexed count of the shorter side of the cutoff. Cutoffs early and late in their day, each early in
 * its hour (the part before it is counted) and late (the part after it is taken from the hour's
 * count), with pending rows on each side of every boundary. "Processed today / this week": sums of
 * the kept days of decision.
 */
describe(`verification figures around the cutoff (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let ctx: TestContext;
  const urgentHours = 48;
  /** Cutoffs on 2026-10-30 at 06:00, 06:10 and 06:50 (early in the day), 20:00, 20:10 and 20:45 (late). */
  const nows = [
    '2026-11-01T06:00:00.000Z',
    '2026-11-01T06:10:00.000Z',
    '2026-11-01T06:50:00.000Z',
    '2026-11-01T20:00:00.000Z',
    '2026-11-01T20:10:00.000Z',
    '2026-11-01T20:45:00.000Z',
  ].map((now) => new Date(now));

  const submissions = [
    '2026-09-15T10:00:00.000Z',
    '2026-10-20T10:00:00.000Z',
    '2026-10-29T23:59:59.000Z',
    '2026-10-30T00:00:00.000Z',
    '2026-10-30T05:59:59.000Z',
    '2026-10-30T06:00:00.000Z',
    '2026-10-30T06:09:59.999Z',
    '2026-10-30T06:10:00.000Z',
    '2026-10-30T06:49:59.000Z',
    '2026-10-30T06:50:00.000Z',
    '2026-10-30T06:59:59.999Z',
    '2026-10-30T07:00:00.000Z',
    '2026-10-30T12:00:00.000Z',
    '2026-10-30T19:59:59.000Z',
    '2026-10-30T20:00:00.000Z',
    '2026-10-30T20:09:59.000Z',
    '2026-10-30T20:10:00.000Z',
    '2026-10-30T20:44:59.999Z',
    '2026-10-30T20:45:00.000Z',
    '2026-10-30T20:59:59.000Z',
    '2026-10-30T21:00:00.000Z',
    '2026-10-30T23:59:59.000Z',
    '2026-10-31T00:00:00.000Z',
    '2026-11-01T01:00:00.000Z',
  ];
  /** Pending business verifications (providers only). */
  const business = [
    '2026-10-30T03:00:00.000Z',
    '2026-10-30T06:05:00.000Z',
    '2026-10-30T20:30:00.000Z',
    '2026-10-30T20:50:00.000Z',
    '2026-10-30T21:00:00.000Z',
  ];

  beforeAll(async () => {
    ctx = await createTestContext();
    for (const submitted_at of submissions) {
      await insertProviderVerification(ctx.db, { submitted_at });
      await insertClientVerification(ctx.db, { submitted_at });
    }
    for (const submitted_at of business) {
      await insertProviderVerification(ctx.db, { submitted_at, is_business: true });
    }
    // Processed (on 2026-10-26, a Monday, and on 2026-10-25), or of a deleted user: never urgent.
    for (const verified_at of [
      '2026-10-25T23:00:00.000Z',
      '2026-10-26T00:00:00.000Z',
      '2026-11-01T00:30:00.000Z',
    ]) {
      await insertProviderVerification(ctx.db, {
        submitted_at: '2026-10-10T10:00:00.000Z',
        verification_status: 'verified',
        verified_at,
      });
    }
    const deleted = await insertUser(ctx.db, { role: 'provider', deleted_at: '2026-10-25T00:00:00.000Z' });
    await insertProviderVerification(ctx.db, {
      user_id: deleted,
      submitted_at: '2026-10-21T10:00:00.000Z',
    });
    await insertProviderVerification(ctx.db, {
      user_id: deleted,
      submitted_at: '2026-10-10T10:00:00.000Z',
      verification_status: 'rejected',
      verified_at: '2026-10-31T10:00:00.000Z',
    });
    const deletedClient = await insertUser(ctx.db, {
      role: 'client',
      deleted_at: '2026-10-25T00:00:00.000Z',
    });
    await insertClientVerification(ctx.db, {
      user_id: deletedClient,
      submitted_at: '2026-10-21T10:00:00.000Z',
    });
  });
  afterAll(() => ctx.close());

  const cutoffOf = (now: Date) => new Date(now.getTime() - urgentHours * 3600 * 1000).toISOString();
  const before = (dates: string[], cutoff: string) => dates.filter((date) => date < cutoff).length;

  it('counts the provider verifications pending since before the cutoff, by account type', async () => {
    for (const now of nows) {
      const cutoff = cutoffOf(now);
      const { db: recording, statements } = recordingStatements(ctx.db);
      const { distribution, urgent } = await statusDistribution(recording, {}, now, urgentHours);
      // Its kept lists in one statement, beside the count within the cutoff's hour.
      expect(statements).toHaveLength(2);
      expect(distribution.pending).toBe(submissions.length + business.length);
      expect(urgent, cutoff).toBe(before(submissions, cutoff) + before(business, cutoff));
      const businessOnly = await statusDistribution(ctx.db, { is_business: true }, now, urgentHours);
      expect(businessOnly.urgent, cutoff).toBe(before(business, cutoff));
      const individuals = await statusDistribution(ctx.db, { is_business: false }, now, urgentHours);
      expect(individuals.urgent, cutoff).toBe(before(submissions, cutoff));
      // Only pending verifications are urgent: another status filter has none.
      const verified = await statusDistribution(ctx.db, { status: 'verified' }, now, urgentHours);
      expect(verified.urgent).toBe(0);
      expect(verified.distribution.verified).toBe(3);
    }
  });

  it("takes the hours of the cutoff's day before its own from the kept counts, not from the rows", async () => {
    // A kept hour made wrong on purpose shows in the urgent count: it was read, not counted.
    const shift = async (list: string, bucket: string, by: number) => {
      // Never written by the application: a raw statement.
      const { numAffectedRows } =
        await sql`update list_counters set n = n + ${by} where list = ${list} and bucket = ${bucket}`.execute(
          ctx.db,
        );
      expect(numAffectedRows, `${list} ${bucket}`).toBe(1n);
    };
    for (const [now, providerHour, clientHour] of [
      ['2026-11-01T06:10:00.000Z', '2026-10-30T03|1', '2026-10-30T05'],
      ['2026-11-01T20:45:00.000Z', '2026-10-30T12|0', '2026-10-30T19'],
    ] as const) {
      const at = new Date(now);
      const cutoff = cutoffOf(at);
      await shift('pv_pending_hour', providerHour, 100);
      await shift('cv_pending_hour', clientHour, 100);
      try {
        const { urgent } = await statusDistribution(ctx.db, {}, at, urgentHours);
        expect(urgent, cutoff).toBe(before(submissions, cutoff) + before(business, cutoff) + 100);
        const clients = await clientVerificationStats(ctx.db, at, urgentHours);
        expect(clients.urgent, cutoff).toBe(before(submissions, cutoff) + 100);
      } finally {
        await shift('pv_pending_hour', providerHour, -100);
        await shift('cv_pending_hour', clientHour, -100);
      }
    }
  });

  it('counts the client verifications pending since before the cutoff', async () => {
    for (const now of nows) {
      // Its kept lists in one statement, beside the count within the cutoff's hour.
      const { db: recording, statements } = recordingStatements(ctx.db);
      const stats = await clientVerificationStats(recording, now, urgentHours);
      expect(statements).toHaveLength(2);
      expect(stats.pending).toBe(submissions.length);
      expect(stats.urgent, cutoffOf(now)).toBe(before(submissions, cutoffOf(now)));
    }
  });

  it('counts the provider verifications processed today and this week (from Monday)', async () => {
    const figures = await verificationDashboard(ctx.db, {
      now: new Date('2026-11-01T20:00:00.000Z'),
      urgentHours,
      signer: null,
    });
    // 2026-11-01 is a Sunday: the week began on Monday 2026-10-26 at midnight.
    expect(figures.providers.processed_today).toBe(1);
    expect(figures.providers.processed_this_week).toBe(2);
    expect(figures.clients.urgent).toBe(before(submissions, cutoffOf(new Date('2026-11-01T20:00:00.000Z'))));
  });

  it("reads the dashboard's figures in four statements, the kept counters together, as each read alone", async () => {
    for (const now of nows) {
      const { db: recording, statements } = recordingStatements(ctx.db);
      const figures = await verificationDashboard(recording, { now, urgentHours, signer: null });
      // The counters (seven reads), the pending within the cutoff's hour of each table by index, the
      // latest five.
      expect(statements).toHaveLength(4);
      const cutoff = cutoffOf(now);
      expect(figures.providers.urgent, cutoff).toBe(before(submissions, cutoff) + before(business, cutoff));
      expect(figures.clients.urgent, cutoff).toBe(before(submissions, cutoff));
      const providers = await statusDistribution(ctx.db, {}, now, urgentHours);
      const clients = await clientVerificationStats(ctx.db, now, urgentHours);
      expect(figures.providers).toMatchObject({
        pending: providers.distribution.pending,
        urgent: providers.urgent,
      });
      expect(figures.clients).toEqual({ pending: clients.pending, urgent: clients.urgent });
      expect(figures.latest_pending.map((row) => row.submitted_at)).toEqual(
        [...submissions, ...business].sort().reverse().slice(0, 5),
      );
    }
  });

  it('reports the same months from the kept counters as from the rows', async () => {
    const now = new Date('2026-11-01T20:00:00.000Z');
    for (const filters of [{}, { is_business: false }, { status: 'pending' as const }]) {
      const kept = await providerVerificationReport(ctx.db, ctx.dialect, filters, now, urgentHours);
      // A submission window of ten years holds every row: the report is computed from the rows.
      const rows = await providerVerificationReport(
        ctx.db,
        ctx.dialect,
        { ...filters, days: 3650 },
        now,
        urgentHours,
      );
      // From the kept counters: all of them in one statement, beside the cutoff day's count.
      const { db: recording, statements } = recordingStatements(ctx.db);
      expect(await providerVerificationReport(recording, ctx.dialect, filters, now, urgentHours)).toEqual(
        kept,
      );
      expect(statements, JSON.stringify(filters)).toHaveLength(2);
      expect(kept.by_month.length).toBeGreaterThan(1);
      expect(kept.by_month).toEqual(rows.by_month);
      expect(kept.by_account_type).toEqual(rows.by_account_type);
      expect(kept.status_distribution).toEqual(rows.status_distribution);
    }
  });
});
