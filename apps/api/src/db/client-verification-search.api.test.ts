import { SEARCH_COUNT_CAP } from '@kwanza/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSearchText } from '../lib/search-text.js';
import { insertClientVerification } from '../modules/verifications/verifications.factories.js';
import { insertUser } from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/test-context.js';
import { down, up } from './migrations/2026-11-27-0028-client-verification-search.js';
import * as statusSearchCovering from './migrations/2026-11-29-0044-verification-status-search-covering.js';

/*
 * Client verifications are found by their client's name, username, e-mail and phone through a text
 * kept ON their rows by database triggers (migration 0028, migrations/support/client-verification-
 * search): set when a row is inserted, rewritten when the client's details change, filled for the
 * rows written before the migration; in its own text index, which stays consistent with its rows.
 */

describe(`client verifications found through their own text (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let ctx: TestContext;
  const client = {
    username: 'domingas.n',
    first_name: 'Domingas',
    last_name: 'Nzinga',
    email: 'domingas@mail.test',
    phone_number: '+244 926 410 520',
  };
  let clientId = 0;
  let otherId = 0;
  const verificationIds: number[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
    clientId = await insertUser(ctx.db, { ...client, role: 'client' });
    otherId = await insertUser(ctx.db, { first_name: 'Benvinda', last_name: 'Kalunga', role: 'client' });
    verificationIds.push(await insertClientVerification(ctx.db, { user_id: clientId }));
    verificationIds.push(
      await insertClientVerification(ctx.db, { user_id: clientId, verification_status: 'rejected' }),
    );
    await insertClientVerification(ctx.db, { user_id: otherId });
  });

  afterAll(() => ctx.close());

  const texts = async (ids: number[] = verificationIds) => {
    const rows = await ctx.db
      .selectFrom('client_verifications')
      .select('search_text')
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    return rows.map((row) => row.search_text);
  };

  const found = async (term: string) => {
    const response = await ctx.request(
      'GET',
      `/api/admin/client-verification/?search=${encodeURIComponent(term)}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ count: number; results: { id: number }[] }>();
    const ids = body.results.map((row) => row.id).sort((a, b) => a - b);
    expect(body.count).toBe(ids.length);
    return ids;
  };

  /** SQLite: the external-content text index agrees with its rows (FTS5 integrity check). */
  async function expectTextIndexConsistent(): Promise<void> {
    if (ctx.dialect !== 'sqlite') return;
    await sql`insert into client_verifications_fts (client_verifications_fts, rank) values ('integrity-check', 1)`.execute(
      ctx.db,
    );
  }

  it("gives a new row its client's text, found by name, username, e-mail and phone", async () => {
    expect(await texts()).toEqual([userSearchText(client), userSearchText(client)]);
    expect(await found('NZINGA')).toEqual(verificationIds);
    expect(await found('domingas.n')).toEqual(verificationIds);
    expect(await found('domingas@mail')).toEqual(verificationIds);
    expect(await found('926 410')).toEqual(verificationIds);
    // short terms match word starts
    expect(await found('nz')).toEqual(verificationIds);
    expect(await found('inga')).toEqual(verificationIds);
    expect(await found('kalunga')).toHaveLength(1);
    expect(await found('zz')).toEqual([]);
    await expectTextIndexConsistent();
  });

  it('keeps the other filters beside the search', async () => {
    const rejected = await ctx.request(
      'GET',
      '/api/admin/client-verification/?search=nzinga&verification_status=rejected',
    );
    expect(rejected.json<{ results: { id: number }[] }>().results.map((row) => row.id)).toEqual([
      verificationIds[1],
    ]);
  });

  it("follows an administrator's edit of the client's name, e-mail and phone", async () => {
    const edit = await ctx.request('PATCH', `/api/users/${clientId}/`, {
      last_name: 'Kitumba',
      email: 'domingas.k@correio.test',
      phone_number: '+244 937 800 900',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(await found('kitumba')).toEqual(verificationIds);
    expect(await found('correio.test')).toEqual(verificationIds);
    expect(await found('937 800')).toEqual(verificationIds);
    expect(await found('nzinga')).toEqual([]);
    expect(await found('926 410')).toEqual([]);
    // the other client's verification keeps its text
    expect(await found('benvinda')).toHaveLength(1);
    await expectTextIndexConsistent();
  });

  it('keeps a text a writer gives, and drops a row from the index with the row', async () => {
    const given = await insertClientVerification(ctx.db, { user_id: otherId, search_text: ' given text' });
    expect(await texts([given])).toEqual([' given text']);
    expect(await found('given')).toEqual([given]);
    await ctx.db.deleteFrom('client_verifications').where('id', '=', given).execute();
    expect(await found('given')).toEqual([]);
    await expectTextIndexConsistent();
  });

  it("leaves a deleted client's verifications out of the search", async () => {
    const gone = await insertUser(ctx.db, { last_name: 'Kapalanga', role: 'client' });
    const verification = await insertClientVerification(ctx.db, { user_id: gone });
    expect(await found('kapalanga')).toEqual([verification]);
    const deletion = await ctx.request('DELETE', `/api/users/${gone}/`);
    expect(deletion.statusCode, deletion.body).toBe(204);
    expect(await found('kapalanga')).toEqual([]);
    await expectTextIndexConsistent();
  });

  it('fills the texts of the rows written before the migration, and takes them away with it', async () => {
    // 0044's status order index holds the column 0028 adds (SQLite): undone first, redone last.
    await statusSearchCovering.down(ctx.db);
    await down(ctx.db);
    await expect(sql`select search_text from client_verifications`.execute(ctx.db)).rejects.toThrow(
      /search_text/,
    );
    await up(ctx.db);
    await statusSearchCovering.up(ctx.db);
    const current = userSearchText({
      ...client,
      last_name: 'Kitumba',
      email: 'domingas.k@correio.test',
      phone_number: '+244 937 800 900',
    });
    expect(await texts()).toEqual([current, current]);
    expect(await found('kitumba')).toEqual(verificationIds);
    // the triggers are back: a new row and an edit are followed
    const later = await insertClientVerification(ctx.db, { user_id: otherId });
    expect(await found('benvinda')).toContain(later);
    await expectTextIndexConsistent();
  });

  it("pages a client's common name past the cap newest first, page after page", async () => {
    const lueji = await insertUser(ctx.db, { first_name: 'Lueji', last_name: 'Ankonde', role: 'client' });
    const other = await insertUser(ctx.db, { first_name: 'Mwata', last_name: 'Yamvo', role: 'client' });
    const matches: { id: number; at: string }[] = [];
    await ctx.db.transaction().execute(async (trx) => {
      for (let index = 0; index < SEARCH_COUNT_CAP + 100; index += 1) {
        // Submission times shuffled against ids, some shared.
        const at = new Date(Date.UTC(2026, 3, 1) + ((index * 7_919) % 1_000) * 60_000).toISOString();
        matches.push({ id: await insertClientVerification(trx, { user_id: lueji, submitted_at: at }), at });
        await insertClientVerification(trx, { user_id: other, submitted_at: at });
      }
    });
    const expected = [...matches]
      .sort((a, b) => (a.at === b.at ? b.id - a.id : b.at.localeCompare(a.at)))
      .map((match) => match.id);
    let seen = 0;
    for (const page of [1, 2, 3]) {
      const response = await ctx.request('GET', `/api/admin/client-verification/?search=lueji&page=${page}`);
      expect(response.statusCode).toBe(200);
      const body = response.json<{ count: number; count_capped?: boolean; results: { id: number }[] }>();
      expect([body.count, body.count_capped]).toEqual([SEARCH_COUNT_CAP, true]);
      const ids = body.results.map((row) => row.id);
      expect(ids.length).toBeGreaterThan(0);
      expect(ids).toEqual(expected.slice(seen, seen + ids.length));
      seen += ids.length;
    }
  }, 60_000);
});
