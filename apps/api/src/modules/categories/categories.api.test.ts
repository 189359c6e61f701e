import type { Category, CategoryList, ErrorBody, Subcategory, SubcategoryList } from '@kwanza/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertUser } from '../../test/factories.js';
import { createTestContext, type RequestMethod, type TestContext } from '../../test/test-context.js';
import { insertProject } from '../projects/projects.factories.js';

describe('categories API: catalogue, validation, safe deletes', () => {
  let ctx: TestContext;
  let client: number;

  const send = (method: RequestMethod, url: string, payload?: object) => ctx.request(method, url, payload);

  async function createCategory(name: string, extra: object = {}): Promise<Category> {
    const response = await send('POST', '/api/categories/', { name, ...extra });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Category>();
  }

  async function createSubcategory(name: string, category: number): Promise<Subcategory> {
    const response = await send('POST', '/api/subcategories/', { name, category });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Subcategory>();
  }

  async function categories(): Promise<CategoryList> {
    const response = await send('GET', '/api/categories/');
    expect(response.statusCode).toBe(200);
    return response.json<CategoryList>();
  }

  async function projectCategory(id: number) {
    return ctx.db
      .selectFrom('projects')
      .select(['category_id', 'subcategory_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  /** The kept project counts agree with a count of the projects table. */
  async function expectKeptCountsExact(): Promise<void> {
    const projects = await ctx.db.selectFrom('projects').select(['category_id', 'subcategory_id']).execute();
    for (const category of await ctx.db.selectFrom('categories').select(['id', 'projects_count']).execute()) {
      expect(category.projects_count).toBe(projects.filter((p) => p.category_id === category.id).length);
    }
    for (const sub of await ctx.db.selectFrom('subcategories').select(['id', 'projects_count']).execute()) {
      expect(sub.projects_count).toBe(projects.filter((p) => p.subcategory_id === sub.id).length);
    }
  }

  beforeAll(async () => {
    ctx = await createTestContext();
    client = await insertUser(ctx.db, { first_name: 'Ana', last_name: 'Kaputo' });
  });
  afterAll(async () => ctx.close());
  beforeEach(async () => {
    await ctx.db.deleteFrom('projects').execute();
    await ctx.db.deleteFrom('subcategories').execute();
    await ctx.db.deleteFrom('categories').execute();
  });

  it('lists categories in French order with their subcategory and project counts', async () => {
    const electricite = await createCategory('Électricité', { description: 'Câblage', icon: 'bolt' });
    const beaute = await createCategory('beauté');
    const eau = await createCategory('Eau et plomberie');
    await createCategory('Zèbre');
    const prise = await createSubcategory('Prises', electricite.id);
    await createSubcategory('Tableaux', electricite.id);
    await insertProject(ctx.db, { client_id: client, category_id: electricite.id, subcategory_id: prise.id });
    await insertProject(ctx.db, { client_id: client, category_id: electricite.id });
    await insertProject(ctx.db, { client_id: client, category_id: beaute.id });

    const list = await categories();
    expect(list.map((c) => c.name)).toEqual(['beauté', 'Eau et plomberie', 'Électricité', 'Zèbre']);
    const byId = new Map(list.map((c) => [c.id, c]));
    expect(byId.get(electricite.id)).toMatchObject({
      description: 'Câblage',
      icon: 'bolt',
      image_url: null,
      subcategories_count: 2,
      projects_count: 2,
    });
    expect(byId.get(eau.id)).toMatchObject({ subcategories_count: 0, projects_count: 0 });

    const subs = await send('GET', `/api/subcategories/?category=${electricite.id}`);
    expect(subs.json<SubcategoryList>()).toEqual([
      expect.objectContaining({
        name: 'Prises',
        category: electricite.id,
        category_name: 'Électricité',
        projects_count: 1,
      }),
      expect.objectContaining({ name: 'Tableaux', projects_count: 0 }),
    ]);
    const all = await send('GET', '/api/subcategories/');
    expect(all.json<SubcategoryList>()).toHaveLength(2);
    expect((await send('GET', '/api/subcategories/?category=abc')).statusCode).toBe(400);
  });

  it('keeps project counts exact as projects are created, moved and deleted', async () => {
    const a = await createCategory('A');
    const b = await createCategory('B');
    const a1 = await createSubcategory('A1', a.id);
    const b1 = await createSubcategory('B1', b.id);
    const first = await insertProject(ctx.db, {
      client_id: client,
      category_id: a.id,
      subcategory_id: a1.id,
    });
    const second = await insertProject(ctx.db, { client_id: client, category_id: a.id });
    await expectKeptCountsExact();
    await ctx.db
      .updateTable('projects')
      .set({ category_id: b.id, subcategory_id: b1.id })
      .where('id', '=', first)
      .execute();
    await ctx.db.updateTable('projects').set({ title: 'Renommé' }).where('id', '=', second).execute();
    await expectKeptCountsExact();
    await ctx.db.deleteFrom('projects').where('id', '=', second).execute();
    await expectKeptCountsExact();
    expect((await categories()).map((c) => c.projects_count)).toEqual([0, 1]);
  });

  it('answers 401 without a token (the guard covers the catalogue)', async () => {
    expect((await ctx.request('GET', '/api/categories/', undefined, { token: null })).statusCode).toBe(401);
    expect((await ctx.request('POST', '/api/categories/', { name: 'X' }, { token: 'abc' })).statusCode).toBe(
      401,
    );
  });

  it('validates names, icons, image URLs and parents with French field errors', async () => {
    const missing = await send('POST', '/api/categories/', { description: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<ErrorBody>().errors?.name).toEqual(['Le nom est requis']);

    const blank = await send('POST', '/api/categories/', { name: '   ' });
    expect(blank.json<ErrorBody>().errors?.name).toEqual(['Le nom est requis']);

    const badUrl = await send('POST', '/api/categories/', {
      name: 'Jardin',
      image_url: 'javascript:alert(1)',
    });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json<ErrorBody>().errors?.image_url?.[0]).toMatch(/http:\/\/ ou https:\/\//);
    const relative = await send('POST', '/api/categories/', { name: 'Jardin', image_url: '/images/x.png' });
    expect(relative.statusCode).toBe(400);

    const badIcon = await send('POST', '/api/categories/', { name: 'Jardin', icon: 'fa fa-home"><script>' });
    expect(badIcon.statusCode).toBe(400);
    expect(badIcon.json<ErrorBody>().errors?.icon?.[0]).toMatch(
      /lettres, de chiffres, de tirets ou de soulignés/,
    );

    const long = await send('POST', '/api/categories/', { name: 'x'.repeat(101) });
    expect(long.json<ErrorBody>().errors?.name?.[0]).toMatch(/100 caractères/);

    const created = await createCategory('  Jardin  ', {
      icon: 'local_florist-2',
      image_url: 'https://images.example.com/jardin.jpg',
      description: '  Entretien  ',
    });
    expect(created).toMatchObject({
      name: 'Jardin',
      icon: 'local_florist-2',
      description: 'Entretien',
      image_url: 'https://images.example.com/jardin.jpg',
    });

    const noParent = await send('POST', '/api/subcategories/', { name: 'Tonte' });
    expect(noParent.statusCode).toBe(400);
    expect(noParent.json<ErrorBody>().errors?.category).toEqual(['La catégorie parente est requise']);
    const unknownParent = await send('POST', '/api/subcategories/', { name: 'Tonte', category: 999_999 });
    expect(unknownParent.statusCode).toBe(400);
    expect(unknownParent.json<ErrorBody>().errors?.category).toEqual(["La catégorie parente n'existe pas"]);
    expect(await ctx.db.selectFrom('subcategories').selectAll().execute()).toEqual([]);
  });

  it('refuses names that differ only by accents or case, per parent for subcategories', async () => {
    const electricite = await createCategory('Électricité');
    const clash = await send('POST', '/api/categories/', { name: 'electricite' });
    expect(clash.statusCode).toBe(400);
    expect(clash.json<ErrorBody>().errors?.name).toEqual(['Une catégorie porte déjà ce nom']);
    const other = await createCategory('Plomberie');
    const rename = await send('PUT', `/api/categories/${other.id}/`, { name: 'ÉLECTRICITÉ' });
    expect(rename.statusCode).toBe(400);
    // Saving a category under its own name (another case) is not a clash.
    const same = await send('PUT', `/api/categories/${electricite.id}/`, {
      name: 'Electricité',
      icon: 'bolt',
    });
    expect(same.statusCode).toBe(200);
    expect(same.json<Category>()).toMatchObject({ name: 'Electricité', icon: 'bolt' });

    await createSubcategory('Prises', electricite.id);
    const subClash = await send('POST', '/api/subcategories/', { name: 'prises', category: electricite.id });
    expect(subClash.statusCode).toBe(400);
    expect(subClash.json<ErrorBody>().errors?.name).toEqual([
      'Cette catégorie a déjà une sous-catégorie de ce nom',
    ]);
    // The same name under another parent is fine.
    await createSubcategory('Prises', other.id);
  });

  it('accepts the parent as an id or as an object and answers both the id and the name', async () => {
    const travaux = await createCategory('Travaux');
    const jardin = await createCategory('Jardin');
    const sub = await createSubcategory('Peinture', travaux.id);
    const project = await insertProject(ctx.db, {
      client_id: client,
      category_id: travaux.id,
      subcategory_id: sub.id,
    });
    const moved = await send('PUT', `/api/subcategories/${sub.id}/`, {
      name: 'Peinture murale',
      description: 'Intérieur',
      category: { id: jardin.id, name: 'Jardin' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<Subcategory>()).toMatchObject({
      name: 'Peinture murale',
      description: 'Intérieur',
      category: jardin.id,
      category_name: 'Jardin',
    });
    // Its project follows it to the new parent.
    expect(await projectCategory(project)).toEqual({ category_id: jardin.id, subcategory_id: sub.id });
    await expectKeptCountsExact();
    expect(
      (await send('PUT', '/api/subcategories/999999/', { name: 'X', category: jardin.id })).statusCode,
    ).toBe(404);
    expect((await send('PUT', '/api/categories/999999/', { name: 'X' })).statusCode).toBe(404);
  });

  it('refuses to delete a category used by projects unless they move, then moves and deletes in one go', async () => {
    const travaux = await createCategory('Travaux');
    const jardin = await createCategory('Jardin');
    const peinture = await createSubcategory('Peinture', travaux.id);
    await createSubcategory('Maçonnerie', travaux.id);
    const tonte = await createSubcategory('Tonte', jardin.id);
    const inTravaux = await insertProject(ctx.db, {
      client_id: client,
      category_id: travaux.id,
      subcategory_id: peinture.id,
    });
    const alsoTravaux = await insertProject(ctx.db, { client_id: client, category_id: travaux.id });
    const inJardin = await insertProject(ctx.db, {
      client_id: client,
      category_id: jardin.id,
      subcategory_id: tonte.id,
    });

    const refused = await send('DELETE', `/api/categories/${travaux.id}/`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ErrorBody>()).toMatchObject({
      code: 'category_in_use',
      detail: expect.stringContaining('2 projets'),
    });
    expect(await ctx.db.selectFrom('subcategories').select('id').execute()).toHaveLength(3);

    const toItself = await send('DELETE', `/api/categories/${travaux.id}/?move_projects_to=${travaux.id}`);
    expect(toItself.statusCode).toBe(400);
    const toNowhere = await send('DELETE', `/api/categories/${travaux.id}/?move_projects_to=999999`);
    expect(toNowhere.statusCode).toBe(400);
    expect(toNowhere.json<ErrorBody>().errors?.move_projects_to).toBeDefined();
    expect(await projectCategory(inTravaux)).toEqual({
      category_id: travaux.id,
      subcategory_id: peinture.id,
    });

    const moved = await send('DELETE', `/api/categories/${travaux.id}/?move_projects_to=${jardin.id}`);
    expect(moved.statusCode).toBe(204);
    expect(await projectCategory(inTravaux)).toEqual({ category_id: jardin.id, subcategory_id: null });
    expect(await projectCategory(alsoTravaux)).toEqual({ category_id: jardin.id, subcategory_id: null });
    expect(await projectCategory(inJardin)).toEqual({ category_id: jardin.id, subcategory_id: tonte.id });
    // Its subcategories went with it; the other category's stayed.
    const left = await ctx.db.selectFrom('subcategories').select('name').execute();
    expect(left.map((row) => row.name)).toEqual(['Tonte']);
    expect((await categories()).map((c) => [c.name, c.projects_count])).toEqual([['Jardin', 3]]);
    await expectKeptCountsExact();
    expect((await send('DELETE', `/api/categories/${travaux.id}/`)).statusCode).toBe(404);
  });

  it('deletes an unused category with its subcategories at once', async () => {
    const vide = await createCategory('Vide');
    await createSubcategory('Une', vide.id);
    await createSubcategory('Deux', vide.id);
    expect((await send('DELETE', `/api/categories/${vide.id}/`)).statusCode).toBe(204);
    expect(await ctx.db.selectFrom('subcategories').select('id').execute()).toEqual([]);
  });

  it('deletes subcategories: unused at once, used only with a move to another subcategory', async () => {
    const travaux = await createCategory('Travaux');
    const jardin = await createCategory('Jardin');
    const peinture = await createSubcategory('Peinture', travaux.id);
    const unused = await createSubcategory('Vitrerie', travaux.id);
    const tonte = await createSubcategory('Tonte', jardin.id);
    const project = await insertProject(ctx.db, {
      client_id: client,
      category_id: travaux.id,
      subcategory_id: peinture.id,
    });

    expect((await send('DELETE', `/api/subcategories/${unused.id}/`)).statusCode).toBe(204);
    const refused = await send('DELETE', `/api/subcategories/${peinture.id}/`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<ErrorBody>().detail).toContain('1 projet');
    const moved = await send('DELETE', `/api/subcategories/${peinture.id}/?move_projects_to=${tonte.id}`);
    expect(moved.statusCode).toBe(204);
    expect(await projectCategory(project)).toEqual({ category_id: jardin.id, subcategory_id: tonte.id });
    await expectKeptCountsExact();
    expect((await send('DELETE', `/api/subcategories/${peinture.id}/`)).statusCode).toBe(404);
  });

  it('lets one of two concurrent saves of the same name win, never both', async () => {
    const answers = await Promise.all([
      send('POST', '/api/categories/', { name: 'Électricité' }),
      send('POST', '/api/categories/', { name: 'electricite' }),
      send('POST', '/api/categories/', { name: 'ELECTRICITE' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400, 400]);
    for (const refused of answers.filter((a) => a.statusCode === 400)) {
      expect(refused.json<ErrorBody>().errors?.name).toEqual(['Une catégorie porte déjà ce nom']);
    }
    expect(await categories()).toHaveLength(1);
  });

  it('never leaves a project without its category when two deletes race (move into the other)', async () => {
    const a = await createCategory('A');
    const b = await createCategory('B');
    const inA = await insertProject(ctx.db, { client_id: client, category_id: a.id });
    const inB = await insertProject(ctx.db, { client_id: client, category_id: b.id });
    const answers = await Promise.all([
      send('DELETE', `/api/categories/${a.id}/?move_projects_to=${b.id}`),
      send('DELETE', `/api/categories/${b.id}/?move_projects_to=${a.id}`),
    ]);
    const codes = answers.map((answer) => answer.statusCode).sort();
    // The first to lock wins; the second finds its destination gone (400).
    expect(codes).toEqual([204, 400]);
    const survivor = (await categories())[0];
    expect(survivor).toBeDefined();
    expect(await projectCategory(inA)).toEqual({ category_id: survivor?.id, subcategory_id: null });
    expect(await projectCategory(inB)).toEqual({ category_id: survivor?.id, subcategory_id: null });
    await expectKeptCountsExact();
  });
});
