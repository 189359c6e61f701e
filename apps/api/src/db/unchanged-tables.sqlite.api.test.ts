import path from 'node:path';
import { SEARCH_COUNT_CAP, UserListQuery } from '@kwanza/contract';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDispute } from '../modules/disputes/disputes.factories.js';
import { listUsers } from '../modules/users/users.repository.js';
import { seedDatabase } from '../seed/seed-database.js';
import { DocumentStorage } from '../storage/document-storage.js';
import { insertMembers, insertUser } from '../test/factories.js';
import { recordingSql } from '../test/statement-recorder.js';
import { createTestContext, createTestDatabase, type TestContext } from '../test/test-context.js';
import { openDatabase } from './database.js';
import { down, up } from './migrations/2026-11-30-0046-table-versions.js';
import { down as moreDown, up as moreUp } from './migrations/2026-12-01-0048-more-table-versions.js';
import { countUpToCap } from './paginate.js';
import type { Database } from './schema.js';
import { ROW_PLAN, searchMatches } from './search.js';
import { readTablesOf, tableVersions, whileTablesUnchanged } from './unchanged-tables.js';

/*
 * SQLite: what a search's counting statements found is kept while no table they read has changed
 * (db/unchanged-tables): each write raises its table's version in its own transaction, so an admin
 * sees their own change, and any other process's, at their next request.
 */

