import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSearchText } from '../lib/search-text.js';
import { insertClientVerification } from '../modules/verifications/verifications.factories.js';
import { insertUser } from '../test/factories.js';
import { someoneWaitsForALock } from '../test/lock-waits.js';
import { createTestContext, type TestContext } from '../test/test-context.js';

/*
 * PostgreSQL, concurrent writers (migrations/support/client-verification-search): a client
 * verification inserted while its client's details change ends with the new details in its text,
 * whichever transaction commits first. The insert trigger reads the client FOR SHARE: the insert waits
 * for a pending change, or the change waits for the insert and then rewrites its text. (SQLite has
 * one writer at a time.)
 */

describe('client verifications’ texts under concurrent writes (postgres)', () => {
  let ctx: TestContext;
  let client: number;

  beforeAll(async () => {
    ctx = await createTestContext();
    client = await insertUser(ctx.db, { first_name: 'Esperança', last_name: 'Tchissola', role: 'client' });
  });

  afterAll(() => ctx.close());

  /** Sets the client's last name (and search text) as the users repository does. */
  function renameClient(db: typeof ctx.db, lastName: string) {
    return db
      .updateTable('users')
      .set({
        last_name: lastName,
        search_text: userSearchText({
          username: 'client',
          first_name: 'Esperança',
          last_name: lastName,
          email: 'esperanca@mail.test',
          phone_number: null,
        }),
      })
      .where('id', '=', client)
      .execute();
  }

  async function textOf(id: number): Promise<string> {
    const row = await ctx.db
      .selectFrom('client_verifications')
      .select('search_text')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return row.search_text;
  }

  it('an insert during a pending change of the client waits for it and takes the new name', async () => {
    let inserted = false;
    let insert: Promise<number> = Promise.resolve(0);
    await ctx.db.transaction().execute(async (trx) => {
      await renameClient(trx, 'Kalandula');
      insert = insertClientVerification(ctx.db, { user_id: client });
      void insert.then(() => {
        inserted = true;
      });
      expect(await someoneWaitsForALock(ctx.db)).toBe(true);
      expect(inserted).toBe(false);
    });
    expect(await textOf(await insert)).toContain('kalandula');
  });

  it('a change of the client during a pending insert waits for it and rewrites the new row', async () => {
    let renamed = false;
    let rename: Promise<void> = Promise.resolve();
    const verification = await ctx.db.transaction().execute(async (trx) => {
      const id = await insertClientVerification(trx, { user_id: client });
      rename = renameClient(ctx.db, 'Muxima').then(() => {
        renamed = true;
      });
      expect(await someoneWaitsForALock(ctx.db)).toBe(true);
      expect(renamed).toBe(false);
      return id;
    });
    await rename;
    expect(await textOf(verification)).toContain('muxima');
  });
});
