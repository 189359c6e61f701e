import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-context.js';
import { insertProject } from '../projects/projects.factories.js';

describe('editing a client keeps project search right', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('finds the client’s projects by the new name and no longer by the old one', async () => {
    const clientId = await insertUser(ctx.db, { username: 'mbunda', first_name: 'Ana', last_name: 'Kiala' });
    await insertProject(ctx.db, {
      client_id: clientId,
      title: 'Peinture salon',
      clientName: 'Ana Kiala mbunda',
    });

    const patch = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/users/${clientId}/`,
      headers: ctx.auth,
      payload: { first_name: 'Ângela', last_name: 'Tchissola' },
    });
    expect(patch.statusCode).toBe(200);

    const byNewName = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/projects/?search=angela tchissola',
      headers: ctx.auth,
    });
    expect(byNewName.json().results.map((project: { title: string }) => project.title)).toEqual([
      'Peinture salon',
    ]);
    const byOldName = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/projects/?search=kiala',
      headers: ctx.auth,
    });
    expect(byOldName.json().count).toBe(0);
  });
});