describe('answers kept while the tables they read are unchanged (sqlite)', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
    await insertMembers(ctx.db, 30, (index) => ({ last_name: index < 12 ? 'Kilamba' : 'Cazenga' }));
  }, 60_000);
  afterAll(() => ctx.close());

  const tablesOf = (query: { compile(): Parameters<typeof readTablesOf>[1] }) =>
    readTablesOf(ctx.db, query.compile());

  it('names the tables a statement reads: by their rows, their indexes and their text indexes', async () => {
    const byText = ctx.db
      .selectFrom('users')
      .where(searchMatches('sqlite', 'users', 'kilamba'))
      .select('users.id');
    expect(await tablesOf(byText)).toEqual(['users']);
    // The index on the role alone answers this one: its table is still the one named.
    expect(await tablesOf(ctx.db.selectFrom('users').where('role', '=', 'client').select('id'))).toEqual([
      'users',
    ]);
    // A related side searched through the users' text index.
    const recipients = ctx.db
      .selectFrom('notifications')
      .where(searchMatches('sqlite', 'users', 'kilamba', { alias: 'notifications', idColumn: 'user_id' }))
      .select('notifications.id');
    expect(await tablesOf(recipients)).toEqual(['notifications', 'users']);
    // The parties' text index is kept on the disputes' rows.
    const parties = ctx.db
      .selectFrom('disputes')
      .where(searchMatches('sqlite', 'dispute_parties', 'kilamba', { alias: 'disputes' }))
      .select('disputes.id');
    expect(await tablesOf(parties)).toEqual(['disputes']);
  });

  it('never keeps a statement reading an unversioned table, or one whose answer moves with time or chance', async () => {
    // Unversioned tables: named, but no version to stamp an answer with.
    expect(await tablesOf(ctx.db.selectFrom('login_throttle').select('key'))).toEqual(['login_throttle']);
    expect((await tableVersions(ctx.db)).has('login_throttle')).toBe(false);
    const byChance = ctx.db.selectFrom('users').select(sql<number>`random()`.as('r'));
    expect(await tablesOf(byChance)).toBeNull();
    const byTime = ctx.db
      .selectFrom('users')
      .where(sql<boolean>`date_joined < current_timestamp`)
      .select('id');
    expect(await tablesOf(byTime)).toBeNull();
    // A column named as one of those functions (the journal's `changes`) is not a call of it.
    expect(await tablesOf(ctx.db.selectFrom('audit_entries').select(['id', 'changes']))).toEqual([
      'audit_entries',
    ]);

    let runs = 0;
    const throttle = ctx.db.selectFrom('login_throttle').select('key');
    for (let round = 0; round < 2; round += 1) {
      await whileTablesUnchanged(ctx.db, [throttle], async () => {
        runs += 1;
        return runs;
      });
    }
    expect(runs).toBe(2);
  });

  it('reads the kept counters as the tables whose triggers write them, each versioned', async () => {
    const counters = ctx.db.selectFrom('list_counters').select('n').where('list', '=', 'users');
    const tables = await tablesOf(counters);
    expect(tables).not.toContain('list_counters');
    expect(tables).toEqual(expect.arrayContaining(['users', 'projects', 'disputes', 'notifications']));
    const versioned = await tableVersions(ctx.db);
    for (const table of tables ?? []) expect(versioned.has(table)).toBe(true);
    // A text index's own tables are read as its content table's.
    const structure = sql`select block from users_fts_data where id = 10`;
    expect(await readTablesOf(ctx.db, structure.compile(ctx.db))).toEqual(['users']);

    // Kept until a user is added: its trigger counts it, and raises the users' version.
    const read = () =>
      whileTablesUnchanged(ctx.db, [counters], async () =>
        (await counters.execute()).reduce((sum, row) => sum + Number(row.n), 0),
      );
    const before = await read();
    expect(await read()).toBe(before);
    const added = await insertUser(ctx.db, { last_name: 'Viana' });
    expect(await read()).toBe(before + 1);
    await ctx.db.deleteFrom('users').where('id', '=', added).execute();
    expect(await read()).toBe(before);
  });

  it('versions the admins’ preferences and the journal’s counted days and hours (migration 0048)', async () => {
    const versioned = await tableVersions(ctx.db);
    for (const table of ['admin_preferences', 'audit_entry_days', 'audit_entry_hours'] as const) {
      expect(versioned.has(table), table).toBe(true);
      expect(await tablesOf(ctx.db.selectFrom(table).selectAll())).toEqual([table]);
    }
    const hours = ctx.db.selectFrom('audit_entry_hours').select(['hour', 'entries']);
    let runs = 0;
    const read = () =>
      whileTablesUnchanged(ctx.db, [hours], async () => {
        runs += 1;
        return hours.execute();
      });
    await read();
    await read();
    expect(runs).toBe(1);
    await ctx.db.insertInto('audit_entry_hours').values({ hour: '2026-01-01T10', entries: 3 }).execute();
    expect(await read()).toContainEqual({ hour: '2026-01-01T10', entries: 3 });
    expect(runs).toBe(2);
    await ctx.db.deleteFrom('audit_entry_hours').where('hour', '=', '2026-01-01T10').execute();
  });

  it('raises a table’s version at each insert, update and delete of it, and no other’s', async () => {
    const versioned = await tableVersions(ctx.db);
    const triggers = await versionTriggers(ctx.db);
    // Three triggers on each versioned table, on nothing else.
    expect(triggers.length).toBe(3 * versioned.size);
    for (const trigger of triggers) expect(versioned.has(trigger.tbl_name)).toBe(true);

    const changed = async (write: () => Promise<unknown>) => {
      const before = await tableVersions(ctx.db);
      await write();
      const after = await tableVersions(ctx.db);
      return [...after].filter(([name, version]) => before.get(name) !== version).map(([name]) => name);
    };
    const category = await ctx.db
      .insertInto('categories')
      .values({
        name: 'Menuiserie',
        description: null,
        icon: null,
        image_url: null,
        name_key: 'menuiserie',
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(
      await changed(() =>
        ctx.db.updateTable('categories').set({ name: 'Ébénisterie' }).where('id', '=', category.id).execute(),
      ),
    ).toEqual(['categories']);
    expect(
      await changed(() => ctx.db.deleteFrom('categories').where('id', '=', category.id).execute()),
    ).toEqual(['categories']);
    expect(await changed(() => insertUser(ctx.db, { last_name: 'Kuanza' }))).toContain('users');
    expect(await changed(() => insertUser(ctx.db, { last_name: 'Kuanza' }))).not.toContain('disputes');
  });

  it('runs again after any write to a table read, even one committed while it ran, and not after others', async () => {
    const counting = ctx.db
      .selectFrom('users')
      .where(searchMatches('sqlite', 'users', 'cazenga', { plan: ROW_PLAN }))
      .select((eb) => eb.fn.countAll<number>().as('n'));
    let runs = 0;
    const count = (during?: () => Promise<unknown>) =>
      whileTablesUnchanged(ctx.db, [counting], async () => {
        runs += 1;
        const row = await counting.executeTakeFirstOrThrow();
        await during?.();
        return Number(row.n);
      });
    expect(await count()).toBe(18);
    expect(await count()).toBe(18);
    expect(runs).toBe(1);
    // A write to a table it does not read.
    await ctx.db
      .insertInto('categories')
      .values({
        name: 'Plomberie',
        description: null,
        icon: null,
        image_url: null,
        name_key: 'plomberie',
        created_at: new Date().toISOString(),
      })
      .execute();
    expect(await count()).toBe(18);
    expect(runs).toBe(1);
    // A user renamed into the set.
    const renamed = await insertUser(ctx.db, { last_name: 'Kuanza' });
    await ctx.db
      .updateTable('users')
      .set({ last_name: 'Cazenga', search_text: ' kuanza cazenga' })
      .where('id', '=', renamed)
      .execute();
    expect(await count()).toBe(19);
    expect(runs).toBe(2);
    // A write to the users that leaves the set as it was: run again, and while it runs, a user joins
    // the set after the count was read, before its answer is kept: the next request runs it again
    // and sees them.
    await ctx.db
      .updateTable('users')
      .set({ last_login: new Date().toISOString() })
      .where('last_name', '=', 'Kilamba')
      .execute();
    expect(await count(() => insertUser(ctx.db, { first_name: 'Tito', last_name: 'Cazenga' }))).toBe(19);
    expect(runs).toBe(3);
    expect(await count()).toBe(20);
    expect(runs).toBe(4);
    expect(await count()).toBe(20);
    expect(runs).toBe(4);
  });

  it('sees another process’s write at its next request', async () => {
    const other = openDatabase({ databaseUrl: undefined, dataDir: ctx.config.dataDir });
    try {
      const count = (db: Kysely<Database>) =>
        countUpToCap(
          db,
          db
            .selectFrom('users')
            .where(searchMatches('sqlite', 'users', 'kilamba'))
            .select('users.id'),
          { searching: true },
        );
      expect(await count(ctx.db)).toEqual({ count: 12, capped: false });
      expect(await count(other.db)).toEqual({ count: 12, capped: false });
      await insertUser(other.db, { last_name: 'Kilamba' });
      expect(await count(ctx.db)).toEqual({ count: 13, capped: false });
      await other.db
        .deleteFrom('users')
        .where('last_name', '=', 'Kilamba')
        .where('username', 'not like', 'membre%')
        .execute();
      expect(await count(ctx.db)).toEqual({ count: 12, capped: false });
    } finally {
      await other.close();
    }
  });

  it('shows an admin their own change at once: a users search’s count and page, a disputes search’s counts per status', async () => {
    const listed = async () =>
      (await ctx.request('GET', '/api/users/?search=kilamba')).json<{
        count: number;
        results: { id: number }[];
      }>();
    const before = await listed();
    expect(await listed()).toEqual(before);
    const [first] = before.results;
    expect((await ctx.request('DELETE', `/api/users/${first?.id}/`)).statusCode).toBe(204);
    const after = await listed();
    expect(after.count).toBe(before.count - 1);
    // The next one comes up to fill the page.
    expect(after.results.slice(0, -1).map((user) => user.id)).toEqual(
      before.results.slice(1).map((user) => user.id),
    );

    const client = await insertUser(ctx.db, { first_name: 'Ana', last_name: 'Kiala' });
    const provider = await insertUser(ctx.db, { role: 'provider', first_name: 'Rui', last_name: 'Santos' });
    const disputes: number[] = [];
    for (let index = 0; index < 3; index += 1) {
      disputes.push(
        await insertDispute(ctx.db, { title: `Toiture ${index}`, client_id: client, provider_id: provider }),
      );
    }
    const counts = async (query: string) =>
      (await ctx.request('GET', `/api/disputes/?search=toiture${query}`)).json<{
        count: number;
        status_counts: Record<string, number>;
      }>();
    expect((await counts('')).status_counts).toMatchObject({ open: 3, resolved: 0 });
    expect((await counts('&status=open')).count).toBe(3);
    const updated = await ctx.request('POST', `/api/disputes/${disputes[0]}/update_status/`, {
      status: 'resolved',
      resolution_note: 'Réparée',
    });
    expect(updated.statusCode).toBe(200);
    expect((await counts('')).status_counts).toMatchObject({ open: 2, resolved: 1 });
    expect((await counts('&status=open')).count).toBe(2);
  });
});

