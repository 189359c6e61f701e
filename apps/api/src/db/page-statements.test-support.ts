import type { Kysely } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { insertUser } from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/test-context.js';
import { type PageWindow, pageReaders } from './paginate.js';
import type { Database } from './schema.js';

export type Role = 'client' | 'provider';

/** The readers of a page of the users of `role`, newest id first, as the lists build theirs. */
export function readersOfRole(db: Kysely<Database>, role: Role, page: PageWindow) {
  return pageReaders(
    db,
    page,
    (ids) =>
      db
        .selectFrom('users')
        .select(['users.id', 'users.role'])
        .where('users.id', 'in', ids)
        .orderBy('users.id', 'desc'),
    (among?: readonly number[]) =>
      (among
        ? db.selectFrom('users').where('users.id', 'in', among)
        : db.selectFrom('users').where('users.role', '=', role)
      )
        .select('users.id')
        .orderBy('users.id', 'desc'),
  );
}

/** Users of `role`, newest id first, a page of them, read through pageReaders as the lists read theirs. */
export function pageOfRole(db: Kysely<Database>, role: Role, page: PageWindow): Promise<number[]> {
  return readersOfRole(db, role, page)
    .rows()
    .then((rows) => rows.map((row) => row.id));
}

/** Six clients and three providers; each role's ids newest first. */
async function insertUsersOfTwoRoles(db: Kysely<Database>): Promise<Record<Role, number[]>> {
  const ids: Record<Role, number[]> = { client: [], provider: [] };
  for (let index = 0; index < 9; index += 1) {
    const role: Role = index % 3 === 0 ? 'provider' : 'client';
    ids[role].unshift(await insertUser(db, { role }));
  }
  return ids;
}

/** A database of the dialect under test with those users, for the describe block that calls it. */
export function usersOfTwoRoles(): { ctx: () => TestContext; idsOf: () => Record<Role, number[]> } {
  let ctx: TestContext | undefined;
  let idsOf: Record<Role, number[]> = { client: [], provider: [] };
  beforeAll(async () => {
    ctx = await createTestContext();
    idsOf = await insertUsersOfTwoRoles(ctx.db);
  });
  afterAll(() => ctx?.close());
  return {
    ctx: () => {
      if (!ctx) throw new Error('Base de test non ouverte');
      return ctx;
    },
    idsOf: () => idsOf,
  };
}
