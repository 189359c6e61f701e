import path from 'node:path';
import type { Kysely, Updateable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '../seed/seed-database.js';
import { DocumentStorage } from '../storage/document-storage.js';
import { recordingStatements } from '../test/statement-recorder.js';
import { createTestDatabase } from '../test/test-context.js';
import {
  readCounterSets,
  readCounters,
  readCountersFrom,
  readCountersOf,
  readCountersWithoutMonth,
} from './counters.js';
import * as counterRollups from './migrations/2026-11-26-0022-counter-rollups.js';
import * as verificationDayRollups from './migrations/2026-11-26-0023-verification-day-rollups.js';
import * as conversationActivityDays from './migrations/2026-11-27-0031-conversation-activity-days.js';
import * as dayRollups from './migrations/2026-11-27-0034-day-rollups.js';
import * as verificationDayPages from './migrations/2026-11-27-0036-verification-day-pages.js';
import * as notificationDayPages from './migrations/2026-11-27-0037-notification-day-pages.js';
import * as verificationPendingHours from './migrations/2026-11-30-0047-verification-pending-hours.js';
import type { ClientVerificationsTable, Database, ProviderVerificationsTable } from './schema.js';
import { searchMatches } from './search.js';

/*
 * The counters kept by triggers (`list_counters`) must equal a recount of the tables, computed here
 * in JavaScript from the rows themselves, after every kind of write: inserts (the seed), enum
 * changes, moves between months, deletions of users (their provider profile and verifications leave
 * the lists), restorations, row deletions. Runs on SQLite and PostgreSQL.
 */

type Row = Record<string, unknown>;

const month = (value: unknown) => new Date(String(value)).toISOString().slice(0, 7);
const day = (value: unknown) => new Date(String(value)).toISOString().slice(0, 10);
const hour = (value: unknown) => new Date(String(value)).toISOString().slice(0, 13);
const flag = (value: unknown) => (value === true || value === 1 ? '1' : '0');
const text = (value: unknown) => (value === null || value === undefined ? '-' : String(value));

async function recount(db: Kysely<Database>): Promise<Map<string, number>> {
  const all = async (table: keyof Database) => (await db.selectFrom(table).selectAll().execute()) as Row[];
  const users = await all('users');
  const deleted = new Set(users.filter((user) => user.deleted_at !== null).map((user) => user.id));
  const live = (row: Row) => !deleted.has(row.user_id);
  const counts = new Map<string, number>();
  const add = (list: string, rows: Row[], bucket: (row: Row) => string) => {
    for (const row of rows) {
      const key = `${list}:${bucket(row)}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  };
  add(
    'users',
    users.filter((user) => user.deleted_at === null),
    (u) => [u.role, text(u.verification_status), flag(u.is_phone_verified), month(u.date_joined)].join('|'),
  );
  add(
    'users_state',
    users.filter((user) => user.deleted_at === null),
    (u) => [u.role, text(u.verification_status), flag(u.is_phone_verified)].join('|'),
  );
  add(
    'users_month',
    users.filter((user) => user.deleted_at === null),
    (u) => [u.role, month(u.date_joined)].join('|'),
  );
  add(
    'users_day',
    users.filter((user) => user.deleted_at === null),
    (u) => [day(u.date_joined), u.role, text(u.verification_status)].join('|'),
  );
  add('providers', (await all('provider_profiles')).filter(live), (p) => flag(p.is_verified));
  const providerVerifications = (await all('provider_verifications')).filter(live);
  add('pv_pending_day', providerVerifications, (v) =>
    v.verification_status === 'pending' ? [flag(v.is_business), day(v.submitted_at)].join('|') : '-',
  );
  add('pv_pending_hour', providerVerifications, (v) =>
    v.verification_status === 'pending' ? [hour(v.submitted_at), flag(v.is_business)].join('|') : '-',
  );
  add('pv_processed_day', providerVerifications, (v) =>
    v.verification_status !== 'pending' && v.verified_at !== null ? day(v.verified_at) : '-',
  );
  add('pv_month', providerVerifications, (v) =>
    [v.verification_status, flag(v.is_business), month(v.submitted_at)].join('|'),
  );
  add('pv_day', providerVerifications, (v) =>
    [day(v.submitted_at), v.verification_status, flag(v.is_business)].join('|'),
  );
  const clientVerifications = (await all('client_verifications')).filter(live);
  add('cv_pending_day', clientVerifications, (v) =>
    v.verification_status === 'pending' ? day(v.submitted_at) : '-',
  );
  add('cv_pending_hour', clientVerifications, (v) =>
    v.verification_status === 'pending' ? hour(v.submitted_at) : '-',
  );
  add('cv_day', clientVerifications, (v) =>
    [day(v.submitted_at), v.verification_status, v.document_type].join('|'),
  );
  add('provider_verifications', providerVerifications, (v) =>
    [
      v.verification_status,
      flag(v.is_business),
      v.document_type,
      month(v.submitted_at),
      v.verified_at === null ? '0' : '1',
    ].join('|'),
  );
  add('client_verifications', clientVerifications, (v) =>
    [v.verification_status, v.document_type, month(v.submitted_at)].join('|'),
  );
  add('projects', await all('projects'), (p) =>
    [p.status, text(p.category_id), month(p.created_at)].join('|'),
  );
  add('projects_state', await all('projects'), (p) => [p.status, text(p.category_id)].join('|'));
  add('projects_month', await all('projects'), (p) => [p.status, month(p.created_at)].join('|'));
  add('projects_day', await all('projects'), (p) => [day(p.created_at), p.status].join('|'));
  add('offers', await all('offers'), (o) => [o.status, month(o.created_at)].join('|'));
  add('disputes', await all('disputes'), (d) => [d.status, month(d.created_at)].join('|'));
  add('disputes_resolved', await all('disputes'), (d) => (d.resolved_at === null ? '0' : '1'));
  add('reports', await all('reports'), (r) => [r.status, r.type].join('|'));
  const conversations = await all('conversations');
  add('conversations', conversations, (c) => String(c.status));
  add(
    'conversations_day',
    conversations.filter((c) => c.last_activity_at !== null),
    (c) => `${day(c.last_activity_at)}|${Number(c.unread_messages) > 0 ? '1' : '0'}`,
  );
  const notifications = await all('notifications');
  add('notifications', notifications, (n) => [flag(n.is_read), n.notification_type].join('|'));
  add('notifications_month', notifications, (n) =>
    [flag(n.is_read), n.notification_type, month(n.created_at)].join('|'),
  );
  add('notifications_day', notifications, (n) =>
    [day(n.created_at), flag(n.is_read), n.notification_type].join('|'),
  );
  add('notifications_read_day', notifications, (n) => [day(n.created_at), flag(n.is_read)].join('|'));
  return counts;
}

async function kept(db: Kysely<Database>): Promise<Map<string, number>> {
  const rows = await db.selectFrom('list_counters').select(['list', 'bucket', 'n']).execute();
  return new Map(
    rows.filter((row) => Number(row.n) !== 0).map((row) => [`${row.list}:${row.bucket}`, Number(row.n)]),
  );
}

/** The kept counters equal a recount, but hold none of the lists `left` (a migration undone). */
async function expectKeptWithout(db: Kysely<Database>, left: ReadonlySet<string>): Promise<void> {
  const listOf = (key: string) => key.split(':')[0] ?? '';
  const undone = await kept(db);
  expect([...undone.keys()].filter((key) => left.has(listOf(key)))).toEqual([]);
  expect(undone).toEqual(new Map([...(await recount(db))].filter(([key]) => !left.has(listOf(key)))));
}

async function revenue(db: Kysely<Database>): Promise<number> {
  const rows = await db.selectFrom('list_counters').select('amount').where('list', '=', 'offers').execute();
  return Math.round(rows.reduce((sum, row) => sum + Number(row.amount), 0));
}

describe(`list counters (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Kysely<Database>;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.handle.db;
    await seedDatabase(db, {
      users: 150,
      storage: new DocumentStorage(path.join(database.dataDir, 'documents')),
      now: new Date('2026-11-21T10:00:00.000Z'),
    });
  }, 120_000);

  afterAll(async () => {
    await database?.dispose();
  });

  it('equal a recount after the seed', async () => {
    const expected = await recount(db);
    expect(expected.size).toBeGreaterThan(20);
    expect(await kept(db)).toEqual(expected);
  });

  it("hold the amounts of the seed's rows: offers' prices, verifications' hours to a decision", async () => {
    const amounts = async (list: string) => {
      const rows = await db
        .selectFrom('list_counters')
        .select(['bucket', 'amount'])
        .where('list', '=', list)
        .execute();
      return new Map(rows.map((row) => [row.bucket, Number(row.amount)]));
    };
    const offers = (await db.selectFrom('offers').selectAll().execute()) as Row[];
    const prices = new Map<string, number>();
    for (const offer of offers) {
      const bucket = [offer.status, month(offer.created_at)].join('|');
      prices.set(bucket, (prices.get(bucket) ?? 0) + Number(offer.proposed_price));
    }
    expect(prices.size).toBeGreaterThan(1);
    expect(await amounts('offers')).toEqual(prices);

    // Of live users (a deleted user's verifications leave the list).
    const verifications = (await db
      .selectFrom('provider_verifications')
      .innerJoin('users', 'users.id', 'provider_verifications.user_id')
      .selectAll('provider_verifications')
      .where('users.deleted_at', 'is', null)
      .execute()) as Row[];
    const hours = new Map<string, number>();
    for (const v of verifications) {
      const bucket = [
        v.verification_status,
        flag(v.is_business),
        v.document_type,
        month(v.submitted_at),
        v.verified_at === null ? '0' : '1',
      ].join('|');
      const decided = v.verified_at !== null && v.verification_status !== 'pending';
      const spent = decided
        ? (Date.parse(String(v.verified_at)) - Date.parse(String(v.submitted_at))) / 3_600_000
        : 0;
      hours.set(bucket, (hours.get(bucket) ?? 0) + spent);
    }
    const kept = await amounts('provider_verifications');
    expect([...kept.keys()].sort()).toEqual([...hours.keys()].sort());
    expect([...hours.values()].some((value) => value > 0)).toBe(true);
    for (const [bucket, value] of hours) expect(kept.get(bucket), bucket).toBeCloseTo(value, 6);
  });

  it('read without their months: the recount summed over the months of each monthly list', async () => {
    const expected = await recount(db);
    for (const list of ['users', 'client_verifications', 'projects', 'offers', 'disputes'] as const) {
      const summed = new Map<string, number>();
      for (const [key, n] of expected) {
        if (!key.startsWith(`${list}:`)) continue;
        const state = key
          .slice(list.length + 1)
          .split('|')
          .slice(0, -1)
          .join('|');
        summed.set(state, (summed.get(state) ?? 0) + n);
      }
      const read = await readCountersWithoutMonth(db, list);
      expect(summed.size).toBeGreaterThan(1);
      expect(new Map(read.map((bucket) => [bucket.parts.join('|'), bucket.n]))).toEqual(summed);
    }
  });

  it('read several lists in one statement as each list alone', async () => {
    const lists = ['users_state', 'users_month', 'projects_month', 'disputes', 'offers'] as const;
    const together = await readCountersOf(db, lists);
    expect(Object.keys(together).sort()).toEqual([...lists].sort());
    for (const list of lists) {
      expect(together[list].length).toBeGreaterThan(1);
      expect(together[list]).toEqual(await readCounters(db, list));
    }
    // Another set of lists has its own statement.
    const { offers } = await readCountersOf(db, ['offers']);
    expect(offers).toEqual(together.offers);
  });

  it('read every kind of read of several lists in one statement (readCounterSets) as each alone', async () => {
    const days = await readCounters(db, 'pv_processed_day');
    const sortedDays = days.map((bucket) => bucket.parts.join('|')).sort();
    expect(sortedDays.length).toBeGreaterThan(2);
    // A day in the middle: the buckets before it must be left out.
    const from = sortedDays[Math.floor(sortedDays.length / 2)] ?? '';
    const { db: recording, statements } = recordingStatements(db);
    const [months, pending, clients, processed, other] = await readCounterSets(recording, [
      { list: 'pv_month', withoutMonth: true },
      { list: 'pv_pending_day' },
      { list: 'client_verifications', withoutMonth: true },
      { list: 'pv_processed_day', from },
      { list: 'offers' },
    ]);
    expect(statements).toHaveLength(1);
    expect(months).toEqual(await readCountersWithoutMonth(db, 'pv_month'));
    expect(pending).toEqual(await readCounters(db, 'pv_pending_day'));
    expect(clients).toEqual(await readCountersWithoutMonth(db, 'client_verifications'));
    expect(processed).toEqual(await readCountersFrom(db, 'pv_processed_day', from));
    expect(processed.length).toBeLessThan(days.length);
    expect(other).toEqual(await readCounters(db, 'offers'));
    for (const read of [months, pending, clients, processed, other]) expect(read.length).toBeGreaterThan(0);
    // The same shape with another day binds it anew.
    const [later] = await readCounterSets(db, [{ list: 'pv_processed_day', from: sortedDays.at(-1) ?? '' }]);
    expect(later).toEqual(await readCountersFrom(db, 'pv_processed_day', sortedDays.at(-1) ?? ''));
  });

  it("read the months from a month on as they are and the earlier ones summed, each list's own", async () => {
    for (const list of ['projects_month', 'offers', 'users_month'] as const) {
      const all = await readCounters(db, list);
      const months = [...new Set(all.map((bucket) => bucket.parts.at(-1) ?? ''))].sort();
      expect(months.length, list).toBeGreaterThan(2);
      // A month in the middle: the ones before it are summed per other parts, under month ''.
      const from = months[Math.floor(months.length / 2)] ?? '';
      const expected = new Map<string, { n: number; amount: number }>();
      for (const { parts, n, amount } of all) {
        const month = parts.at(-1) ?? '';
        const key = [...parts.slice(0, -1), month >= from ? month : ''].join('|');
        const sum = expected.get(key) ?? { n: 0, amount: 0 };
        expected.set(key, { n: sum.n + n, amount: sum.amount + amount });
      }
      const [read, other] = await readCounterSets(db, [{ list, monthsFrom: from }, { list: 'users_state' }]);
      expect(read.length).toBeLessThan(all.length);
      expect(read.some((bucket) => bucket.parts.at(-1) === '')).toBe(true);
      expect(new Set(read.map((bucket) => bucket.parts.join('|')))).toEqual(new Set(expected.keys()));
      for (const bucket of read) {
        const sum = expected.get(bucket.parts.join('|'));
        expect(bucket.n).toBe(sum?.n);
        expect(bucket.amount).toBeCloseTo(sum?.amount ?? Number.NaN, 2);
      }
      expect(other).toEqual(await readCounters(db, 'users_state'));
    }
  });

  it('come with a text index that holds every seeded row', async () => {
    const users = await db
      .selectFrom('users')
      .select(['id', 'username'])
      .orderBy('id', 'desc')
      .limit(5)
      .execute();
    for (const user of users) {
      const found = await db
        .selectFrom('users')
        .select('id')
        .where(searchMatches(database.handle.dialect, 'users', user.username))
        .execute();
      expect(found.map((row) => row.id)).toContain(user.id);
    }
  });

  it('follow enum changes, month moves and row deletions', async () => {
    const project = await db.selectFrom('projects').select('id').orderBy('id').executeTakeFirstOrThrow();
    await db
      .updateTable('projects')
      .set({ status: 'paused', created_at: '2020-01-15T00:00:00.000Z' })
      .where('id', '=', project.id)
      .execute();
    await db
      .updateTable('disputes')
      .set({ status: 'resolved', resolved_at: '2026-11-21T09:00:00.000Z' })
      .where('status', '=', 'open')
      .execute();
    await db
      .updateTable('reports')
      .set({ status: 'dismissed', type: 'review' })
      .where('status', '=', 'pending')
      .execute();
    await db.updateTable('notifications').set({ is_read: true }).where('is_read', '=', false).execute();
    await db.updateTable('conversations').set({ status: 'closed' }).where('status', '=', 'active').execute();
    await db
      .updateTable('provider_verifications')
      .set({ verification_status: 'verified', verified_at: '2026-11-20T00:00:00.000Z' })
      .where('verification_status', '=', 'pending')
      .execute();
    await db
      .updateTable('client_verifications')
      .set({ verification_status: 'rejected' })
      .where('verification_status', '=', 'pending')
      .execute();
    await db
      .updateTable('provider_profiles')
      .set({ is_verified: true })
      .where('is_verified', '=', false)
      .execute();
    await db.updateTable('users').set({ is_phone_verified: true }).where('role', '=', 'client').execute();
    await db.deleteFrom('offers').where('status', '=', 'accepted').execute();
    const offers = await db.selectFrom('offers').select(['proposed_price']).execute();
    expect(await revenue(db)).toBe(
      Math.round(offers.reduce((sum, offer) => sum + Number(offer.proposed_price), 0)),
    );
    expect(await kept(db)).toEqual(await recount(db));
  });

  it('drop deleted users and their providers and verifications, and take them back on restore', async () => {
    const providers = await db
      .selectFrom('users')
      .innerJoin('provider_verifications', 'provider_verifications.user_id', 'users.id')
      .select('users.id')
      .where('users.role', '=', 'provider')
      .limit(3)
      .execute();
    const ids = providers.map((row) => row.id);
    expect(ids.length).toBeGreaterThan(0);
    const before = await kept(db);
    await db
      .updateTable('users')
      .set({ deleted_at: '2026-11-21T11:00:00.000Z' })
      .where('id', 'in', ids)
      .execute();
    const afterDelete = await kept(db);
    expect(afterDelete).toEqual(await recount(db));
    expect(afterDelete).not.toEqual(before);
    await db.updateTable('users').set({ deleted_at: null }).where('id', 'in', ids).execute();
    expect(await kept(db)).toEqual(before);
    await db
      .deleteFrom('provider_verifications')
      .where('user_id', '=', ids[0] ?? 0)
      .execute();
    expect(await kept(db)).toEqual(await recount(db));
  });

  it('count the rows of one INSERT of several rows, each in its buckets (PostgreSQL: once per statement)', async () => {
    const originals = await db.selectFrom('projects').selectAll().orderBy('id').limit(3).execute();
    const statuses = ['open', 'paused', 'cancelled'] as const;
    const copies = originals.map(({ id: _id, ...row }, index) => ({
      ...row,
      status: statuses[index % statuses.length] ?? 'open',
      created_at: `2019-0${index + 1}-10T00:00:00.000Z`,
    }));
    expect(copies.length).toBe(3);
    await db.insertInto('projects').values(copies).execute();
    expect(await kept(db)).toEqual(await recount(db));
  });

  it('lose their rollups when migration 0022 is undone, and get them back recounted when it is redone', async () => {
    const rollups = new Set([
      'users_state',
      'users_month',
      'users_day',
      'projects_state',
      'projects_month',
      'projects_day',
      'disputes_resolved',
    ]);
    await counterRollups.down(db);
    // The triggers keep the lists alone: buckets move, no rollup comes back.
    await db.updateTable('projects').set({ status: 'cancelled' }).where('status', '=', 'open').execute();
    await db.updateTable('users').set({ is_phone_verified: false }).where('role', '=', 'provider').execute();
    await expectKeptWithout(db, rollups);
    await counterRollups.up(db);
    expect(await kept(db)).toEqual(await recount(db));
    await db.updateTable('projects').set({ status: 'open' }).where('status', '=', 'cancelled').execute();
    expect(await kept(db)).toEqual(await recount(db));
  });

  it("lose the users' and projects' day rollups when migration 0034 is undone, and get them back recounted", async () => {
    const rollups = new Set(['users_day', 'projects_day']);
    await dayRollups.down(db);
    // The triggers keep every other list: a move to another day, a status, a deletion.
    await db
      .updateTable('projects')
      .set({ status: 'cancelled', created_at: '2026-11-02T08:00:00.000Z' })
      .where('status', '=', 'open')
      .execute();
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'client')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('users')
      .set({ date_joined: '2026-10-05T09:30:00.000Z' })
      .where('id', '=', user.id)
      .execute();
    await expectKeptWithout(db, rollups);
    await dayRollups.up(db);
    expect(await kept(db)).toEqual(await recount(db));
    // Kept again by the triggers.
    await db.updateTable('projects').set({ status: 'open' }).where('status', '=', 'cancelled').execute();
    await db
      .updateTable('users')
      .set({ deleted_at: '2026-11-21T11:00:00.000Z' })
      .where('id', '=', user.id)
      .execute();
    expect(await kept(db)).toEqual(await recount(db));
  });

  /**
   * A migration of the verifications' rollups undone: a change of a provider verification and its
   * user's deletion keep the other lists and bring none of `rollups` back; redone, they are
   * recounted, and kept again through the user's restoration and a change of the client
   * verifications matching `clients`.
   */
  async function expectVerificationRollupsRedone(
    migration: { up: (db: Kysely<Database>) => Promise<void>; down: (db: Kysely<Database>) => Promise<void> },
    rollups: ReadonlySet<string>,
    changes: {
      provider: { id: number; user_id: number };
      providerChange: Updateable<ProviderVerificationsTable>;
      clients: 'pending' | 'rejected';
      clientChange: Updateable<ClientVerificationsTable>;
    },
  ): Promise<void> {
    const { provider } = changes;
    await migration.down(db);
    await db
      .updateTable('provider_verifications')
      .set(changes.providerChange)
      .where('id', '=', provider.id)
      .execute();
    await db
      .updateTable('users')
      .set({ deleted_at: '2026-11-21T11:00:00.000Z' })
      .where('id', '=', provider.user_id)
      .execute();
    await expectKeptWithout(db, rollups);
    await migration.up(db);
    expect(await kept(db)).toEqual(await recount(db));
    await db.updateTable('users').set({ deleted_at: null }).where('id', '=', provider.user_id).execute();
    await db
      .updateTable('client_verifications')
      .set(changes.clientChange)
      .where('verification_status', '=', changes.clients)
      .execute();
    expect(await kept(db)).toEqual(await recount(db));
  }

  const aProviderVerification = (order: 'asc' | 'desc') =>
    db
      .selectFrom('provider_verifications')
      .select(['id', 'user_id'])
      .orderBy('id', order)
      .executeTakeFirstOrThrow();

  it("lose the verifications' day rollups when migration 0023 is undone, and get them back recounted", async () => {
    // The deep pages' rollups (0036) and the pending hours (0047) too: 0023 undone keeps the lists alone.
    await expectVerificationRollupsRedone(
      verificationDayRollups,
      new Set([
        'pv_pending_day',
        'pv_processed_day',
        'cv_pending_day',
        'pv_month',
        'pv_day',
        'cv_day',
        'pv_pending_hour',
        'cv_pending_hour',
      ]),
      {
        provider: await aProviderVerification('asc'),
        providerChange: { verification_status: 'verified', verified_at: '2026-11-20T10:00:00.000Z' },
        clients: 'pending',
        clientChange: { verification_status: 'rejected', verified_at: '2026-11-22T10:00:00.000Z' },
      },
    );
  });

  it("lose the verifications' deep pages' rollups when migration 0036 is undone, and get them back recounted", async () => {
    // The day rollups of 0023 are kept meanwhile: a move to another day, a deletion.
    await expectVerificationRollupsRedone(verificationDayPages, new Set(['pv_month', 'pv_day', 'cv_day']), {
      provider: await aProviderVerification('desc'),
      providerChange: { submitted_at: '2026-10-03T07:00:00.000Z', is_business: true },
      clients: 'rejected',
      clientChange: { document_type: 'passport', submitted_at: '2026-09-30T23:59:59.999Z' },
    });
  });

  it("lose the verifications' pending hours when migration 0047 is undone, and get them back recounted", async () => {
    // The day rollups are kept meanwhile: a verification back to pending at another hour, a deletion.
    await expectVerificationRollupsRedone(
      verificationPendingHours,
      new Set(['pv_pending_hour', 'cv_pending_hour']),
      {
        provider: await aProviderVerification('asc'),
        providerChange: {
          verification_status: 'pending',
          verified_at: null,
          submitted_at: '2026-10-04T13:15:00.000Z',
        },
        clients: 'pending',
        clientChange: { submitted_at: '2026-10-05T08:45:00.000Z' },
      },
    );
  });

  it("lose the notifications' deep pages' rollups when migration 0037 is undone, and get them back recounted", async () => {
    const rollups = new Set(['notifications_month', 'notifications_day', 'notifications_read_day']);
    const recipient = await db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'client')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const [first] = await db.selectFrom('notifications').select('id').orderBy('id').limit(1).execute();
    await notificationDayPages.down(db);
    // The triggers keep the list alone: an insert, a read, a move to another day, a deletion.
    await db
      .insertInto('notifications')
      .values({
        user_id: recipient.id,
        title: 'Rappel',
        message: 'Un rappel',
        search_text: ' rappel un rappel',
        notification_type: 'system',
        priority: 'normal',
        is_read: false,
        created_at: '2026-10-31T23:59:59.999Z',
      })
      .execute();
    await db
      .updateTable('notifications')
      .set({ is_read: true, created_at: '2026-09-01T00:00:00.000Z' })
      .where('id', '=', first?.id ?? 0)
      .execute();
    await db.deleteFrom('notifications').where('notification_type', '=', 'review').execute();
    await expectKeptWithout(db, rollups);
    await notificationDayPages.up(db);
    expect(await kept(db)).toEqual(await recount(db));
    // Kept again by the triggers.
    await db.updateTable('notifications').set({ is_read: true }).where('is_read', '=', false).execute();
    await db
      .insertInto('notifications')
      .values({
        user_id: recipient.id,
        title: 'Rappel',
        message: 'Un second rappel',
        search_text: ' rappel un second rappel',
        notification_type: 'new_offer',
        priority: 'normal',
        is_read: false,
        created_at: '2026-11-01T00:00:00.000Z',
      })
      .execute();
    expect(await kept(db)).toEqual(await recount(db));
  });

  it('lose the conversations by day when migration 0031 is undone, and get them back recounted', async () => {
    const conversation = await db
      .selectFrom('conversations')
      .select(['id', 'client_id'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await conversationActivityDays.down(db);
    // A new message moves the conversation to today, unread: no day count follows it.
    await db
      .insertInto('messages')
      .values({
        conversation_id: conversation.id,
        sender_id: conversation.client_id,
        sender_type: 'client',
        content: 'Toujours là ?',
        is_read: false,
        team_read_at: null,
        created_at: new Date().toISOString(),
        deleted_at: null,
      })
      .execute();
    await expectKeptWithout(db, new Set(['conversations_day']));
    await conversationActivityDays.up(db);
    expect(await kept(db)).toEqual(await recount(db));
    // Kept again by the triggers.
    await db.updateTable('messages').set({ team_read_at: new Date().toISOString() }).execute();
    expect(await kept(db)).toEqual(await recount(db));
  });
});