/** The version triggers (migration 0046), by name. */
async function versionTriggers(
  db: Kysely<Database>,
): Promise<{ name: string; tbl_name: string; sql: string }[]> {
  const { rows } = await sql<{ name: string; tbl_name: string; sql: string }>`
    select name, tbl_name, sql from sqlite_master where type = 'trigger' and name like '%\\_version\\_%' escape '\\'
    order by name`.execute(db);
  return rows;
}

describe('the seed, the migration and the tables’ versions (sqlite)', () => {
  it('migrations 0046 and 0048: down takes the versions and their triggers away, up puts them back', async () => {
    const database = await createTestDatabase();
    try {
      const db = database.handle.db;
      const objects = async () => [
        ...(
          await sql<{ name: string }>`select name from sqlite_master where name = 'table_versions'`.execute(
            db,
          )
        ).rows.map((row) => row.name),
        ...(await versionTriggers(db)).map((trigger) => trigger.name),
      ];
      const installed = await objects();
      expect(installed).toContain('table_versions');
      expect(installed).toContain('users_version_update');
      expect(installed).toContain('admin_preferences_version_update');
      await moreDown(db);
      await down(db);
      expect(await objects()).toEqual([]);
      await up(db);
      await moreUp(db);
      expect(await objects()).toEqual(installed);
      expect([...(await tableVersions(db)).values()].every((version) => version === 0)).toBe(true);
    } finally {
      await database.dispose();
    }
  });

  it('puts the version triggers back after its load and raises every version', async () => {
    const database = await createTestDatabase();
    try {
      const db = database.handle.db;
      const triggers = async () => (await versionTriggers(db)).map((trigger) => trigger.sql);
      const before = await triggers();
      const versions = await tableVersions(db);
      await seedDatabase(db, {
        users: 20,
        now: new Date('2026-11-21T10:00:00.000Z'),
        storage: new DocumentStorage(path.join(database.dataDir, 'documents')),
      });
      expect(await triggers()).toEqual(before);
      const after = await tableVersions(db);
      expect([...after.keys()].sort()).toEqual([...versions.keys()].sort());
      for (const [name, version] of after) expect(version).toBeGreaterThan(versions.get(name) ?? 0);
      // The loaded tables were written without them: one raise each, not one a row.
      expect((after.get('users') ?? 0) - (versions.get('users') ?? 0)).toBeLessThan(5);
    } finally {
      await database.dispose();
    }
  }, 60_000);
});

