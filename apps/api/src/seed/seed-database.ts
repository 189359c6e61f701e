import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { type Kysely, sql } from 'kysely';
import { sqliteConnectionOf } from '../db/database.js';
import {
  dropBroadcastCopyTriggers,
  installBroadcastCopyTriggers,
} from '../db/migrations/support/broadcast-copies.js';
import {
  dropConversationActivityDays,
  installConversationActivityDays,
} from '../db/migrations/support/conversation-activity-days.js';
import {
  dropConversationSummaryTriggers,
  installConversationSummaries,
} from '../db/migrations/support/conversation-summaries.js';
import { dropCounterMachinery, installCounterMachinery } from '../db/migrations/support/counters.js';
import { dropPartySearchSync, rebuildPartySearch } from '../db/migrations/support/party-search.js';
import { dropSearchSync, rebuildSearchIndexes } from '../db/migrations/support/search-index.js';
import { mergeTextIndexes } from '../db/migrations/support/text-index-segments.js';
import type { Database } from '../db/schema.js';
import type { DocumentStorage } from '../storage/document-storage.js';
import {
  isSqlite,
  withDeferredIndexes,
  withLargeTextIndexHashes,
  withParallelSorts,
  withSqliteBulkLoadSettings,
} from './bulk-load.js';
import { withDeferredCatalogueCounts } from './deferred-catalogue-counts.js';
import { ParallelTextIndexes, TEXT_INDEXES_APART, TEXT_TABLES_APART } from './parallel-text-indexes.js';
import { PeopleFactory } from './people.js';
import { Random } from './random.js';
import { seedAuditJournal } from './seed-audit.js';
import { seedCategories } from './seed-categories.js';
import {
  createPickers,
  createPools,
  emptySummary,
  MemberList,
  PartyTexts,
  type SeedContext,
  type SeedSummary,
} from './seed-context.js';
import { seedConversations } from './seed-conversations.js';
import { seedDisputesOfProjects } from './seed-disputes.js';
import { SeedDocuments } from './seed-documents.js';
import { adminNotificationCount, seedNotifications, userNotificationCount } from './seed-notifications.js';
import type { SeedPhase } from './seed-phases.js';
import { seedProjectsOfClients } from './seed-projects.js';
import { reportCount, seedReports } from './seed-reports.js';
import { seedUserChunk } from './seed-users.js';
import { SeedWriter } from './seed-writer.js';
import { RegistrationTimeline, startOfUtcHour } from './timeline.js';

export type { SeedSummary } from './seed-context.js';

export const DEFAULT_SEED = 20261121;
/**
 * Users generated and inserted together (with their projects, disputes and conversations). A chunk's
 * rows live until they are inserted, so each young-generation collection copies them: a million users
 * by chunks of 5,000 paused 16.8 s in those collections, by chunks of 1,000 9.5 s (500 no fewer).
 */
export const USERS_PER_CHUNK = 1000;
/** From this many users, SQLite's text indexes are built on another core (a worker's start-up: 0.1 s). */
export const TEXT_INDEXES_APART_FROM = 20_000;
/** Above this many users, document pictures come from a small shared pool. */
export const POOLED_DOCUMENTS_ABOVE = 5000;

export interface SeedOptions {
  /** Users to create (seeded admins included; admins already in the database are kept, not counted). */
  users: number;
  seed?: number;
  storage: DocumentStorage;
  /** Reference time of every date; defaults to the start of the current UTC hour. */
  now?: Date;
  onProgress?: (done: number, total: number) => void;
  /** Called as each phase of the seed ends, in the order of seed-phases `SEED_PHASES`. */
  onPhase?: (phase: SeedPhase) => void;
  /**
   * SQLite: build the text indexes of the generated rows on another core while the load goes on
   * (seed/parallel-text-indexes); by default from TEXT_INDEXES_APART_FROM users.
   */
  textIndexesApart?: boolean;
}

export class SeedDatabaseNotEmptyError extends Error {}

/** Admins created by the seed (they have no password and cannot log in). */
export function seededAdminCount(users: number): number {
  return Math.min(users, users >= 10_000 ? 5 : users >= 50 ? 3 : 1);
}

