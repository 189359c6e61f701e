import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSearchText } from '../lib/search-text.js';
import { insertConversation } from '../modules/conversations/conversations.factories.js';
import { insertDispute } from '../modules/disputes/disputes.factories.js';
import { insertUser } from '../test/factories.js';
import { someoneWaitsForALock } from '../test/lock-waits.js';
import { createTestContext, type TestContext } from '../test/test-context.js';

/*
 * PostgreSQL, concurrent writers (migrations/support/party-search): a conversation or dispute inserted
 * while one of its parties' details change ends with the new details in its text, whichever
 * transaction commits first. The insert trigger reads the parties FOR SHARE: the insert waits for a
 * pending change, or the change waits for the insert and then rewrites its text. (SQLite has one
 * writer at a time.)
 */

describe('parties’ texts under concurrent writes (postgres)', () => {
  let ctx: TestContext;
  let client: number;
  let provider: number;

  beforeAll(async () => {
    ctx = await createTestContext();
    client = await insertUser(ctx.db, { first_name: 'Rosalina', last_name: 'Tchimuku' });
    provider = await insertUser(ctx.db, { first_name: 'Hilário', last_name: 'Ndala', role: 'provider' });
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
          first_name: 'Rosalina',
          last_name: lastName,
          email: 'rosalina@mail.test',
          phone_number: null,
        }),
      })
      .where('id', '=', client)
      .execute();
  }

  async function textOf(table: 'conversations' | 'disputes', id: number): Promise<string> {
    if (table === 'conversations') {
      const row = await ctx.db
        .selectFrom('conversations')
        .select('search_text')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return row.search_text;
    }
    const row = await ctx.db
      .selectFrom('disputes')
      .select('party_text')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    return row.party_text;
  }

  it('an insert during a pending change of a party waits for it and takes the new name', async () => {
    let inserted = false;
    let inserts: Promise<[number, number]> = Promise.resolve([0, 0]);
    await ctx.db.transaction().execute(async (trx) => {
      await renameClient(trx, 'Kalandula');
      inserts = Promise.all([
        insertConversation(ctx.db, { client_id: client, provider_id: provider }),
        insertDispute(ctx.db, { client_id: client, provider_id: provider }),
      ]);
      void inserts.then(() => {
        inserted = true;
      });
      expect(await someoneWaitsForALock(ctx.db)).toBe(true);
      expect(inserted).toBe(false);
    });
    const [conversation, dispute] = await inserts;
    expect(await textOf('conversations', conversation)).toContain('kalandula');
    expect(await textOf('disputes', dispute)).toContain('kalandula');
  });

  it('a change of a party during a pending insert waits for it and rewrites the new row', async () => {
    let renamed = false;
    let rename: Promise<void> = Promise.resolve();
    const [conversation, dispute] = await ctx.db.transaction().execute(async (trx) => {
      const ids = [
        await insertConversation(trx, { client_id: client, provider_id: provider }),
        await insertDispute(trx, { client_id: client, provider_id: provider }),
      ] as const;
      rename = renameClient(ctx.db, 'Muxima').then(() => {
        renamed = true;
      });
      expect(await someoneWaitsForALock(ctx.db)).toBe(true);
      expect(renamed).toBe(false);
      return ids;
    });
    await rename;
    expect(await textOf('conversations', conversation)).toContain('muxima');
    expect(await textOf('disputes', dispute)).toContain('muxima');
  });
});