describe('a search page’s ids kept while its tables are unchanged (sqlite)', () => {
  let ctx: TestContext;
  /** Members named Lunda: past the cap, so that the page is chosen by its own statement. */
  const LUNDAS = SEARCH_COUNT_CAP + 200;

  beforeAll(async () => {
    ctx = await createTestContext();
    await insertMembers(ctx.db, LUNDAS, () => ({ last_name: 'Lunda' }));
  }, 60_000);
  afterAll(() => ctx.close());

  it('chooses the page once, then reads its rows by their ids until a write', async () => {
    const { db, texts } = recordingSql(ctx.db);
    const query = UserListQuery.parse({ search: 'lunda', page_size: '5' });
    // The statement choosing the page's ids along the list's order (not its rows read by id).
    const choosing = (text: string) =>
      text.includes('order by "users"."date_joined" desc') && !text.includes('"users"."id" in (?');
    const first = await listUsers(db, query);
    expect([first.count, first.count_capped]).toEqual([SEARCH_COUNT_CAP, true]);
    expect(texts.filter(choosing)).toHaveLength(1);
    texts.length = 0;
    expect(await listUsers(db, query)).toEqual(first);
    expect(texts.filter(choosing)).toEqual([]);
    expect(texts.some((text) => text.includes('"users"."id" in (?'))).toBe(true);
    // A new Lunda comes first (newest first): the page is chosen again at once.
    const newest = await insertUser(ctx.db, { first_name: 'Zeca', last_name: 'Lunda' });
    texts.length = 0;
    const after = await listUsers(db, query);
    expect(texts.filter(choosing)).toHaveLength(1);
    expect(after.results.map((user) => user.id)).toEqual([
      newest,
      ...first.results.slice(0, 4).map((user) => user.id),
    ]);
    // A member renamed: their row is read again with their new name, the page the same.
    const renamed = first.results[1]?.id ?? 0;
    await ctx.db
      .updateTable('users')
      .set({ first_name: 'Tito', search_text: ' tito lunda' })
      .where('id', '=', renamed)
      .execute();
    const again = await listUsers(db, query);
    expect(again.results.map((user) => user.id)).toEqual(after.results.map((user) => user.id));
    expect(again.results.find((user) => user.id === renamed)?.first_name).toBe('Tito');
  });
});
