import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-context.js';
import { clientVerificationStats } from './client-verifications.repository.js';
import { statusDistribution } from './provider-verifications.reads.js';
import { insertClientVerification, insertProviderVerification } from './verifications.factories.js';

/*
 * "Urgent": pending since before the cutoff (now minus the urgent delay), from the kept counters of
 * the months up to the cutoff's, less the pending submitted since the cutoff in that month. Here the
 * cutoff falls in the month before `now`'s, with pending rows on each side of every boundary.
 */
describe(`urgent verifications around the cutoff (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let ctx: TestContext;
  const now = new Date('2026-11-01T06:00:00.000Z');
  const urgentHours = 48; // cutoff: 2026-10-30T06:00:00.000Z

  const submissions = [
    { submitted_at: '2026-09-15T10:00:00.000Z', urgent: true },
    { submitted_at: '2026-10-20T10:00:00.000Z', urgent: true },
    { submitted_at: '2026-10-30T05:59:59.000Z', urgent: true },
    { submitted_at: '2026-10-30T06:00:00.000Z', urgent: false },
    { submitted_at: '2026-10-31T23:00:00.000Z', urgent: false },
    { submitted_at: '2026-11-01T01:00:00.000Z', urgent: false },
  ];

  beforeAll(async () => {
    ctx = await createTestContext();
    for (const { submitted_at } of submissions) {
      await insertProviderVerification(ctx.db, { submitted_at });
      await insertClientVerification(ctx.db, { submitted_at });
    }
    // Processed, or of a deleted user: never urgent.
    await insertProviderVerification(ctx.db, {
      submitted_at: '2026-10-10T10:00:00.000Z',
      verification_status: 'verified',
      verified_at: '2026-10-11T10:00:00.000Z',
    });
    const deleted = await insertUser(ctx.db, { role: 'client', deleted_at: '2026-10-25T00:00:00.000Z' });
    await insertClientVerification(ctx.db, { user_id: deleted, submitted_at: '2026-10-21T10:00:00.000Z' });
  });
  afterAll(() => ctx.close());

  const expected = submissions.filter((submission) => submission.urgent).length;

  it('counts the provider verifications pending since before the cutoff', async () => {
    const { distribution, urgent } = await statusDistribution(ctx.db, {}, now, urgentHours);
    expect(distribution.pending).toBe(submissions.length);
    expect(urgent).toBe(expected);
    const business = await statusDistribution(ctx.db, { is_business: true }, now, urgentHours);
    expect(business.urgent).toBe(0);
  });

  it('counts the client verifications pending since before the cutoff', async () => {
    const stats = await clientVerificationStats(ctx.db, now, urgentHours);
    expect(stats.pending).toBe(submissions.length);
    expect(stats.urgent).toBe(expected);
  });
});
