import path from 'node:path';
import { NotificationType } from '@kwanza/contract';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/schema.js';
import { searchMatches } from '../db/search.js';
import { dialectOf } from '../db/sql.js';
import { DocumentStorage } from '../storage/document-storage.js';
import { createTestDatabase } from '../test/test-context.js';
import { insertLoginAdmin } from './seed.test-support.js';
import { type SeedSummary, seedDatabase } from './seed-database.js';
import { SEED_PHASES, type SeedPhase } from './seed-phases.js';
import { SEED_ID_TABLES } from './seed-writer.js';

/*
 * Runs on SQLite and on PostgreSQL (TEST_DATABASE). Two fresh databases are seeded with the same seed
 * and the same `now`, each with an admin created beforehand (as the server does).
 */

const NOW = new Date('2026-11-21T10:00:00.000Z');
const USERS = 200;
const HOUR = 3_600_000;

interface FreshDatabase {
  db: Kysely<Database>;
  storage: DocumentStorage;
  dispose(): Promise<void>;
}

async function openFreshDatabase(): Promise<FreshDatabase> {
  const database = await createTestDatabase();
  return {
    db: database.handle.db,
    storage: new DocumentStorage(path.join(database.dataDir, 'documents')),
    dispose: database.dispose,
  };
}

describe(`seedDatabase (${process.env.TEST_DATABASE ?? 'sqlite'})`, () => {
  let first: FreshDatabase;
  let second: FreshDatabase;
  let loginAdminId: number;
  let summary: SeedSummary;
  let secondSummary: SeedSummary;
  let indexesBefore: string[];
  const phases: SeedPhase[] = [];

  /**
   * The schema's indexes and triggers (SQLite: name and definition; PostgreSQL: the same, and its
   * foreign keys, which the bulk load drops and adds again).
   */
  async function indexesOf(db: FreshDatabase['db']): Promise<string[]> {
    const query =
      process.env.TEST_DATABASE === 'postgres'
        ? sql<{ d: string }>`
            select indexname || ' ' || indexdef as d from pg_indexes where schemaname = 'public'
            union all
            select tgname || ' ' || pg_get_triggerdef(oid) || ' ' || tgenabled::text from pg_trigger
            where not tgisinternal
            union all
            select conname || ' ' || conrelid::regclass::text || ' ' || pg_get_constraintdef(oid)
            from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace`
        : sql<{
            d: string;
          }>`select name || ' ' || coalesce(sql, '') as d from sqlite_master where type in ('index', 'trigger')`;
    return (await query.execute(db)).rows.map((row) => row.d).sort();
  }

  beforeAll(async () => {
    first = await openFreshDatabase();
    second = await openFreshDatabase();
    indexesBefore = await indexesOf(first.db);
    loginAdminId = await insertLoginAdmin(first.db);
    await insertLoginAdmin(second.db);
    // An hour of the journal counted before the seed (lib/audit-hours.ts), which the seed's past
    // entries make wrong.
    await first.db.insertInto('audit_entry_hours').values({ hour: '2026-01-02T03', entries: 1 }).execute();
    await first.db.insertInto('audit_entry_days').values({ day: '2026-01-02', entries: 1 }).execute();
    summary = await seedDatabase(first.db, { users: USERS, storage: first.storage, now: NOW });
    secondSummary = await seedDatabase(second.db, {
      users: USERS,
      storage: second.storage,
      now: NOW,
      onPhase: (phase) => phases.push(phase),
    });
  });

  afterAll(async () => {
    await first?.dispose();
    await second?.dispose();
  });

  it('leaves every index, trigger and foreign key as the migrations made them (the bulk load defers them)', async () => {
    expect(indexesBefore.length).toBeGreaterThan(40);
    expect(indexesBefore.some((entry) => entry.startsWith('projects_catalogue'))).toBe(true);
    expect(await indexesOf(first.db)).toEqual(indexesBefore);
  });

  it('writes only rows whose references hold and leaves the database ready (SQLite: keys enforced again; PostgreSQL: vacuumed and analyzed)', async () => {
    if (dialectOf(first.db) === 'sqlite') {
      const violations = await sql<{ table: string }>`pragma foreign_key_check`.execute(first.db);
      expect(violations.rows).toEqual([]);
      const enforced = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(first.db);
      expect(enforced.rows[0]?.foreign_keys).toBe(1);
    } else {
      // PostgreSQL checks every row during the load: its foreign keys are all there and validated.
      const keys = await sql<{ validated: boolean }>`
        select convalidated as validated from pg_constraint where contype = 'f'`.execute(first.db);
      expect(keys.rows.length).toBeGreaterThan(10);
      expect(keys.rows.every((key) => key.validated)).toBe(true);
      // Statistics for the planner and all-visible pages for index-only counts, as after autovacuum.
      const tables = await sql<{ relname: string; analyzed: boolean; vacuumed: boolean }>`
        select relname, last_analyze is not null as analyzed, last_vacuum is not null as vacuumed
        from pg_stat_user_tables where relname in ('users', 'provider_verifications', 'projects')`.execute(
        first.db,
      );
      expect(tables.rows).toHaveLength(3);
      expect(tables.rows.every((table) => table.analyzed && table.vacuumed)).toBe(true);
    }
  });

  it('produces identical rows for the same seed and the same now', async () => {
    expect(secondSummary).toEqual(summary);
    const tables: (keyof Database)[] = [
      'users',
      'provider_profiles',
      'provider_verifications',
      'client_verifications',
      'categories',
      'subcategories',
      'projects',
      'offers',
      'disputes',
      'dispute_evidence',
      'dispute_status_history',
      'reports',
      'conversations',
      'messages',
      'notifications',
      'audit_entries',
    ];
    for (const table of tables) {
      const left = await first.db.selectFrom(table).selectAll().orderBy('id').execute();
      const right = await second.db.selectFrom(table).selectAll().orderBy('id').execute();
      expect(right.length, table).toBe(left.length);
      expect(right, table).toEqual(left);
    }
  });

  it('fills the audit journal from the demo data: decisions with their document views, dispute changes, logins', async () => {
    const count = async (query: { executeTakeFirstOrThrow(): Promise<{ n: number | string }> }) =>
      Number((await query.executeTakeFirstOrThrow()).n);
    const decided = await count(
      first.db
        .selectFrom('provider_verifications')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('verified_by', 'is not', null),
    );
    const decisions = await count(
      first.db
        .selectFrom('audit_entries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('action', 'in', ['provider_verification.approve', 'provider_verification.reject']),
    );
    const views = await count(
      first.db
        .selectFrom('audit_entries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('action', '=', 'provider_verification.view_documents'),
    );
    expect(decided).toBeGreaterThan(0);
    expect(decisions).toBe(decided);
    expect(views).toBe(decided);
    // Each look at documents lists the verification's own pictures (a provider's selfie among them).
    for (const table of ['provider_verifications', 'client_verifications'] as const) {
      const verification = await first.db
        .selectFrom(table)
        .selectAll()
        .where('verified_by', 'is not', null)
        .orderBy('id')
        .limit(1)
        .executeTakeFirstOrThrow();
      const view = await first.db
        .selectFrom('audit_entries')
        .select('details')
        .where(
          'object_type',
          '=',
          table === 'provider_verifications' ? 'provider_verification' : 'client_verification',
        )
        .where('object_id', '=', verification.id)
        .where('action', 'like', '%.view_documents')
        .executeTakeFirstOrThrow();
      const pictures = Object.entries(verification)
        .filter(([field, value]) => /_(front|back|image)$/.test(field) && typeof value === 'string')
        .map(([field]) => field)
        .sort();
      expect(pictures.length).toBeGreaterThan(0);
      expect(table === 'client_verifications' || pictures.includes('selfie_image')).toBe(true);
      const documents = (JSON.parse(view.details ?? '{}') as { documents: string[] }).documents;
      expect([...documents].sort()).toEqual(pictures);
    }
    const changes = await count(
      first.db
        .selectFrom('dispute_status_history')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('changed_by', 'is not', null),
    );
    const disputeEntries = await count(
      first.db
        .selectFrom('audit_entries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('action', '=', 'dispute.update_status'),
    );
    expect(disputeEntries).toBe(changes);
    const logins = await count(
      first.db
        .selectFrom('audit_entries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('action', '=', 'auth.login')
        .where('admin_id', '=', loginAdminId),
    );
    expect(logins).toBeGreaterThan(150);
    const total = await count(
      first.db.selectFrom('audit_entries').select((eb) => eb.fn.countAll<number>().as('n')),
    );
    expect(summary.audit_entries).toBe(total);
    // Found by the journal's text index like entries written by the API.
    const found = await count(
      first.db
        .selectFrom('audit_entries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where(searchMatches(dialectOf(first.db), 'audit_entries', 'admin@example'))
        .where('action', '=', 'auth.login'),
    );
    expect(found).toBe(logins);
  });

  it("writes each user's verification status and the broadcast audience as their triggers keep them", async () => {
    const latest = (table: 'provider_verifications' | 'client_verifications') =>
      sql`(select v.verification_status from ${sql.table(table)} v where v.user_id = u.id
        order by v.submitted_at desc, v.id desc limit 1)`;
    const { rows: wrong } = await sql<{ id: number }>`
      select u.id from users u
      where coalesce(u.verification_status, '-') <> coalesce(case u.role
        when 'provider' then ${latest('provider_verifications')}
        when 'client' then ${latest('client_verifications')} end, '-')`.execute(first.db);
    expect(wrong).toEqual([]);
    const withStatus = await first.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('verification_status', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(Number(withStatus.n)).toBeGreaterThan(0);

    const audience = await first.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('is_active', '=', true)
      .where('deleted_at', 'is', null)
      .where('role', 'in', ['client', 'provider'])
      .executeTakeFirstOrThrow();
    const figure = await first.db
      .selectFrom('user_figures')
      .select('n')
      .where('name', '=', 'broadcast_audience')
      .executeTakeFirstOrThrow();
    expect(Number(figure.n)).toBe(Number(audience.n));
    expect(Number(figure.n)).toBeGreaterThan(0);
  });

  it("leaves the journal's hours to be counted again, its past hours having taken entries", async () => {
    expect(await first.db.selectFrom('audit_entry_hours').selectAll().execute()).toEqual([]);
    expect(await first.db.selectFrom('audit_entry_days').selectAll().execute()).toEqual([]);
  });

  it('tells the end of each of its phases once, in order (npm run seed -- --phases)', () => {
    expect(phases).toEqual([...SEED_PHASES]);
  });

  it('counts what it inserted', async () => {
    const { count } = await first.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(USERS + 1);
    expect(summary.users).toBe(USERS);
    expect(summary.projects).toBeGreaterThan(USERS / 2);
    expect(summary.documents).toBeGreaterThan(0);
  });

  it('leaves every table handing out new ids after the ids the seed gave', async () => {
    for (const table of SEED_ID_TABLES) {
      const { max } = await first.db
        .selectFrom(table)
        .select((eb) => eb.fn.max('id').as('max'))
        .executeTakeFirstOrThrow();
      expect(Number(max), table).toBeGreaterThan(0);
      if (dialectOf(first.db) === 'postgres') {
        const { rows } = await sql<{ last: string }>`
          select last_value as last from pg_sequences
          where schemaname = 'public' and sequencename = pg_get_serial_sequence(${table}, 'id')::regclass::text`.execute(
          first.db,
        );
        expect(Number(rows[0]?.last), table).toBe(Number(max));
      }
    }
    // A user and a project written after the seed (rolled back): new ids, no conflict.
    const rollback = new Error('rollback');
    await expect(
      first.db.transaction().execute(async (trx) => {
        const user = await trx
          .selectFrom('users')
          .selectAll()
          .orderBy('id', 'desc')
          .limit(1)
          .executeTakeFirstOrThrow();
        const { id: userId, ...userCopy } = user;
        const newUser = await trx
          .insertInto('users')
          .values({ ...userCopy, username: 'after-seed', email: 'after-seed@example.com' })
          .returning('id')
          .executeTakeFirstOrThrow();
        expect(newUser.id).toBeGreaterThan(userId);
        const project = await trx
          .selectFrom('projects')
          .selectAll()
          .orderBy('id', 'desc')
          .limit(1)
          .executeTakeFirstOrThrow();
        const { id: projectId, ...projectCopy } = project;
        const newProject = await trx
          .insertInto('projects')
          .values(projectCopy)
          .returning('id')
          .executeTakeFirstOrThrow();
        expect(newProject.id).toBeGreaterThan(projectId);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
  });

  it('counts the projects of every category and subcategory, and keeps counting after the load', async () => {
    for (const [table, column] of [
      ['categories', 'category_id'],
      ['subcategories', 'subcategory_id'],
    ] as const) {
      const { rows } = await sql<{ id: number; kept: number; counted: number }>`
        select c.id, c.projects_count as kept,
          (select count(*) from projects p where ${sql.ref(`p.${column}`)} = c.id) as counted
        from ${sql.table(table)} c order by c.id`.execute(first.db);
      expect(rows.length).toBeGreaterThan(5);
      expect(rows.filter((row) => Number(row.counted) > 0).length).toBeGreaterThan(5);
      expect(rows.map((row) => Number(row.kept))).toEqual(rows.map((row) => Number(row.counted)));
    }
    // The catalogue's triggers are back: a new project counts at once (rolled back afterwards).
    const project = await first.db
      .selectFrom('projects')
      .selectAll()
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    const countOf = async (db: Kysely<Database>) =>
      Number(
        (
          await db
            .selectFrom('categories')
            .select('projects_count')
            .where('id', '=', project.category_id)
            .executeTakeFirstOrThrow()
        ).projects_count,
      );
    const before = await countOf(first.db);
    const rollback = new Error('rollback');
    await expect(
      first.db.transaction().execute(async (trx) => {
        const { id: _id, ...copy } = project;
        await trx.insertInto('projects').values(copy).execute();
        expect(await countOf(trx)).toBe(before + 1);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await countOf(first.db)).toBe(before);
  });

  it('represents every status of every entity', async () => {
    const { db } = first;
    const values = async (table: keyof Database, column: string) => {
      const result = await sql<{
        value: unknown;
      }>`select distinct ${sql.ref(column)} as value from ${sql.table(table)}`.execute(db);
      return result.rows.map((row) => String(row.value)).sort();
    };
    expect(await values('users', 'role')).toEqual(['admin', 'client', 'provider']);
    expect(await values('provider_verifications', 'verification_status')).toEqual([
      'pending',
      'rejected',
      'verified',
    ]);
    expect(await values('client_verifications', 'verification_status')).toEqual([
      'pending',
      'rejected',
      'verified',
    ]);
    expect(await values('provider_verifications', 'document_type')).toEqual(['id_card', 'passport']);
    expect(await values('client_verifications', 'document_type')).toEqual(['id_card', 'passport']);
    expect(await values('projects', 'status')).toEqual(
      ['cancelled', 'closed', 'completed', 'in_progress', 'open', 'paused'].sort(),
    );
    expect(await values('offers', 'status')).toEqual(['accepted', 'pending', 'rejected', 'withdrawn']);
    expect(await values('disputes', 'status')).toEqual(['closed', 'open', 'resolved', 'under_review']);
    expect(await values('reports', 'status')).toEqual(['dismissed', 'pending', 'resolved', 'under_review']);
    expect(await values('reports', 'type')).toEqual(['provider', 'review', 'user']);
    expect(await values('conversations', 'status')).toEqual(['active', 'closed']);
    expect(await values('notifications', 'notification_type')).toEqual([...NotificationType.options].sort());
    expect(await values('notifications', 'priority')).toEqual(['high', 'low', 'normal', 'urgent']);
    const readStates = await db.selectFrom('notifications').select('is_read').distinct().execute();
    expect(readStates.map((row) => row.is_read).sort()).toEqual([false, true]);
    const users = await db
      .selectFrom('users')
      .select(['is_active', 'is_verified', 'is_phone_verified'])
      .execute();
    for (const flag of ['is_active', 'is_verified', 'is_phone_verified'] as const) {
      expect(new Set(users.map((user) => user[flag])), flag).toEqual(new Set([true, false]));
    }
  });

  it('represents every budget rule of projects', async () => {
    const projects = await first.db
      .selectFrom('projects')
      .select(['budget_range', 'min_budget', 'max_budget'])
      .execute();
    const kinds = new Set(
      projects.map(({ budget_range: range, min_budget: min, max_budget: max }) => {
        if (range !== null) return 'range';
        if (min !== null && max !== null) return min === max ? 'equal' : 'between';
        if (min !== null) return 'min_only';
        return max !== null ? 'max_only' : 'none';
      }),
    );
    expect([...kinds].sort()).toEqual(['between', 'equal', 'max_only', 'min_only', 'none', 'range']);
  });

  it('spreads registrations over the 12 last months and keeps every date in the past', async () => {
    const users = await first.db
      .selectFrom('users')
      .select('date_joined')
      .where('password_hash', 'is', null)
      .execute();
    const months = new Set(users.map((user) => user.date_joined.slice(0, 7)));
    for (let offset = 0; offset < 12; offset += 1) {
      const month = new Date(Date.UTC(NOW.getUTCFullYear(), NOW.getUTCMonth() - offset, 1))
        .toISOString()
        .slice(0, 7);
      expect(months.has(month), month).toBe(true);
    }
    for (const user of users) expect(user.date_joined <= NOW.toISOString()).toBe(true);
    const latest = await first.db
      .selectFrom('messages')
      .select((eb) => eb.fn.max('created_at').as('value'))
      .executeTakeFirstOrThrow();
    expect(String(latest.value) <= NOW.toISOString()).toBe(true);
  });

  it('has users with accents whose search text is normalized', async () => {
    const elodie = await first.db
      .selectFrom('users')
      .select(['first_name', 'search_text'])
      .where('first_name', '=', 'Élodie')
      .executeTakeFirstOrThrow();
    expect(elodie.search_text).toContain('elodie');
    const joao = await first.db.selectFrom('users').select('id').where('first_name', '=', 'João').execute();
    expect(joao.length).toBeGreaterThan(0);
  });

  it("keeps the parties' texts on every conversation, dispute and client verification, in their text indexes", async () => {
    const stale = await sql<{ id: number }>`
      select c.id from conversations c
      where c.search_text <> (select search_text from users where id = c.client_id) || ${'\n'}
        || (select search_text from users where id = c.provider_id)
      union all
      select d.id from disputes d
      where d.party_text <> (select search_text from users where id = d.client_id) || ${'\n'}
        || (select search_text from users where id = d.provider_id)
      union all
      select v.id from client_verifications v
      where v.search_text <> (select search_text from users where id = v.user_id)`.execute(first.db);
    expect(stale.rows).toEqual([]);
    const conversations = await first.db
      .selectFrom('conversations')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(conversations.n)).toBeGreaterThan(0);
    if (dialectOf(first.db) === 'sqlite') {
      for (const fts of ['conversations_fts', 'dispute_parties_fts', 'client_verifications_fts']) {
        await sql.raw(`insert into ${fts} (${fts}, rank) values ('integrity-check', 1)`).execute(first.db);
      }
    }
  });

  it('stores the real number of offers in offers_count, with some projects without offers', async () => {
    const rows = await first.db
      .selectFrom('projects')
      .leftJoin('offers', 'offers.project_id', 'projects.id')
      .select((eb) => ['projects.id', 'projects.offers_count', eb.fn.count<number>('offers.id').as('real')])
      .groupBy(['projects.id', 'projects.offers_count'])
      .execute();
    for (const row of rows) expect(row.offers_count, `project ${row.id}`).toBe(Number(row.real));
    expect(rows.some((row) => row.offers_count === 0)).toBe(true);
  });

  it('stores verification documents that exist in the storage', async () => {
    const providers = await first.db.selectFrom('provider_verifications').selectAll().execute();
    const clients = await first.db.selectFrom('client_verifications').selectAll().execute();
    for (const row of [...providers, ...clients]) {
      if (row.document_type === 'id_card') {
        expect(row.id_card_front).not.toBeNull();
        expect(row.id_card_back).not.toBeNull();
      } else {
        expect(row.passport_image).not.toBeNull();
      }
    }
    for (const row of providers) expect(row.selfie_image).not.toBeNull();
    const keys = [...providers, ...clients].flatMap((row) =>
      [
        row.id_card_front,
        row.id_card_back,
        row.passport_image,
        'selfie_image' in row ? row.selfie_image : null,
      ].filter((key): key is string => key !== null),
    );
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(await first.storage.exists(key), key).toBe(true);
    const evidence = await first.db.selectFrom('dispute_evidence').select('file').execute();
    for (const { file } of evidence) expect(await first.storage.exists(file), file).toBe(true);
  });

  it('has urgent (older than 72 hours) and recent pending provider verifications', async () => {
    const pending = await first.db
      .selectFrom('provider_verifications')
      .select('submitted_at')
      .where('verification_status', '=', 'pending')
      .execute();
    const limit = NOW.getTime() - 72 * HOUR;
    expect(pending.some((row) => Date.parse(row.submitted_at) < limit)).toBe(true);
    expect(pending.some((row) => Date.parse(row.submitted_at) >= limit)).toBe(true);
  });

  it('gives every admin, including the one created before seeding, at least 12 unread notifications', async () => {
    const admins = await first.db.selectFrom('users').select('id').where('role', '=', 'admin').execute();
    expect(admins.map((admin) => admin.id)).toContain(loginAdminId);
    for (const admin of admins) {
      const unread = await first.db
        .selectFrom('notifications')
        .select('id')
        .where('user_id', '=', admin.id)
        .where('is_read', '=', false)
        .execute();
      expect(unread.length, `admin ${admin.id}`).toBeGreaterThanOrEqual(12);
    }
  });

  it('points notifications to rows that exist', async () => {
    const notifications = await first.db
      .selectFrom('notifications')
      .select(['related_object_type', 'related_object_id'])
      .where('related_object_type', 'is not', null)
      .execute();
    const tables = {
      dispute: 'disputes',
      project: 'projects',
      provider_verification: 'provider_verifications',
      user: 'users',
    } as const;
    for (const { related_object_type: type, related_object_id: id } of notifications) {
      if (type === null || id === null) throw new Error('related object without id');
      const row = await first.db
        .selectFrom(tables[type])
        .select('id')
        .where('id', '=', id)
        .executeTakeFirst();
      expect(row, `${type} ${id}`).toBeDefined();
    }
  });

  it("stores on every conversation its messages' counts and its latest message, and the totals", async () => {
    const { rows } = await sql<{
      total_messages: number;
      unread_messages: number;
      last_message_id: number | null;
      last_activity_at: string;
      created_at: string;
      live: number;
      unread: number;
      last_id: number | null;
      last_at: string | null;
    }>`
      select c.total_messages, c.unread_messages, c.last_message_id, c.last_activity_at, c.created_at,
        (select count(*) from messages m where m.conversation_id = c.id and m.deleted_at is null) as live,
        (select count(*) from messages m where m.conversation_id = c.id and m.deleted_at is null
          and m.team_read_at is null and m.sender_type <> 'admin') as unread,
        (select m.id from messages m where m.conversation_id = c.id and m.deleted_at is null
          order by m.created_at desc, m.id desc limit 1) as last_id,
        (select m.created_at from messages m where m.conversation_id = c.id and m.deleted_at is null
          order by m.created_at desc, m.id desc limit 1) as last_at
      from conversations c order by c.id`.execute(first.db);
    expect(rows).toHaveLength(summary.conversations);
    // The seed has messages read by the team, and messages still unread.
    expect(rows.some((row) => Number(row.unread) < Number(row.live))).toBe(true);
    expect(rows.some((row) => Number(row.unread) > 0)).toBe(true);
    const kept = rows.map((row) => [
      Number(row.total_messages),
      Number(row.unread_messages),
      row.last_message_id === null ? null : Number(row.last_message_id),
      new Date(row.last_activity_at).toISOString(),
    ]);
    const counted = rows.map((row) => [
      Number(row.live),
      Number(row.unread),
      row.last_id === null ? null : Number(row.last_id),
      new Date(row.last_at ?? row.created_at).toISOString(),
    ]);
    expect(kept).toEqual(counted);
    const figures = await first.db.selectFrom('conversation_figures').select(['name', 'n']).execute();
    const figure = (name: string) => Number(figures.find((row) => row.name === name)?.n);
    expect(figure('messages')).toBe(rows.reduce((sum, row) => sum + Number(row.live), 0));
    expect(figure('with_unread')).toBe(rows.filter((row) => Number(row.unread) > 0).length);
  });

  it('leaves a good share of conversations with unread messages', async () => {
    const withUnread = await first.db
      .selectFrom('messages')
      .select('conversation_id')
      .where('is_read', '=', false)
      .distinct()
      .execute();
    expect(withUnread.length).toBeGreaterThanOrEqual(Math.floor(summary.conversations * 0.15));
  });

  it('refuses to seed a database that already has users', async () => {
    await expect(seedDatabase(first.db, { users: 10, storage: first.storage, now: NOW })).rejects.toThrow(
      'La base de données contient déjà des utilisateurs',
    );
  });
});
