import { statSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAsAudited } from '../lib/audit-context.js';
import {
  insertDispute,
  insertEvidence as insertEvidenceRow,
} from '../modules/disputes/disputes.factories.js';
import { insertProvider } from '../modules/providers/providers.factories.js';
import { deleteUser } from '../modules/users/users.repository.js';
import {
  insertClientVerification,
  insertProviderVerification,
  TINY_PNG,
} from '../modules/verifications/verifications.factories.js';
import { insertUser } from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/test-context.js';
import { processDocumentRemovals } from './document-removals.js';

/** A deleted user's documents leave the disk in the deletion's flow (issue 16). */
describe('documents of deleted users', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  async function saveAll(keys: string[]): Promise<void> {
    for (const key of keys) await ctx.app.storage.save(key, TINY_PNG);
  }
  const onDisk = (keys: string[]) => Promise.all(keys.map((key) => ctx.app.storage.exists(key)));

  /** Evidence `file` by `userId`, the provider of a dispute opened by another client. */
  async function insertEvidence(userId: number, file: string): Promise<void> {
    const other = await insertUser(ctx.db, { role: 'client' });
    const disputeId = await insertDispute(ctx.db, { client_id: other, provider_id: userId });
    await insertEvidenceRow(ctx.db, { dispute_id: disputeId, user_id: userId, file });
  }

  it('removes the identity documents and evidence of a user deleted through the API, keeping shared files', async () => {
    const provider = (await insertProvider(ctx.db)).userId;
    const own = ['verifications/provider/900/id-card-front.png', 'verifications/provider/900/selfie.png'];
    const evidence = 'disputes/77/evidence-1.png';
    const shared = 'seed-pool/passport-3.png';
    await saveAll([...own, evidence, shared]);
    const verificationId = await insertProviderVerification(ctx.db, {
      user_id: provider,
      id_card_front: own[0],
      selfie_image: own[1],
      passport_image: shared,
    });
    await insertEvidence(provider, evidence);
    // Another, live, provider uses the shared picture too (the demo data shares a pool of pictures).
    await insertProviderVerification(ctx.db, { passport_image: shared });

    const response = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/users/${provider}/`,
      headers: ctx.auth,
    });
    expect(response.statusCode).toBe(204);

    expect(await onDisk([...own, evidence])).toEqual([false, false, false]);
    expect(await onDisk([shared])).toEqual([true]);
    const row = await ctx.db
      .selectFrom('provider_verifications')
      .select(['id_card_front', 'id_card_back', 'passport_image', 'selfie_image'])
      .where('id', '=', verificationId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      id_card_front: null,
      id_card_back: null,
      passport_image: null,
      selfie_image: null,
    });
    expect(await ctx.db.selectFrom('document_removals').select('id').execute()).toEqual([]);
  });

  it('removes a client’s documents too', async () => {
    const client = await insertUser(ctx.db, { role: 'client' });
    const keys = ['verifications/client/901/id-card-front.png', 'verifications/client/901/id-card-back.png'];
    await saveAll(keys);
    await insertClientVerification(ctx.db, {
      user_id: client,
      id_card_front: keys[0],
      id_card_back: keys[1],
    });
    expect(
      (await ctx.app.inject({ method: 'DELETE', url: `/api/users/${client}/`, headers: ctx.auth }))
        .statusCode,
    ).toBe(204);
    expect(await onDisk(keys)).toEqual([false, false]);
  });

  it('leaves nothing on disk or in the queue when the deletion is refused', async () => {
    const admin = await insertUser(ctx.db, { role: 'admin' });
    const key = 'disputes/78/evidence-admin.png';
    await saveAll([key]);
    await insertEvidence(admin, key);
    // An admin may not delete their own account: the transaction rolls back, the queue with it.
    const token = await ctx.app.tokens.sign(admin);
    const refused = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/users/${admin}/`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(refused.statusCode).toBe(409);
    expect(await onDisk([key])).toEqual([true]);
    expect(await ctx.db.selectFrom('document_removals').select('id').execute()).toEqual([]);
  });

  it('keeps the removal queued when the process stops after the commit, and finishes it at the next start', async () => {
    const provider = (await insertProvider(ctx.db)).userId;
    const key = 'verifications/provider/902/passport.png';
    await saveAll([key]);
    await insertProviderVerification(ctx.db, { user_id: provider, passport_image: key });
    // The repository's transaction alone: what a crash right after the commit would leave.
    await runAsAudited('user.delete', () => deleteUser(ctx.db, provider, ctx.adminId));
    expect(await onDisk([key])).toEqual([true]);
    const queued = await ctx.db.selectFrom('document_removals').select('storage_key').execute();
    expect(queued).toEqual([{ storage_key: key }]);
    // What the server runs at start.
    expect(await processDocumentRemovals(ctx.db, ctx.app.storage)).toBe(1);
    expect(await onDisk([key])).toEqual([false]);
    expect(await ctx.db.selectFrom('document_removals').select('id').execute()).toEqual([]);
  });

  it('writes documents readable by the server’s account only (files 0600, folders 0700)', async () => {
    const key = 'verifications/provider/903/deep/id-card-back.png';
    await ctx.app.storage.save(key, TINY_PNG);
    const file = ctx.app.storage.resolve(key);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(ctx.app.storage.rootDir).mode & 0o777).toBe(0o700);
    expect(
      statSync(ctx.app.storage.resolve('verifications/provider/903/deep/x.png').replace(/\/x\.png$/, ''))
        .mode & 0o777,
    ).toBe(0o700);
    expect(statSync(ctx.config.dataDir).mode & 0o777).toBe(0o700);
  });
});
