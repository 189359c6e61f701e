import { type Insertable, type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationSearchText, providerVerificationSearchText } from '../lib/search-text.js';
import { insertCategory, projectRow } from '../modules/projects/projects.factories.js';
import { insertUser, userRow } from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/test-context.js';
import { DEEP_PAGE_OFFSET, setDeepPageOffsetForTests } from './deep-pages.js';
import type {
  ClientVerificationsTable,
  Database,
  NotificationsTable,
  ProviderVerificationsTable,
  UsersTable,
} from './schema.js';

/*
 * Deep pages start at their month and day, told by the kept counters (db/deep-pages.ts): every deep
 * page holds the rows the plain offset over the list's order holds, for each filter of the users,
 * projects, both verification lists and the notifications, on month boundaries and at their edges.
 * Pages are deep here from DEEP_FROM on (DEEP_PAGE_OFFSET in the API), so that every filter of a few
 * hundred rows has deep pages.
 */

const MONTHS = 14;
const ROWS = 1500;
const CHUNK = 200;
const DEEP_FROM = 30;

/** The instant of row `index`: spread over MONTHS months, with some at a month's first and last instants. */
function instantOf(index: number): string {
  const month = index % MONTHS;
  const year = 2025 + Math.floor((month + 9) / 12);
  const monthOfYear = ((month + 9) % 12) + 1;
  const first = Date.UTC(year, monthOfYear - 1, 1);
  const next = Date.UTC(year, monthOfYear, 1);
  if (index % 97 === 0) return new Date(first).toISOString();
  if (index % 89 === 0) return new Date(next - 1).toISOString();
  return new Date(first + ((index * 7919) % (next - first))).toISOString();
}

async function insertInChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK) await insert(rows.slice(start, start + CHUNK));
}