async function assertEmpty(db: Kysely<Database>): Promise<void> {
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('role', '!=', 'admin')
    .limit(1)
    .executeTakeFirst();
  if (user) throw new SeedDatabaseNotEmptyError('La base de données contient déjà des utilisateurs');
  const category = await db.selectFrom('categories').select('id').limit(1).executeTakeFirst();
  if (category) throw new SeedDatabaseNotEmptyError('La base de données contient déjà des catégories');
}

/**
 * Fills an empty database with demo data: users of every role, provider profiles, verifications with
 * document pictures, categories, projects and offers, disputes, reports, conversations and
 * notifications. Deterministic: the same seed and `now` give the same rows. Admins already present are
 * kept (and receive notifications). Memory stays bounded: users are generated chunk by chunk and only
 * ids and registration times are kept for later stages (and the providers' search texts, which their
 * conversations and disputes carry: seed-context `PartyTexts`).
 */
export async function seedDatabase(db: Kysely<Database>, options: SeedOptions): Promise<SeedSummary> {
  if (!Number.isInteger(options.users) || options.users < 1) {
    throw new RangeError("Le nombre d'utilisateurs doit être un entier positif");
  }
  /* One transaction for the whole seed, on both databases: all or nothing. On SQLite committing per
     chunk rewrote the pages of every random-order index at each commit (gigabytes of writes for a
     million users). On PostgreSQL the counters, catalogue counts, summaries and secondary indexes
     stand aside as well (see below): a trigram index updated row by row and counter rows updated a
     million times cost most of a million-user seed (755 s). */
  const summary = await withSqliteBulkLoadSettings(db, async () => {
    const connection = buildsTextIndexesApart(db, options) ? sqliteConnectionOf(db) : undefined;
    const texts = connection ? await ParallelTextIndexes.start(db, connection) : null;
    try {
      return await seedInTransaction(db, options, texts);
    } finally {
      await texts?.close(db);
    }
  });
  /* PostgreSQL: after a bulk load the planner has no statistics and no page is marked all-visible:
     counts and pages could not use index-only scans and plans were guessed (a verification count
     took 0.3 s at a million users). One VACUUM ANALYZE, as autovacuum would eventually run. */
  if (!isSqlite(db)) await sql`vacuum (analyze)`.execute(db);
  options.onPhase?.('commit');
  return summary;
}

/**
 * Whether the seed builds its text indexes on another core (seed/parallel-text-indexes; it needs the
 * connection under a database `openDatabase` opened).
 */
function buildsTextIndexesApart(db: Kysely<Database>, options: SeedOptions): boolean {
  if (!isSqlite(db)) return false;
  return options.textIndexesApart ?? options.users >= TEXT_INDEXES_APART_FROM;
}

async function seedInTransaction(
  db: Kysely<Database>,
  options: SeedOptions,
  texts: ParallelTextIndexes | null,
): Promise<SeedSummary> {
  const builtApart: readonly string[] = texts ? TEXT_TABLES_APART : [];
  const indexesBuiltApart = texts ? TEXT_INDEXES_APART.map((index) => index.fts) : [];
  return db.transaction().execute((trx) =>
    withLargeTextIndexHashes(trx, async () => {
      /* Counters, summaries and text indexes are rebuilt once at the end instead of row by row
         (several times faster); the triggers that keep them come back in the same transaction. */
      await dropBroadcastCopyTriggers(trx);
      await dropCounterMachinery(trx);
      await dropSearchSync(trx);
      await dropPartySearchSync(trx);
      await dropConversationSummaryTriggers(trx);
      await dropConversationActivityDays(trx);
      const summary = await withDeferredCatalogueCounts(trx, () =>
        withDeferredIndexes(
          trx,
          async () => {
            const filled = await fillDatabase(trx, options, texts);
            // The worker merges its indexes while the load's own are built.
            texts?.endRows();
            // Each conversation was written with its summary (seed-conversations): the figures are
            // summed from them, and the triggers come back.
            await installConversationSummaries(trx, { summariesGiven: true });
            return filled;
          },
          indexesBuiltApart,
        ),
      );
      options.onPhase?.('indexes');
      await withParallelSorts(trx, () => installCounterMachinery(trx));
      // The journal's past hours took entries: they are counted again (lib/audit-hours.ts).
      await trx.deleteFrom('audit_entry_hours').execute();
      await trx.deleteFrom('audit_entry_days').execute();
      // After the counters' recount, which starts from an empty `list_counters`.
      await installConversationActivityDays(trx);
      options.onPhase?.('counters');
      // As late as it can be: the worker finishes its indexes while the load's own are built.
      await texts?.install(trx);
      await rebuildSearchIndexes(trx, builtApart);
      await rebuildPartySearch(trx, indexesBuiltApart);
      await installBroadcastCopyTriggers(trx);
      /* Each rebuilt text index is left as a few large segments, which later writes would pay to
         merge (one insert in 64 into the audit journal's took 50 to 150 ms): one segment each. */
      await mergeTextIndexes(trx);
      options.onPhase?.('text_indexes');
      return summary;
    }),
  );
}

