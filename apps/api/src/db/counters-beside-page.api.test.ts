import { describe, expect, it } from 'vitest';
import { recordingStatements } from '../test/statement-recorder.js';
import { readCounterSets, type UnboundCounterRead } from './counters.js';
import { readersOfRole, usersOfTwoRoles } from './page-statements.test-support.js';
import { pageStatementKey } from './paginate.js';

/*
 * A list's page and the kept counters its count comes from, read together (db/paginate.ts
 * `rowsBeside`): on PostgreSQL the counters ride in the page's ids' statement, one round trip fewer;
 * on SQLite both are read at once in-process. Either way the same rows and buckets as read apart.
 */

const READS: readonly UnboundCounterRead[] = [{ list: 'users_state' }, { list: 'users', withoutMonth: true }];

describe("counters read beside a page's ids", () => {
  const fixture = usersOfTwoRoles();

  it('gives the rows of the page and the buckets of each read, keyed or not', async () => {
    const { db } = fixture.ctx();
    const apart = await readCounterSets(db, READS);
    expect(apart[0]?.length).toBeGreaterThan(0);
    for (const key of [undefined, pageStatementKey('test-beside', 'client')]) {
      const page = { limit: 2, offset: 1, key };
      const beside = await readersOfRole(db, 'client', page).rowsBeside(READS);
      expect(beside.rows.map((row) => row.id)).toEqual(fixture.idsOf().client.slice(1, 3));
      expect(beside.rows).toEqual(await readersOfRole(db, 'client', page).rows());
      expect(beside.sets).toEqual(apart);
    }
  });

  it('gives the buckets of a page past the end, and the counters as they are after a write', async () => {
    const { db } = fixture.ctx();
    const before = await readersOfRole(db, 'provider', { limit: 5, offset: 50 }).rowsBeside(READS);
    expect(before.rows).toEqual([]);
    expect(before.sets).toEqual(await readCounterSets(db, READS));
    await db.updateTable('users').set({ is_phone_verified: true }).where('role', '=', 'provider').execute();
    const after = await readersOfRole(db, 'provider', {
      limit: 5,
      offset: 50,
      key: pageStatementKey('test-beside', 'provider'),
    }).rowsBeside(READS);
    expect(after.sets).toEqual(await readCounterSets(db, READS));
    expect(after.sets[0]).not.toEqual(before.sets[0]);
  });

  it('sends two statements for a page and its counters, one for an empty page on PostgreSQL', async () => {
    const { db, dialect } = fixture.ctx();
    const recorded = recordingStatements(db);
    const key = pageStatementKey('test-beside-count', 'client');
    await readersOfRole(recorded.db, 'client', { limit: 3, offset: 0, key }).rowsBeside(READS);
    expect(recorded.statements).toHaveLength(2);
    recorded.statements.length = 0;
    await readersOfRole(recorded.db, 'client', { limit: 3, offset: 60, key }).rowsBeside(READS);
    expect(recorded.statements).toHaveLength(dialect === 'postgres' ? 1 : 2);
  });
});
