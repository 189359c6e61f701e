import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAsAudited } from '../lib/audit-context.js';
import { insertProviderProfile } from '../modules/providers/providers.factories.js';
import { deleteUser as deleteUserAccount } from '../modules/users/users.repository.js';
import {
  insertClientVerification,
  insertProviderVerification,
} from '../modules/verifications/verifications.factories.js';
import { insertUser } from '../test/factories.js';
import { someoneWaitsForALock } from '../test/lock-waits.js';
import { createTestContext, type TestContext } from '../test/test-context.js';

/*
 * PostgreSQL, concurrent writers (migration 0030): a verification inserted while its user is being
 * deleted ends marked with the deletion (out of the lists), whichever transaction commits first. The
 * insert trigger reads the user FOR SHARE: the insert waits for a pending deletion, or the deletion
 * waits for the insert and then marks its row. A deletion beside a decision on one of its
 * verifications waits for it, without a deadlock. (SQLite has one writer at a time.)
 */

describe('a user’s rows while the user is deleted (postgres)', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
  });

  afterAll(() => ctx.close());

  function deleteUser(db: typeof ctx.db, userId: number) {
    return db
      .updateTable('users')
      .set({ deleted_at: '2026-11-27T08:00:00.000Z', is_active: false })
      .where('id', '=', userId)
      .execute();
  }

  async function deletionOf(
    table: 'client_verifications' | 'provider_profiles',
    id: number,
  ): Promise<unknown> {
    const row = await ctx.db
      .selectFrom(table)
      .select('user_deleted_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return row.user_deleted_at;
  }

  it('an insert during a pending deletion of its user waits for it and takes the deletion', async () => {
    const client = await insertUser(ctx.db, { role: 'client' });
    let inserted = false;
    let insert: Promise<number> = Promise.resolve(0);
    await ctx.db.transaction().execute(async (trx) => {
      await deleteUser(trx, client);
      insert = insertClientVerification(ctx.db, { user_id: client });
      void insert.then(() => {
        inserted = true;
      });
      expect(await someoneWaitsForALock(ctx.db)).toBe(true);
      expect(inserted).toBe(false);
    });
    expect(await deletionOf('client_verifications', await insert)).not.toBeNull();
  });

  // A provider profile: no other trigger of its insert locks the user.
  it('a deletion during a pending insert waits for it and marks the new row', async () => {
    const provider = await insertUser(ctx.db, { role: 'provider' });
    let deleted = false;
    let deletion: Promise<void> = Promise.resolve();
    const profile = await ctx.db.transaction().execute(async (trx) => {
      const id = await insertProviderProfile(trx, provider);
      deletion = deleteUser(ctx.db, provider).then(() => {
        deleted = true;
      });
      expect(await someoneWaitsForALock(ctx.db)).toBe(true);
      expect(deleted).toBe(false);
      return id;
    });
    await deletion;
    expect(await deletionOf('provider_profiles', profile)).not.toBeNull();
  });

  /*
   * A decision locks its verification, then writes its user (the trigger keeping the user's
   * verification status); the deletion's triggers write the user's verifications. The deletion locks
   * them before the user (db/locks.ts): it waits for the decision instead of deadlocking. Without that
   * order, the decision (its session detects deadlocks first here) would be aborted.
   */
  it('a deletion beside a pending decision on its verification waits for it, without a deadlock', async () => {
    const provider = await insertUser(ctx.db, { role: 'provider' });
    const verification = await insertProviderVerification(ctx.db, { user_id: provider });
    let deleted = false;
    let deletion: Promise<void> = Promise.resolve();
    await ctx.db.transaction().execute(async (trx) => {
      await sql`set local deadlock_timeout = '50ms'`.execute(trx);
      await trx
        .selectFrom('provider_verifications')
        .select('id')
        .where('id', '=', verification)
        .forUpdate()
        .execute();
      deletion = runAsAudited('user.delete', () => deleteUserAccount(ctx.db, provider, ctx.adminId)).then(
        () => {
          deleted = true;
        },
      );
      expect(await someoneWaitsForALock(ctx.db)).toBe(true);
      await trx
        .updateTable('provider_verifications')
        .set({ verification_status: 'verified', verified_at: new Date().toISOString() })
        .where('id', '=', verification)
        .execute();
      expect(deleted).toBe(false);
    });
    await deletion;
    const row = await ctx.db
      .selectFrom('provider_verifications')
      .select(['verification_status', 'user_deleted_at'])
      .where('id', '=', verification)
      .executeTakeFirstOrThrow();
    expect(row.verification_status).toBe('verified');
    expect(row.user_deleted_at).not.toBeNull();
  });
});
