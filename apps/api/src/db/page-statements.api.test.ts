import { describe, expect, it } from 'vitest';
import { pageOfRole, usersOfTwoRoles } from './page-statements.test-support.js';
import { keptPageStatementCount, pageStatementKey } from './paginate.js';

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
