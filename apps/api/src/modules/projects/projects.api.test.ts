import type { Project, ProjectPage, ProjectStats } from '@kwanza/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-context.js';
import { insertConversation } from '../conversations/conversations.factories.js';
import { insertDispute } from '../disputes/disputes.factories.js';
import { insertProviderProfile } from '../providers/providers.factories.js';
import { insertCategory, insertOffer, insertProject } from './projects.factories.js';
import { getProjectStats } from './projects.repository.js';

const STATUSES = ['open', 'in_progress', 'completed', 'cancelled', 'closed', 'paused'] as const;

/** A timestamp `daysAgo` days before now, at noon UTC. */
function daysAgo(days: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString();
}

describe('projects API: list, detail, update, offers, delete', () => {
  let ctx: TestContext;
  let elodie: number;
  let bruno: number;
  let provider: number;
  let providerWithoutName: number;
  let design: number;
  let travaux: number;
  const ids: Record<string, number> = {};

  const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: ctx.auth });
  const list = async (query: string) => {
    const response = await get(`/api/admin/projects/?${query}`);
    expect(response.statusCode).toBe(200);
    return response.json<ProjectPage>();
  };

  beforeAll(async () => {
    ctx = await createTestContext();
    elodie = await insertUser(ctx.db, { first_name: 'Élodie', last_name: 'Santos', username: 'elodie' });
    bruno = await insertUser(ctx.db, { first_name: 'Bruno', last_name: 'Costa', username: 'bruno' });
    provider = await insertUser(ctx.db, { first_name: 'Paulo', last_name: 'Mendes', role: 'provider' });
    providerWithoutName = await insertUser(ctx.db, {
      first_name: '',
      last_name: '',
      username: 'anonyme',
      role: 'provider',
    });
    await insertProviderProfile(ctx.db, provider, {
      average_rating: 4.25,
      total_reviews: 3,
      services_count: 1,
    });
    design = await insertCategory(ctx.db, 'Design');
    travaux = await insertCategory(ctx.db, 'Travaux');

    ids.renovation = await insertProject(ctx.db, {
      client_id: elodie,
      clientName: 'Élodie Santos',
      title: 'Rénovation de cuisine',
      description: 'Carrelage et peinture',
      category_id: travaux,
      status: 'open',
      min_budget: 5000,
      max_budget: 5000,
      location: 'Luanda',
      deadline: '2026-12-31',
      required_skills: JSON.stringify(['Carrelage', 'Peinture']),
      views_count: 12,
      favorites_count: 3,
      created_at: daysAgo(1),
    });
    ids.logo = await insertProject(ctx.db, {
      client_id: bruno,
      clientName: 'Bruno Costa',
      title: 'Logo pour café',
      description: 'Identité visuelle complète',
      category_id: design,
      status: 'completed',
      budget_range: '1000_10000',
      created_at: daysAgo(2),
    });
    ids.site = await insertProject(ctx.db, {
      client_id: bruno,
      clientName: 'Bruno Costa',
      title: 'Site vitrine',
      description: 'Site pour un hôtel à Benguela',
      category_id: design,
      status: 'closed',
      min_budget: 2000,
      created_at: daysAgo(3),
    });
    ids.jardin = await insertProject(ctx.db, {
      client_id: elodie,
      clientName: 'Élodie Santos',
      title: 'Entretien du jardin',
      status: 'in_progress',
      max_budget: 800,
      created_at: daysAgo(4),
    });
    for (let index = 0; index < 9; index += 1) {
      ids[`filler${index}`] = await insertProject(ctx.db, {
        client_id: bruno,
        clientName: 'Bruno Costa',
        title: `Petit travail ${index}`,
        status: 'cancelled',
        created_at: daysAgo(10 + index),
      });
    }
    await insertOffer(ctx.db, {
      project_id: ids.renovation,
      provider_id: provider,
      status: 'accepted',
      proposed_price: 4800.5,
      delivery_time: 7,
      estimated_duration: '1 semaine',
      message: 'Disponible dès lundi',
      created_at: daysAgo(1),
    });
    await insertOffer(ctx.db, {
      project_id: ids.renovation,
      provider_id: providerWithoutName,
      status: 'pending',
      proposed_price: 5200,
      estimated_duration: '2 semaines',
      created_at: new Date().toISOString(),
    });
  });
  afterAll(() => ctx.close());

  it('lists newest first, 10 per page by default, with count and page links', async () => {
    const page = await list('');
    expect(page.count).toBe(13);
    expect(page.results).toHaveLength(10);
    expect(page.results.map((project) => project.id).slice(0, 4)).toEqual([
      ids.renovation,
      ids.logo,
      ids.site,
      ids.jardin,
    ]);
    expect(page.next).toContain('page=2');
    const second = await list('page=2');
    expect(second.results).toHaveLength(3);
    expect(second.next).toBeNull();
    expect((await list('page_size=5')).results).toHaveLength(5);
  });

  it('gives every field of a project, with client and category names, budget wording and offer count', async () => {
    const page = await list('search=cuisine');
    expect(page.results).toHaveLength(1);
    const project = page.results[0] as Project;
    expect(project).toMatchObject({
      id: ids.renovation,
      title: 'Rénovation de cuisine',
      description: 'Carrelage et peinture',
      status: 'open',
      client_id: elodie,
      client_name: 'Élodie Santos',
      category_id: travaux,
      category_name: 'Travaux',
      budget_range: null,
      min_budget: 5000,
      max_budget: 5000,
      budget_display: '5\u202f000\u00a0AOA',
      location: 'Luanda',
      deadline: '2026-12-31',
      required_skills: ['Carrelage', 'Peinture'],
      views_count: 12,
      favorites_count: 3,
      offers_count: 2,
      admin_notes: null,
    });
    const jardin = (await list('search=jardin')).results[0];
    expect(jardin?.budget_display).toBe("Jusqu'à 800\u00a0AOA");
    expect(jardin?.offers_count).toBe(0);
    const logo = (await list('search=logo')).results[0];
    expect(logo?.budget_display).toBe('De 1\u202f000\u00a0AOA à 10\u202f000\u00a0AOA');
    expect((await list('search=vitrine')).results[0]?.budget_display).toBe('À partir de 2\u202f000\u00a0AOA');
    expect((await list('search=Petit travail 0')).results[0]?.budget_display).toBe('Budget à discuter');
  });

  it('searches title, description and client name without case or accents', async () => {
    expect((await list('search=RENOVATION')).results.map((project) => project.id)).toEqual([ids.renovation]);
    expect((await list('search=hotel')).results.map((project) => project.id)).toEqual([ids.site]);
    const byClient = await list('search=elodie');
    expect(byClient.results.map((project) => project.id).sort()).toEqual([ids.renovation, ids.jardin].sort());
    expect((await list('search=%25')).count).toBe(0);
    expect((await list('search=introuvable')).count).toBe(0);
  });

  it('filters by status, completed also returning closed projects', async () => {
    const completed = await list('status=completed');
    expect(completed.results.map((project) => project.id)).toEqual([ids.logo, ids.site]);
    // counts from the kept counters, summed by the database ('in_progress': '_' taken literally)
    expect(completed.count).toBe(2);
    expect((await list('status=closed')).results.map((project) => project.id)).toEqual([ids.site]);
    expect((await list('status=in_progress')).results.map((project) => project.id)).toEqual([ids.jardin]);
    expect((await list('status=in_progress')).count).toBe(1);
    expect((await list('status=cancelled')).count).toBe(9);
    expect((await list('status=')).count).toBe(13);
    const invalid = await get('/api/admin/projects/?status=archived');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().detail).toMatch(/Statut invalide/);
  });

  it('filters by category and client, combined with the other filters', async () => {
    expect((await list(`category=${design}`)).results.map((project) => project.id)).toEqual([
      ids.logo,
      ids.site,
    ]);
    expect((await list(`client=${elodie}`)).results.map((project) => project.id)).toEqual([
      ids.renovation,
      ids.jardin,
    ]);
    expect(
      (await list(`client=${bruno}&status=completed&category=${design}&search=site`)).results,
    ).toHaveLength(1);
    expect((await list(`category=${design}`)).count).toBe(2);
    expect((await list(`category=${design}&status=closed`)).count).toBe(1);
    expect((await list(`category=${design}&status=completed`)).count).toBe(2);
    expect((await list('category=99999')).count).toBe(0);
    expect((await list('client=99999')).count).toBe(0);
    // Beyond the 32-bit ids of the database: 400 on both databases (PostgreSQL used to answer 500).
    for (const query of [
      'category=abc',
      'client=1.5',
      'page=0',
      'page_size=500',
      'category=99999999999',
      'client=2147483648',
    ]) {
      const response = await get(`/api/admin/projects/?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().detail, query).toMatch(/^Requête invalide/);
    }
  });

  it('returns one project, and French 404 / 400 for unknown and malformed ids', async () => {
    const response = await get(`/api/admin/projects/${ids.logo}/`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: ids.logo,
      client_name: 'Bruno Costa',
      category_name: 'Design',
    });
    const missing = await get('/api/admin/projects/999999/');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe('Projet introuvable.');
    expect((await get('/api/admin/projects/abc/')).statusCode).toBe(400);
    // Beyond the 32-bit ids: a French 400 on both databases for every project route (PostgreSQL used to
    // answer 500).
    for (const [method, url] of [
      ['GET', '/api/admin/projects/2147483648/'],
      ['GET', '/api/admin/projects/99999999999/offers/'],
      ['PATCH', '/api/admin/projects/99999999999/'],
      ['DELETE', '/api/admin/projects/99999999999/'],
    ] as const) {
      const response = await ctx.app.inject({ method, url, headers: ctx.auth, payload: { status: 'open' } });
      expect(response.statusCode, `${method} ${url}`).toBe(400);
      expect(response.json().detail, url).toMatch(/^Requête invalide/);
    }
  });

  it('accepts every status of the life cycle with admin notes, and refuses anything else', async () => {
    const patch = (id: number | string, payload: Record<string, unknown>) =>
      ctx.app.inject({ method: 'PATCH', url: `/api/admin/projects/${id}/`, headers: ctx.auth, payload });
    for (const status of STATUSES) {
      const response = await patch(ids.jardin as number, { status, admin_notes: `Passé à ${status}` });
      expect(response.statusCode, status).toBe(200);
      expect(response.json()).toMatchObject({ id: ids.jardin, status, admin_notes: `Passé à ${status}` });
    }
    const reread = await get(`/api/admin/projects/${ids.jardin}/`);
    expect(reread.json()).toMatchObject({ status: 'paused', admin_notes: 'Passé à paused' });

    const notesOnly = await patch(ids.jardin as number, { admin_notes: '' });
    expect(notesOnly.json()).toMatchObject({ status: 'paused', admin_notes: '' });

    const invalid = await patch(ids.jardin as number, { status: 'archived' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().detail).toMatch(/Statut invalide/);
    expect(invalid.json().errors.status).toBeDefined();
    expect((await patch(ids.jardin as number, { status: 42 })).statusCode).toBe(400);
    expect((await patch(ids.jardin as number, { admin_notes: 'x'.repeat(5001) })).statusCode).toBe(400);
    // A NUL character cannot be stored by PostgreSQL: refused with a French 400 on both databases.
    const nul = await patch(ids.jardin as number, { admin_notes: 'avant\u0000après' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().errors.admin_notes).toEqual(['Les notes contiennent un caractère non autorisé']);
    expect((await get(`/api/admin/projects/${ids.jardin}/`)).json().status).toBe('paused');

    const missing = await patch(999999, { status: 'open' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe('Projet introuvable.');
  });

  it('lists the offers of a project as an array with provider name and rating', async () => {
    const response = await get(`/api/admin/projects/${ids.renovation}/offers/`);
    expect(response.statusCode).toBe(200);
    const offers = response.json();
    expect(Array.isArray(offers)).toBe(true);
    expect(offers).toHaveLength(2);
    expect(offers[0]).toMatchObject({
      provider_id: providerWithoutName,
      provider_name: 'anonyme',
      status: 'pending',
      proposed_price: 5200,
      delivery_time: null,
      estimated_duration: '2 semaines',
      provider_rating: null,
      message: null,
    });
    expect(offers[1]).toMatchObject({
      provider_id: provider,
      provider_name: 'Paulo Mendes',
      status: 'accepted',
      proposed_price: 4800.5,
      delivery_time: 7,
      estimated_duration: '1 semaine',
      provider_rating: 4.25,
      message: 'Disponible dès lundi',
    });
    expect((await get(`/api/admin/projects/${ids.logo}/offers/`)).json()).toEqual([]);
    expect((await get('/api/admin/projects/999999/offers/')).statusCode).toBe(404);
  });

  it('lists every category as a filter option, by name', async () => {
    const response = await get('/api/admin/projects/categories/');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { id: design, name: 'Design' },
      { id: travaux, name: 'Travaux' },
    ]);
  });

  it('deletes a project with its offers, keeping its conversations without a project', async () => {
    const conversation = await insertConversation(ctx.db, {
      client_id: elodie,
      provider_id: provider,
      project_id: ids.renovation as number,
    });
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/projects/${ids.renovation}/`,
      headers: ctx.auth,
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await get(`/api/admin/projects/${ids.renovation}/`)).statusCode).toBe(404);
    const offers = await ctx.db
      .selectFrom('offers')
      .select('id')
      .where('project_id', '=', ids.renovation as number)
      .execute();
    expect(offers).toEqual([]);
    const kept = await ctx.db
      .selectFrom('conversations')
      .select(['id', 'project_id'])
      .where('id', '=', conversation)
      .executeTakeFirst();
    expect(kept).toEqual({ id: conversation, project_id: null });
  });

  it('refuses to delete a project that disputes refer to, with a French 409, and keeps it whole', async () => {
    await insertOffer(ctx.db, { project_id: ids.logo as number, provider_id: provider });
    await insertDispute(ctx.db, { client_id: bruno, provider_id: provider, project_id: ids.logo as number });
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/projects/${ids.logo}/`,
      headers: ctx.auth,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().detail).toBe(
      'Ce projet ne peut pas être supprimé : des litiges y sont rattachés.',
    );
    expect((await get(`/api/admin/projects/${ids.logo}/`)).json().offers_count).toBe(1);

    const missing = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/admin/projects/999999/',
      headers: ctx.auth,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('requires an admin token', async () => {
    for (const url of [
      '/api/admin/projects/',
      '/api/admin/projects/stats/',
      `/api/admin/projects/${ids.logo}/`,
    ]) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
    }
  });
});

describe('projects API: statistics', () => {
  let ctx: TestContext;
  const categoryIds: number[] = [];

  beforeAll(async () => {
    ctx = await createTestContext();
    const client = await insertUser(ctx.db, { first_name: 'Ana', last_name: 'Lima' });
    for (const name of ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot']) {
      categoryIds.push(await insertCategory(ctx.db, name));
    }
    // A deterministic spread: statuses, categories (some none) and dates over the last 14 months.
    for (let index = 0; index < 40; index += 1) {
      const status = STATUSES[(index * 7) % STATUSES.length] ?? 'open';
      const categoryId = index % 9 === 0 ? null : (categoryIds[(index * index) % categoryIds.length] ?? null);
      await insertProject(ctx.db, {
        client_id: client,
        status,
        category_id: categoryId,
        created_at: daysAgo((index * 37) % 430),
      });
    }
  });
  afterAll(() => ctx.close());

  it('matches counts made independently from the rows', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/projects/stats/',
      headers: ctx.auth,
    });
    expect(response.statusCode).toBe(200);
    const stats = response.json<ProjectStats>();

    const rows = await ctx.db
      .selectFrom('projects')
      .leftJoin('categories', 'categories.id', 'projects.category_id')
      .select(['projects.status', 'projects.created_at', 'categories.name'])
      .execute();
    expect(stats.total_projects).toBe(rows.length);
    for (const status of STATUSES) {
      expect(stats.by_status[status], status).toBe(rows.filter((row) => row.status === status).length);
    }

    const now = new Date();
    const expectedMonths: string[] = [];
    for (let back = 11; back >= 0; back -= 1) {
      const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
      expectedMonths.push(date.toISOString().slice(0, 7));
    }
    expect(stats.monthly_stats.map((entry) => entry.month)).toEqual(expectedMonths);
    for (const entry of stats.monthly_stats) {
      const expected = rows.filter(
        (row) => new Date(row.created_at).toISOString().slice(0, 7) === entry.month,
      ).length;
      expect(entry.count, entry.month).toBe(expected);
    }

    const perCategory = new Map<string, number>();
    for (const row of rows) if (row.name) perCategory.set(row.name, (perCategory.get(row.name) ?? 0) + 1);
    const expectedTop = [...perCategory.entries()]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, 5)
      .map(([name, count]) => ({ category__name: name, count }));
    expect(stats.top_categories).toEqual(expectedTop);
  });

  it('fills months without projects with 0 for a pinned clock', async () => {
    const stats = await getProjectStats(ctx.db, new Date('2031-03-15T10:00:00Z'));
    expect(stats.monthly_stats).toHaveLength(12);
    expect(stats.monthly_stats[0]).toEqual({ month: '2030-04', count: 0 });
    expect(stats.monthly_stats[11]).toEqual({ month: '2031-03', count: 0 });
    expect(stats.monthly_stats.every((entry) => entry.count === 0)).toBe(true);
  });

  it('buckets by UTC month at the month boundaries', async () => {
    const client = await insertUser(ctx.db);
    await insertProject(ctx.db, { client_id: client, created_at: '2029-01-31T23:59:59.999Z' });
    await insertProject(ctx.db, { client_id: client, created_at: '2029-02-01T00:00:00.000Z' });
    await insertProject(ctx.db, { client_id: client, created_at: '2029-02-28T23:00:00.000Z' });
    await insertProject(ctx.db, { client_id: client, created_at: '2029-03-01T00:00:00.000Z' });
    const stats = await getProjectStats(ctx.db, new Date('2029-02-10T00:00:00Z'));
    expect(stats.monthly_stats.at(-2)).toEqual({ month: '2029-01', count: 1 });
    expect(stats.monthly_stats.at(-1)).toEqual({ month: '2029-02', count: 2 });
  });
});
