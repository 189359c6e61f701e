import { ConversationListQuery } from '@kwanza/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertConversation, insertMessage } from '../modules/conversations/conversations.factories.js';
import { listConversations } from '../modules/conversations/conversations.repository.js';
import { getNotificationFeed } from '../modules/notifications/notifications.reads.js';
import { verificationDashboard } from '../modules/verifications/verification-dashboard.js';
import { insertUser } from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/test-context.js';
import { type DatabaseHandle, openDatabase } from './database.js';

/*
 * PostgreSQL: a page's rows are read by their ids in a named prepared statement, for which the
 * server keeps a generic plan after five runs instead of planning its joins on every request
 * (db/prepared-statements.ts), and a list's counters by a statement without parameters, planned
 * once; the choice of the page's ids, whose plan depends on its values, stays unnamed and is
 * planned each time.
 */

describe('named statements on PostgreSQL', () => {
  let ctx: TestContext;
  let single: DatabaseHandle;

  beforeAll(async () => {
    ctx = await createTestContext();
    const client = await insertUser(ctx.db, { role: 'client' });
    const provider = await insertUser(ctx.db, { role: 'provider' });
    for (let index = 0; index < 3; index += 1) {
      const conversation = await insertConversation(ctx.db, { client_id: client, provider_id: provider });
      await insertMessage(ctx.db, { conversation_id: conversation, sender_id: client });
    }
    // One connection: every statement of the test runs, and is prepared, on the same session.
    single = openDatabase({
      databaseUrl: ctx.config.databaseUrl,
      dataDir: ctx.config.dataDir,
      databasePoolSize: 1,
    });
  });

  afterAll(async () => {
    await single.close();
    await ctx.close();
  });

  it('keep a generic plan for the rows of a page, and plan the choice of its ids (and its counters) each time', async () => {
    const query = ConversationListQuery.parse({});
    let page: Awaited<ReturnType<typeof listConversations>> | undefined;
    for (let run = 0; run < 8; run += 1) page = await listConversations(single.db, query);
    expect(page?.results).toHaveLength(3);
    const prepared = await sql<{ statement: string; generic_plans: string; custom_plans: string }>`
      select statement, generic_plans, custom_plans from pg_prepared_statements`.execute(single.db);
    const rows = prepared.rows.filter((row) => row.statement.startsWith('select "conversations"."id", '));
    expect(rows).toHaveLength(1);
    expect(Number(rows[0]?.generic_plans)).toBeGreaterThan(0);
    expect(Number(rows[0]?.generic_plans) + Number(rows[0]?.custom_plans)).toBe(8);
    // The ids' choice (`… order by … limit`), with the list's counters beside it (db/paginate.ts
    // `rowsBeside`), is not among the named statements.
    expect(prepared.rows.some((row) => row.statement.includes(' limit '))).toBe(false);
    expect(prepared.rows.some((row) => row.statement.includes(`'conversations'`))).toBe(false);
  });

  it("keep a generic plan for the bell's latest notifications and the verification dashboard's latest five", async () => {
    const admin = await insertUser(ctx.db, { role: 'admin' });
    for (let run = 0; run < 8; run += 1) {
      await getNotificationFeed(single.db, admin);
      await verificationDashboard(single.db, { now: new Date(), urgentHours: 48, signer: null });
    }
    const prepared = await sql<{ statement: string; generic_plans: string; custom_plans: string }>`
      select statement, generic_plans, custom_plans from pg_prepared_statements`.execute(single.db);
    const runs = (start: string) =>
      prepared.rows
        .filter((row) => row.statement.startsWith(start))
        .map((row) => ({
          generic: Number(row.generic_plans),
          all: Number(row.generic_plans) + Number(row.custom_plans),
        }));
    const [feed] = runs('select "notifications"."id", "notifications"."title"');
    expect(feed?.all).toBe(8);
    expect(feed?.generic).toBeGreaterThan(0);
    const [latest] = runs('select "provider_verifications"."id", "provider_verifications"."user_id"');
    expect(latest?.all).toBe(8);
    expect(latest?.generic).toBeGreaterThan(0);
    // Its five is written in the statement: bound (`limit $2`), the generic plan cost more than the
    // planned ones at a million users (the run count does not show on this small database), and every
    // run was planned again.
    const latestText = prepared.rows.find((row) =>
      row.statement.startsWith('select "provider_verifications"."id", "provider_verifications"."user_id"'),
    )?.statement;
    expect(latestText).toMatch(/ limit 5\)/);
    expect(latestText).not.toMatch(/ limit \$\d/);
  });
});