async function fillDatabase(
  db: Kysely<Database>,
  options: SeedOptions,
  texts: ParallelTextIndexes | null,
): Promise<SeedSummary> {
  const users = options.users;
  const seed = options.seed ?? DEFAULT_SEED;
  const nowMs = (options.now ?? startOfUtcHour(new Date())).getTime();
  await assertEmpty(db);

  const existingAdmins = await db
    .selectFrom('users')
    .select(['id', 'username', 'email'])
    .where('role', '=', 'admin')
    .orderBy('id')
    .execute();
  const random = new Random(seed);
  const documents = new SeedDocuments(options.storage, users > POOLED_DOCUMENTS_ABOVE);
  const context: SeedContext = {
    seed,
    nowMs,
    random,
    people: new PeopleFactory(seed, random, {
      usernames: existingAdmins.map((admin) => admin.username),
      emails: existingAdmins.map((admin) => admin.email),
    }),
    documents,
    adminIds: existingAdmins.map((admin) => admin.id),
    verifierId: existingAdmins[0]?.id ?? null,
    categories: [],
    clients: new MemberList(),
    providers: new MemberList(),
    partyTexts: new PartyTexts(),
    pickers: createPickers(),
    pools: createPools(seed),
    summary: emptySummary(),
    writer: await SeedWriter.open(db, texts),
  };

  const adminCount = seededAdminCount(users);
  const reports = reportCount(users);
  const perAdmin = adminNotificationCount(users);
  const userNotifications = userNotificationCount(users);
  const total = users + reports + (existingAdmins.length + adminCount) * perAdmin + userNotifications;
  let done = 0;
  let previousStep: Promise<void> = Promise.resolve();
  /* After each step (a chunk of users, a batch of reports or notifications): the step before it is
     waited for (PostgreSQL writes a step while the next one is generated; at most two steps' rows are
     held), then progress. better-sqlite3 calls are synchronous: yielding lets timers (progress bar,
     server health checks) run during a long seed. */
  const advance = async (amount: number) => {
    const sent = context.writer.sent();
    await previousStep;
    previousStep = sent;
    done += amount;
    options.onProgress?.(done, total);
    await yieldToEventLoop();
  };
  options.onProgress?.(0, total);

  await documents.preparePool();
  await seedCategories(db, context);

  const timeline = new RegistrationTimeline(nowMs, users);
  for (let start = 0; start < users; start += USERS_PER_CHUNK) {
    const count = Math.min(USERS_PER_CHUNK, users - start);
    const clients = await seedUserChunk(db, context, { start, count, adminCount, timeline });
    const projects = await seedProjectsOfClients(context, clients);
    await seedDisputesOfProjects(context, projects);
    await seedConversations(context, projects, clients);
    await advance(count);
  }
  options.onPhase?.('users');

  await seedReports(context, reports, advance);
  await seedNotifications(context, { perAdmin, users: userNotifications }, advance);
  // The journal's stage reads the loaded rows back.
  await previousStep;
  await context.writer.flush();
  options.onPhase?.('reports_notifications');
  await seedAuditJournal(db, context);
  await context.writer.alignSequences();
  options.onPhase?.('journal');
  context.summary.documents = documents.filesWritten;
  return context.summary;
}