describe('deep pages', () => {
  let ctx: TestContext;
  let db: Kysely<Database>;
  let categories: number[];

  beforeAll(async () => {
    setDeepPageOffsetForTests(DEEP_FROM);
    ctx = await createTestContext();
    db = ctx.db;
    const statuses = [null, 'pending', 'verified', 'rejected'] as const;
    // The status is the triggers' (read-only in the schema); written here directly, as the seed does.
    const users: Array<Insertable<UsersTable> & { verification_status: string | null }> = Array.from(
      { length: ROWS },
      (_, index) => ({
        ...userRow({
          role: index % 20 === 0 ? 'admin' : index % 3 === 0 ? 'provider' : 'client',
          date_joined: instantOf(index),
          deleted_at: index % 29 === 0 ? '2026-11-01T00:00:00.000Z' : null,
        }),
        verification_status: index % 20 === 0 ? null : (statuses[index % 4] ?? null),
      }),
    );
    await db
      .transaction()
      .execute((trx) => insertInChunks(users, (chunk) => trx.insertInto('users').values(chunk).execute()));
    const client = await insertUser(db, { first_name: 'Nzinga', last_name: 'Mbande' });
    categories = [await insertCategory(db, 'Plomberie'), await insertCategory(db, 'Électricité')];
    const projectStatuses = ['open', 'in_progress', 'completed', 'closed', 'cancelled'] as const;
    const projects = Array.from({ length: ROWS }, (_, index) =>
      projectRow({
        client_id: client,
        client: { first_name: 'Nzinga', last_name: 'Mbande', username: 'nzinga' },
        status: projectStatuses[index % projectStatuses.length],
        category_id: index % 7 === 0 ? null : (categories[index % 2] ?? null),
        created_at: instantOf(index * 3 + 1),
      }),
    );
    await db
      .transaction()
      .execute((trx) =>
        insertInChunks(projects, (chunk) => trx.insertInto('projects').values(chunk).execute()),
      );
    await insertVerifications();
    await insertNotifications(client);
  }, 120_000);

  /**
   * Notifications of one user over the months, some read, of three types, some deleted; then a
   * broadcast through the API, whose copies the broadcast counts itself (support/broadcast-copies.ts).
   */
  async function insertNotifications(recipient: number): Promise<void> {
    const types = ['system', 'review', 'new_offer'] as const;
    const rows: Array<Insertable<NotificationsTable>> = Array.from({ length: ROWS }, (_, index) => ({
      user_id: recipient,
      title: `Avis ${index}`,
      message: 'Un message de la plateforme',
      search_text: notificationSearchText({ title: `Avis ${index}`, message: 'Un message de la plateforme' }),
      notification_type: types[index % 3] ?? 'system',
      priority: 'normal',
      is_read: index % 4 === 0,
      created_at: instantOf(index * 11 + 3),
    }));
    await db
      .transaction()
      .execute((trx) =>
        insertInChunks(rows, (chunk) => trx.insertInto('notifications').values(chunk).execute()),
      );
    await db.deleteFrom('notifications').where(sql<boolean>`id % 13 = 0`).execute();
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/broadcast/notifications',
      headers: ctx.auth,
      payload: { title: 'Maintenance', message: 'Coupure prévue.', notification_type: 'system' },
    });
    expect(sent.statusCode).toBe(201);
  }

  /**
   * A verification, of the user's own status, for every provider and client who has one (deleted
   * ones included), then more users deleted: their verifications leave the lists and the counters
   * follow them.
   */
  async function insertVerifications(): Promise<void> {
    const owners = await db
      .selectFrom('users')
      .select([
        'id',
        'role',
        'username',
        'first_name',
        'last_name',
        'email',
        'phone_number',
        'verification_status',
      ])
      .where('role', 'in', ['provider', 'client'])
      .where('verification_status', 'is not', null)
      .orderBy('id')
      .execute();
    const common = (owner: (typeof owners)[number], index: number) => ({
      verification_status: owner.verification_status ?? 'pending',
      submitted_at: instantOf(index * 5 + 2),
      updated_at: instantOf(index * 5 + 2),
    });
    const providers: Array<Insertable<ProviderVerificationsTable>> = owners
      .filter((owner) => owner.role === 'provider')
      .map((owner, index) => ({
        ...common(owner, index),
        user_id: owner.id,
        is_business: index % 4 === 0,
        document_type: 'id_card',
        search_text: providerVerificationSearchText(owner, { business_name: null }),
      }));
    const clients: Array<Insertable<ClientVerificationsTable>> = owners
      .filter((owner) => owner.role === 'client')
      .map((owner, index) => ({
        ...common(owner, index),
        user_id: owner.id,
        document_type: index % 5 === 0 ? 'passport' : 'id_card',
      }));
    await db.transaction().execute(async (trx) => {
      await insertInChunks(providers, (chunk) =>
        trx.insertInto('provider_verifications').values(chunk).execute(),
      );
      await insertInChunks(clients, (chunk) =>
        trx.insertInto('client_verifications').values(chunk).execute(),
      );
    });
    const deleted = owners.filter((_, index) => index % 31 === 0).map((owner) => owner.id);
    await db
      .updateTable('users')
      .set({ deleted_at: '2026-11-02T00:00:00.000Z' })
      .where('id', 'in', deleted)
      .execute();
  }

  afterAll(async () => {
    setDeepPageOffsetForTests(DEEP_PAGE_OFFSET);
    await ctx.close();
  });

  const idsOf = async (url: string): Promise<{ count: number; ids: number[] }> => {
    const response = await ctx.app.inject({ method: 'GET', url, headers: ctx.auth });
    expect(response.statusCode, url).toBe(200);
    const body = response.json<{ count: number; results: { id: number }[] }>();
    return { count: body.count, ids: body.results.map((row) => row.id) };
  };

  /** Every page from the deep ones on, in two page sizes, against the plain offset's rows. */
  async function expectDeepPages(
    url: (page: number, size: number) => string,
    expected: () => Promise<number[]>,
  ): Promise<void> {
    const all = await expected();
    expect(all.length, url(1, 1)).toBeGreaterThan(2 * DEEP_FROM);
    for (const size of [100, 37, 7]) {
      const last = Math.ceil(all.length / size) + 1;
      for (let page = 1; page <= last; page += size === 7 ? 5 : 1) {
        const { count, ids } = await idsOf(url(page, size));
        expect(count).toBe(all.length);
        expect(ids, url(page, size)).toEqual(all.slice((page - 1) * size, page * size));
      }
    }
  }

  const userFilters: Array<{ query: string; role?: string; status?: string | null }> = [
    { query: '' },
    { query: '&role=client', role: 'client' },
    { query: '&verification_status=pending', status: 'pending' },
    { query: '&role=provider&verification_status=not_started', role: 'provider', status: null },
    { query: '&verification_status=not_started', status: null },
  ];

  it.each(userFilters)('users$query: deep pages hold the rows of the plain offset', async (filter) => {
    await expectDeepPages(
      (page, size) => `/api/users/?page=${page}&page_size=${size}${filter.query}`,
      async () => {
        let rows = db.selectFrom('users').select('id').where('deleted_at', 'is', null);
        if (filter.role) rows = rows.where('role', '=', filter.role as 'client');
        if (filter.status === null) {
          rows = rows.where('role', 'in', ['provider', 'client']).where('verification_status', 'is', null);
        } else if (filter.status) {
          rows = rows.where('verification_status', '=', filter.status as 'pending');
        }
        const found = await rows.orderBy('date_joined', 'desc').orderBy('id', 'desc').execute();
        return found.map((row) => Number(row.id));
      },
    );
  });

  const projectFilters: Array<{ query: string; statuses?: string[]; category?: number }> = [
    { query: '' },
    { query: '&status=open', statuses: ['open'] },
    { query: '&status=completed', statuses: ['completed', 'closed'] },
    { query: '&category=first', category: 0 },
    { query: '&status=cancelled&category=second', statuses: ['cancelled'], category: 1 },
    { query: '&status=completed&category=second', statuses: ['completed', 'closed'], category: 1 },
  ];

  it.each(projectFilters)('projects$query: deep pages hold the rows of the plain offset', async (filter) => {
    const category = filter.category === undefined ? undefined : categories[filter.category];
    const query = filter.query.replace(/category=\w+/, `category=${category}`);
    await expectDeepPages(
      (page, size) => `/api/admin/projects/?page=${page}&page_size=${size}${query}`,
      async () => {
        let rows = db.selectFrom('projects').select('id');
        if (filter.statuses) rows = rows.where('status', 'in', filter.statuses as ['open']);
        if (category !== undefined) rows = rows.where('category_id', '=', category);
        const found = await rows.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
        return found.map((row) => Number(row.id));
      },
    );
  });
  const providerFilters: Array<{ query: string; status?: string; business?: boolean; days?: number }> = [
    { query: '' },
    { query: '&status=pending', status: 'pending' },
    { query: '&is_business=true', business: true },
    { query: '&status=verified&is_business=false', status: 'verified', business: false },
    { query: '&days=200', days: 200 },
  ];

  it.each(
    providerFilters,
  )('provider verifications$query: deep pages hold the rows of the plain offset', async (filter) => {
    await expectDeepPages(
      (page, size) => `/api/admin/provider-verification/?page=${page}&page_size=${size}${filter.query}`,
      async () => {
        let rows = db
          .selectFrom('provider_verifications as v')
          .innerJoin('users', 'users.id', 'v.user_id')
          .select('v.id')
          .where('users.deleted_at', 'is', null);
        if (filter.status) rows = rows.where('v.verification_status', '=', filter.status as 'pending');
        if (filter.business !== undefined) rows = rows.where('v.is_business', '=', filter.business);
        if (filter.days !== undefined) {
          const since = new Date(Date.now() - filter.days * 86_400_000).toISOString();
          rows = rows.where('v.submitted_at', '>=', since);
        }
        const found = await rows.orderBy('v.submitted_at', 'desc').orderBy('v.id', 'desc').execute();
        return found.map((row) => Number(row.id));
      },
    );
  });

  const queueFilters: Array<{ query: string; business?: boolean }> = [
    { query: '' },
    { query: '&is_business=false', business: false },
  ];

  it.each(
    queueFilters,
  )('pending provider verifications$query, oldest first: deep pages hold the rows of the plain offset', async (filter) => {
    await expectDeepPages(
      (page, size) =>
        `/api/admin/provider-verification/pending/?page=${page}&page_size=${size}${filter.query}`,
      async () => {
        let rows = db
          .selectFrom('provider_verifications as v')
          .innerJoin('users', 'users.id', 'v.user_id')
          .select('v.id')
          .where('users.deleted_at', 'is', null)
          .where('v.verification_status', '=', 'pending');
        if (filter.business !== undefined) rows = rows.where('v.is_business', '=', filter.business);
        const found = await rows.orderBy('v.submitted_at', 'asc').orderBy('v.id', 'asc').execute();
        return found.map((row) => Number(row.id));
      },
    );
  });

  const clientFilters: Array<{ query: string; status?: string; document?: string }> = [
    { query: '' },
    { query: '&verification_status=rejected', status: 'rejected' },
    { query: '&document_type=passport', document: 'passport' },
    { query: '&verification_status=pending&document_type=id_card', status: 'pending', document: 'id_card' },
  ];

  it.each(
    clientFilters,
  )('client verifications$query: deep pages hold the rows of the plain offset', async (filter) => {
    await expectDeepPages(
      (page, size) => `/api/admin/client-verification/?page=${page}&page_size=${size}${filter.query}`,
      async () => {
        let rows = db
          .selectFrom('client_verifications as v')
          .innerJoin('users', 'users.id', 'v.user_id')
          .select('v.id')
          .where('users.deleted_at', 'is', null);
        if (filter.status) rows = rows.where('v.verification_status', '=', filter.status as 'pending');
        if (filter.document) rows = rows.where('v.document_type', '=', filter.document as 'passport');
        const found = await rows.orderBy('v.submitted_at', 'desc').orderBy('v.id', 'desc').execute();
        return found.map((row) => Number(row.id));
      },
    );
  });
  const notificationFilters: Array<{ query: string; read?: boolean; type?: string }> = [
    { query: '' },
    { query: '&is_read=false', read: false },
    { query: '&notification_type=system', type: 'system' },
    { query: '&is_read=true&notification_type=review', read: true, type: 'review' },
  ];

  it.each(
    notificationFilters,
  )('notifications$query: deep pages hold the rows of the plain offset', async (filter) => {
    await expectDeepPages(
      (page, size) => `/api/admin/notifications/?page=${page}&page_size=${size}${filter.query}`,
      async () => {
        let rows = db.selectFrom('notifications').select('id');
        if (filter.read !== undefined) rows = rows.where('is_read', '=', filter.read);
        if (filter.type) rows = rows.where('notification_type', '=', filter.type as 'system');
        const found = await rows.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
        return found.map((row) => Number(row.id));
      },
    );
  });
});
