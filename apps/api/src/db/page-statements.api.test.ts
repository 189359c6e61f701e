import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/test-context.js';
import { pageOfRole, usersOfTwoRoles } from './page-statements.test-support.js';
import { keptPageStatementCount, type PageWindow, pageReaders, pageStatementKey } from './paginate.js';
import type { Database } from './schema.js';

/*
 * A keyed page's statements are compiled once (db/paginate.ts `keptPageStatement`): each later page
 * of the same key runs them with its own limit and offset, another key has its own. SQLite keeps one
 * statement per key; PostgreSQL two kinds, the ids' per key and the rows' per key and number of ids.
 */

describe('page statements kept by key', () => {
  const fixture = usersOfTwoRoles();

  it('runs each page of a key with its own limit and offset, each key with its own values', async () => {
    const kept = keptPageStatementCount();
    const clients = pageStatementKey('test-users', 'client');
    expect(await pageOfRole(fixture.ctx().db, 'client', { limit: 2, offset: 0, key: clients })).toEqual(
      fixture.idsOf().client.slice(0, 2),
    );
    expect(await pageOfRole(fixture.ctx().db, 'client', { limit: 2, offset: 2, key: clients })).toEqual(
      fixture.idsOf().client.slice(2, 4),
    );
    expect(await pageOfRole(fixture.ctx().db, 'client', { limit: 5, offset: 4, key: clients })).toEqual(
      fixture.idsOf().client.slice(4),
    );
    const providers = pageStatementKey('test-users', 'provider');
    expect(await pageOfRole(fixture.ctx().db, 'provider', { limit: 2, offset: 1, key: providers })).toEqual(
      fixture.idsOf().provider.slice(1, 3),
    );
    // Inside a transaction too.
    const inTransaction = await fixture
      .ctx()
      .db.transaction()
      .execute((trx) => pageOfRole(trx, 'client', { limit: 1, offset: 1, key: clients }));
    expect(inTransaction).toEqual(fixture.idsOf().client.slice(1, 2));
    // PostgreSQL: the ids' of each key (2), the rows' of 2 ids of each key (2) and of 1 client (1).
    expect(keptPageStatementCount() - kept).toBe(fixture.ctx().dialect === 'sqlite' ? 2 : 5);
  });
});

/** Ids of the users named Période who joined since the window's `since` (every one without it), newest id first. */
async function joinedSince(db: Kysely<Database>, page: PageWindow): Promise<number[]> {
  const rows = await pageReaders(
    db,
    page,
    (ids) =>
      db.selectFrom('users').select('users.id').where('users.id', 'in', ids).orderBy('users.id', 'desc'),
    (among?: readonly number[], since?: string) =>
      (among
        ? db.selectFrom('users').where('users.id', 'in', among)
        : db
            .selectFrom('users')
            .where('users.first_name', '=', 'Période')
            .$if(since !== undefined, (users) => users.where('users.date_joined', '>=', since ?? ''))
      )
        .select('users.id')
        .orderBy('users.id', 'desc'),
  ).rows();
  return rows.map((row) => row.id);
}

describe('a period page kept by key, its start a value of the statement', () => {
  let ctx: TestContext | undefined;
  // Joined on 1 to 6 March, in that order: newest id first, the latest joined first.
  const newestFirst: number[] = [];
  const day = (date: number) => new Date(Date.UTC(2026, 2, date, 9)).toISOString();
  beforeAll(async () => {
    ctx = await createTestContext();
    for (let date = 1; date <= 6; date += 1) {
      newestFirst.unshift(await insertUser(ctx.db, { first_name: 'Période', date_joined: day(date) }));
    }
  });
  afterAll(() => ctx?.close());

  it('runs the one statement of its key with each start, as the statement built each time does', async () => {
    if (!ctx) throw new Error('Base de test non ouverte');
    const db = ctx.db;
    const key = pageStatementKey('test-joined', 'week');
    const kept = keptPageStatementCount();
    expect(await joinedSince(db, { limit: 10, offset: 0, key, since: day(3) })).toEqual(
      newestFirst.slice(0, 4),
    );
    expect(await joinedSince(db, { limit: 10, offset: 0, key, since: day(5) })).toEqual(
      newestFirst.slice(0, 2),
    );
    expect(await joinedSince(db, { limit: 1, offset: 1, key, since: day(2) })).toEqual(
      newestFirst.slice(1, 2),
    );
    // The same values without a key: the statement built with them.
    expect(await joinedSince(db, { limit: 10, offset: 0, since: day(5) })).toEqual(newestFirst.slice(0, 2));
    // SQLite: one statement for the key; PostgreSQL: its ids' and its rows' of 4, 2 and 1 ids.
    expect(keptPageStatementCount() - kept).toBe(ctx.dialect === 'sqlite' ? 1 : 4);
    // The key without a start is another statement, which reads every one of them.
    expect(await joinedSince(db, { limit: 10, offset: 0, key })).toEqual(newestFirst);
    expect(keptPageStatementCount() - kept).toBe(ctx.dialect === 'sqlite' ? 2 : 6);
  });
});
