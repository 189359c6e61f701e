import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/test-context.js';
import { insertUsersOfTwoRoles, pageOfRole, type Role } from './page-statements.test-support.js';
import { keptPageStatementCount, pageStatementKey } from './paginate.js';

/*
 * A keyed page's statement is compiled once on SQLite (db/paginate.ts `keptPageStatement`): each
 * later page of the same key runs it with its own limit and offset, another key has its own.
 * PostgreSQL builds its pages as before: the same rows on both.
 */

describe('page statements kept by key', () => {
  let ctx: TestContext;
  let idsOf: Record<Role, number[]>;

  beforeAll(async () => {
    ctx = await createTestContext();
    idsOf = await insertUsersOfTwoRoles(ctx.db);
  });
  afterAll(() => ctx.close());

  it('runs each page of a key with its own limit and offset, each key with its own values', async () => {
    const kept = keptPageStatementCount();
    const clients = pageStatementKey('test-users', 'client');
    expect(await pageOfRole(ctx.db, 'client', { limit: 2, offset: 0, key: clients })).toEqual(
      idsOf.client.slice(0, 2),
    );
    expect(await pageOfRole(ctx.db, 'client', { limit: 2, offset: 2, key: clients })).toEqual(
      idsOf.client.slice(2, 4),
    );
    expect(await pageOfRole(ctx.db, 'client', { limit: 5, offset: 4, key: clients })).toEqual(
      idsOf.client.slice(4),
    );
    const providers = pageStatementKey('test-users', 'provider');
    expect(await pageOfRole(ctx.db, 'provider', { limit: 2, offset: 1, key: providers })).toEqual(
      idsOf.provider.slice(1, 3),
    );
    // Inside a transaction too.
    const inTransaction = await ctx.db
      .transaction()
      .execute((trx) => pageOfRole(trx, 'client', { limit: 1, offset: 1, key: clients }));
    expect(inTransaction).toEqual(idsOf.client.slice(1, 2));
    expect(keptPageStatementCount() - kept).toBe(ctx.dialect === 'sqlite' ? 2 : 0);
  });
});
