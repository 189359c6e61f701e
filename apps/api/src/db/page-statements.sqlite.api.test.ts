import { describe, expect, it } from 'vitest';
import { pageOfRole, type Role, usersOfTwoRoles } from './page-statements.test-support.js';
import { KEPT_PAGE_STATEMENTS, keptPageStatementCount, pageStatementKey } from './paginate.js';

/*
 * SQLite keeps a keyed page's statement as built at its first page (db/paginate.ts), up to
 * KEPT_PAGE_STATEMENTS, the least recently used dropped first.
 */

describe('page statements kept by key (SQLite)', () => {
  const fixture = usersOfTwoRoles();

  it('trusts its key: the statement kept for a key is the one built at its first page', async () => {
    const key = pageStatementKey('test-users-trusted', 'client');
    await pageOfRole(fixture.ctx().db, 'client', { limit: 3, offset: 0, key });
    // Why a key must name every value its statement is built from (pageStatementKey's callers).
    expect(await pageOfRole(fixture.ctx().db, 'provider', { limit: 3, offset: 0, key })).toEqual(
      fixture.idsOf().client.slice(0, 3),
    );
    expect(await pageOfRole(fixture.ctx().db, 'provider', { limit: 3, offset: 0 })).toEqual(
      fixture.idsOf().provider.slice(0, 3),
    );
  });

  it('keeps at most KEPT_PAGE_STATEMENTS, dropping the least recently used', async () => {
    const first = pageStatementKey('test-users-many', 0);
    await pageOfRole(fixture.ctx().db, 'client', { limit: 1, offset: 0, key: first });
    for (let index = 1; index <= KEPT_PAGE_STATEMENTS; index += 1) {
      const role: Role = index % 2 === 0 ? 'client' : 'provider';
      await pageOfRole(fixture.ctx().db, role, {
        limit: 1,
        offset: 0,
        key: pageStatementKey('test-users-many', index),
      });
    }
    expect(keptPageStatementCount()).toBe(KEPT_PAGE_STATEMENTS);
    // The first key was dropped: built again, from the providers' query this time.
    expect(await pageOfRole(fixture.ctx().db, 'provider', { limit: 1, offset: 0, key: first })).toEqual(
      fixture.idsOf().provider.slice(0, 1),
    );
    // The most recent one is still kept: its own statement (the clients') runs.
    const last = pageStatementKey('test-users-many', KEPT_PAGE_STATEMENTS);
    expect(await pageOfRole(fixture.ctx().db, 'provider', { limit: 1, offset: 0, key: last })).toEqual(
      fixture.idsOf().client.slice(0, 1),
    );
  });
});
