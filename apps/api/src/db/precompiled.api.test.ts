import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/test-context.js';
import { precompiled } from './precompiled.js';

/*
 * A precompiled query runs the SQL compiled at its first call with each later call's values in
 * their places, constants kept (SQLite and PostgreSQL).
 */

describe('precompiled queries', () => {
  let ctx: TestContext;
  const ids: number[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
    ids.push(await insertUser(ctx.db, { first_name: 'Ana', last_name: 'Kiala', role: 'client' }));
    ids.push(await insertUser(ctx.db, { first_name: 'Bento', last_name: 'Kiala', role: 'provider' }));
    ids.push(await insertUser(ctx.db, { first_name: 'Ana', last_name: 'Mbala', role: 'provider' }));
  });
  afterAll(() => ctx.close());

  // A constant (the last name) between the two values: it stays in its place in every call.
  const namedKiala = precompiled(2, (db, firstName: string, role: 'client' | 'provider') =>
    db
      .selectFrom('users')
      .select(['id', 'first_name', 'role'])
      .where('first_name', '=', firstName)
      .where('last_name', '=', 'Kiala')
      .where('role', '=', role)
      .orderBy('id'),
  );

  it('runs the same SQL with each call’s values', async () => {
    expect(await namedKiala.execute(ctx.db, 'Ana', 'client')).toEqual([
      { id: ids[0], first_name: 'Ana', role: 'client' },
    ]);
    expect(await namedKiala.execute(ctx.db, 'Bento', 'provider')).toEqual([
      { id: ids[1], first_name: 'Bento', role: 'provider' },
    ]);
    // Ana Mbala is a provider, but not a Kiala: the constant is still bound.
    expect(await namedKiala.execute(ctx.db, 'Ana', 'provider')).toEqual([]);
  });

  it('binds a value used twice, and numbers, and runs inside a transaction', async () => {
    const sameNameTwice = precompiled(2, (db, name: string, fromId: number) =>
      db
        .selectFrom('users')
        .select('id')
        .where((eb) => eb.or([eb('first_name', '=', name), eb('last_name', '=', name)]))
        .where('id', '>=', fromId)
        .orderBy('id'),
    );
    const found = await ctx.db
      .transaction()
      .execute((trx) => sameNameTwice.execute(trx, 'Kiala', ids[1] ?? 0));
    expect(found).toEqual([{ id: ids[1] }]);
    expect(await sameNameTwice.executeTakeFirst(ctx.db, 'Ana', 0)).toEqual({ id: ids[0] });
  });

  it('refuses a query that leaves a value out of its SQL', async () => {
    const forgetful = precompiled(1, (db, _role: string) => db.selectFrom('users').select('id'));
    await expect(forgetful.execute(ctx.db, 'client')).rejects.toThrow(/valeur\(s\) absente\(s\) du SQL/);
  });
});
