import type { AdminConversationPage, DisputePage } from '@kwanza/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertConversation } from '../modules/conversations/conversations.factories.js';
import { insertDispute } from '../modules/disputes/disputes.factories.js';
import { insertUser } from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/test-context.js';
import * as partySearch from './migrations/2026-11-25-0021-party-search.js';

/*
 * Conversations and disputes are found by their parties' names, e-mails and phones through texts
 * kept ON their rows by database triggers (migrations/support/party-search): set when a row is
 * inserted, rewritten when a party's details change, filled for the rows that existed before the
 * migration; each in its own text index, which stays consistent with its rows.
 */

describe(`parties' texts on conversations and disputes (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let ctx: TestContext;
  let client: number;
  let provider: number;
  let other: number;
  let conversation: number;
  let dispute: number;

  beforeAll(async () => {
    ctx = await createTestContext();
    client = await insertUser(ctx.db, {
      first_name: 'Quitéria',
      last_name: 'Mbande',
      email: 'quiteria.mbande@mail.test',
      phone_number: '+244 931 555 777',
    });
    provider = await insertUser(ctx.db, {
      first_name: 'Evaristo',
      last_name: 'Cangombe',
      email: 'evaristo@oficina.test',
      role: 'provider',
    });
    other = await insertUser(ctx.db, { first_name: 'Teodora', last_name: 'Luvualu', role: 'provider' });
    conversation = await insertConversation(ctx.db, { client_id: client, provider_id: provider });
    dispute = await insertDispute(ctx.db, {
      client_id: client,
      provider_id: provider,
      title: 'Peinture écaillée',
    });
    await insertConversation(ctx.db, { client_id: client, provider_id: other });
  });

  afterAll(() => ctx.close());

  async function conversationsFound(term: string): Promise<number[]> {
    const response = await ctx.request('GET', `/api/admin/conversations/?search=${encodeURIComponent(term)}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AdminConversationPage>().results.map((row) => row.id);
  }

  async function disputesFound(term: string): Promise<number[]> {
    const response = await ctx.request('GET', `/api/disputes/?search=${encodeURIComponent(term)}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<DisputePage>().results.map((row) => row.id);
  }

  /** SQLite: the external-content text indexes agree with their rows (FTS5 integrity check). */
  async function expectTextIndexesConsistent(): Promise<void> {
    if (ctx.dialect !== 'sqlite') return;
    for (const fts of ['conversations_fts', 'dispute_parties_fts']) {
      await sql.raw(`insert into ${fts} (${fts}, rank) values ('integrity-check', 1)`).execute(ctx.db);
    }
  }

  it("finds a new row by either party's name, e-mail or phone, without accents or case", async () => {
    expect(await conversationsFound('QUITERIA')).toContain(conversation);
    expect(await conversationsFound('cangombe')).toEqual([conversation]);
    expect(await conversationsFound('oficina.test')).toEqual([conversation]);
    expect(await conversationsFound('931 555')).toHaveLength(2);
    expect(await conversationsFound('luvualu')).not.toContain(conversation);
    expect(await disputesFound('evaristo')).toEqual([dispute]);
    expect(await disputesFound('quitéria mbande')).toEqual([dispute]);
    // its own text is still searched beside its parties'
    expect(await disputesFound('ecaillee')).toEqual([dispute]);
    // short terms match word starts, in both parties' texts
    expect(await conversationsFound('ev')).toEqual([conversation]);
    expect(await disputesFound('mb')).toEqual([dispute]);
    await expectTextIndexesConsistent();
  });

  it('keeps one line per party: a term never spans the two', async () => {
    const row = await ctx.db
      .selectFrom('conversations')
      .select('search_text')
      .where('id', '=', conversation)
      .executeTakeFirstOrThrow();
    expect(row.search_text.split('\n')).toHaveLength(2);
    expect(await conversationsFound('777 evaristo')).toEqual([]);
  });

  it("rewrites the texts when a party's details change, and the old name no longer finds them", async () => {
    const response = await ctx.request('PATCH', `/api/users/${provider}/`, {
      last_name: 'Kambuta',
      email: 'evaristo.k@atelier.test',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await conversationsFound('kambuta')).toEqual([conversation]);
    expect(await conversationsFound('cangombe')).toEqual([]);
    expect(await conversationsFound('oficina')).toEqual([]);
    expect(await disputesFound('kambuta')).toEqual([dispute]);
    expect(await disputesFound('cangombe')).toEqual([]);
    // the other party's text is kept
    expect(await disputesFound('quiteria')).toEqual([dispute]);
    await expectTextIndexesConsistent();
  });

  it('drops a row from its text index with the row', async () => {
    const gone = await insertConversation(ctx.db, { client_id: other, provider_id: provider });
    expect(await conversationsFound('teodora')).toContain(gone);
    await ctx.db.deleteFrom('conversations').where('id', '=', gone).execute();
    expect(await conversationsFound('teodora')).not.toContain(gone);
    await expectTextIndexesConsistent();
  });

  it('fills the texts of the rows written before the migration', async () => {
    await partySearch.down(ctx.db);
    const earlier = await insertConversation(ctx.db, { client_id: other, provider_id: provider });
    const earlierDispute = await insertDispute(ctx.db, { client_id: other, provider_id: provider });
    await partySearch.up(ctx.db);
    expect(await conversationsFound('teodora')).toContain(earlier);
    expect(await disputesFound('teodora')).toEqual([earlierDispute]);
    expect(await conversationsFound('kambuta')).toEqual(expect.arrayContaining([conversation, earlier]));
    await expectTextIndexesConsistent();
  });
});
