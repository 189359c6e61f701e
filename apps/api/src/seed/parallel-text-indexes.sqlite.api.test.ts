import { readdirSync } from 'node:fs';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqliteConnectionOf } from '../db/database.js';
import { textIndexTables } from '../db/migrations/support/text-index-segments.js';
import type { Database } from '../db/schema.js';
import { mergeStep, structureRecord } from '../db/text-index-merge.js';
import {
  type IndexStructure,
  naturalLevel,
  readStructure,
  TIER_SEGMENTS,
} from '../db/text-index-structure.js';
import { insertNotificationRow } from '../modules/notifications/notifications.factories.js';
import { DocumentStorage } from '../storage/document-storage.js';
import { createTestDatabase } from '../test/test-context.js';
import { ParallelTextIndexes, TEXT_INDEXES_APART } from './parallel-text-indexes.js';
import { insertLoginAdmin } from './seed.test-support.js';
import { seedDatabase } from './seed-database.js';

/*
 * SQLite only: a large seed builds its text indexes on a worker thread, in a scratch file, and puts
 * them in place of the database's inside its transaction (seed/parallel-text-indexes). The indexes it
 * leaves must be the very ones the rebuild gives, usable at once by the seed's own connection, and
 * nothing may be left behind, whether the seed succeeds or fails.
 */

const NOW = new Date('2026-11-21T10:00:00.000Z');
const USERS = 300;

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

async function seeded(textIndexesApart: boolean): Promise<TestDatabase> {
  const database = await createTestDatabase();
  await insertLoginAdmin(database.handle.db);
  await seedDatabase(database.handle.db, {
    users: USERS,
    now: NOW,
    storage: new DocumentStorage(path.join(database.dataDir, 'documents')),
    textIndexesApart,
  });
  return database;
}

/** Every entry of a text index (term, row, column, offset), through an fts5vocab table. */
async function entriesOf(db: Kysely<Database>, fts: string): Promise<string[]> {
  const vocabulary = `${fts}_test_vocabulary`;
  await sql`create virtual table temp.${sql.id(vocabulary)} using fts5vocab(main, ${sql.id(fts)}, 'instance')`.execute(
    db,
  );
  try {
    const { rows } = await sql<{ entry: string }>`
      select term || '|' || doc || '|' || col || '|' || "offset" as entry
      from temp.${sql.id(vocabulary)} order by term, doc, "offset"`.execute(db);
    return rows.map((row) => row.entry);
  } finally {
    await sql`drop table temp.${sql.id(vocabulary)}`.execute(db);
  }
}

/** FTS5's own check of an index against its content table (throws when they differ). */
async function checkAgainstContent(db: Kysely<Database>, fts: string): Promise<void> {
  await sql`insert into ${sql.id(fts)} (${sql.id(fts)}, rank) values ('integrity-check', 1)`.execute(db);
}

async function structureOf(db: Kysely<Database>, fts: string): Promise<IndexStructure> {
  const record = await structureRecord(db, fts);
  if (!record) throw new Error(`${fts} : pas d'enregistrement de structure`);
  return readStructure(record);
}

/** The level of each segment of `structure`, with its id and pages. */
function placedSegments(structure: IndexStructure): Array<{ level: number; id: number; pages: string }> {
  return structure.levels.flatMap((level, index) =>
    level.segments.map((segment) => ({
      level: index,
      id: segment.id,
      pages: `${segment.firstPage}-${segment.lastPage}`,
    })),
  );
}

function scratchFiles(database: TestDatabase): string[] {
  return readdirSync(database.dataDir).filter((name) => name.startsWith('.seed-text-indexes'));
}

describe('the seed building its text indexes apart (SQLite)', () => {
  let rebuilt: TestDatabase;
  let apart: TestDatabase;

  beforeAll(async () => {
    rebuilt = await seeded(false);
    apart = await seeded(true);
  });

  afterAll(async () => {
    await rebuilt?.dispose();
    await apart?.dispose();
  });

  it('leaves each text index holding exactly what the rebuild gives, and matching its table', async () => {
    // Every text index of the database, the parties' two included.
    expect(TEXT_INDEXES_APART.map((index) => index.fts).sort()).toEqual(
      (await textIndexTables(rebuilt.handle.db)).sort(),
    );
    for (const { fts } of TEXT_INDEXES_APART) {
      const expected = await entriesOf(rebuilt.handle.db, fts);
      expect(expected.length, fts).toBeGreaterThan(0);
      expect(await entriesOf(apart.handle.db, fts), fts).toEqual(expected);
      await checkAgainstContent(apart.handle.db, fts);
    }
    // The admin inserted before the seed is in the users' index.
    const { rows } = await sql<{ id: number }>`
      select rowid as id from users_fts where users_fts match '"admin@example"'`.execute(apart.handle.db);
    expect(rows).toHaveLength(1);
  });

  it("keeps each text index's settings: the journal's is still merged in the background only", async () => {
    const settings = async (database: TestDatabase, fts: string) =>
      (
        await sql<{ k: string; v: unknown }>`select k, v from ${sql.id(`${fts}_config`)} order by k`.execute(
          database.handle.db,
        )
      ).rows;
    for (const { fts } of TEXT_INDEXES_APART) {
      expect(await settings(apart, fts), fts).toEqual(await settings(rebuilt, fts));
    }
    // Migration 2026-11-27-0038: no merge inside the writes that add to the journal's index.
    expect(await settings(apart, 'audit_entries_fts')).toContainEqual({ k: 'automerge', v: 0 });
  });

  it('places each text index in one segment, at the level its rows give it', async () => {
    const db = apart.handle.db;
    for (const { fts } of TEXT_INDEXES_APART) {
      const { rows } = await sql<{ rows: number }>`
        select count(*) as rows from ${sql.id(`${fts}_docsize`)}`.execute(db);
      const segments = placedSegments(await structureOf(db, fts));
      expect(segments, fts).toHaveLength(1);
      expect(segments[0]?.level, fts).toBe(naturalLevel(rows[0]?.rows ?? 0));
    }
  });

  it('gives the rows of the tables indexed apart the ids the database would have given', async () => {
    for (const { table, column } of TEXT_INDEXES_APART) {
      const ids = async (database: TestDatabase) =>
        (
          await sql<{ id: number; text: string | null }>`
            select id, ${sql.ref(column)} as text from ${sql.table(table)} order by id`.execute(
            database.handle.db,
          )
        ).rows;
      expect(await ids(apart), `${table}.${column}`).toEqual(await ids(rebuilt));
    }
  });

  it("keeps the indexes' sync triggers: rows written after the seed, on its own connection, are found", async () => {
    const db = apart.handle.db;
    // A client with a conversation and a dispute: renamed, their parties' texts follow.
    const user = await db
      .selectFrom('disputes')
      .innerJoin('conversations', 'conversations.client_id', 'disputes.client_id')
      .select('disputes.client_id as id')
      .limit(1)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('notifications')
      .values({
        user_id: user.id,
        title: 'Zyxwvu',
        message: 'Message de test',
        search_text: ' zyxwvu message de test',
        notification_type: 'system',
        priority: 'normal',
        is_read: false,
        related_object_type: null,
        related_object_id: null,
        created_at: NOW.toISOString(),
      })
      .execute();
    await db.updateTable('users').set({ search_text: ' qwertz kwanza' }).where('id', '=', user.id).execute();
    const found = await sql<{ id: number }>`
      select rowid as id from notifications_fts where notifications_fts match '"zyxwvu"'`.execute(db);
    expect(found.rows).toHaveLength(1);
    const renamed = await sql<{ id: number }>`
      select rowid as id from users_fts where users_fts match '"qwertz"'`.execute(db);
    expect(renamed.rows).toEqual([{ id: user.id }]);
    const conversations = await db
      .selectFrom('conversations')
      .select('id')
      .where('client_id', '=', user.id)
      .orderBy('id')
      .execute();
    const partiesFound = await sql<{ id: number }>`
      select rowid as id from conversations_fts where conversations_fts match '"qwertz"' order by rowid`.execute(
      db,
    );
    expect(partiesFound.rows).toEqual(conversations);
    const disputes = await sql<{ id: number }>`
      select rowid as id from dispute_parties_fts where dispute_parties_fts match '"qwertz"'`.execute(db);
    expect(disputes.rows.length).toBeGreaterThan(0);
    for (const fts of ['notifications_fts', 'users_fts', 'conversations_fts', 'dispute_parties_fts']) {
      await checkAgainstContent(db, fts);
    }
  });

  it("leaves a seeded text index's segment out of the merges of the writes that follow", async () => {
    const db = apart.handle.db;
    /* Notifications written one a transaction, four at a time, their index's tiers merged after each
       four (as the background upkeep merges the journal's: four segments of a level into one of the
       next, text-index-upkeep.ts). 4^(L-2) rounds make one segment of level L-1 at most, and the
       seeded segment, at its level L (3 or more here: 64 rows or more), is left alone. At the level
       the build left it (0 here, 1 at a million users), the third round merged it with theirs. */
    // The seeded segment: the last level's (the test above wrote one notification since).
    const seeded = placedSegments(await structureOf(db, 'notifications_fts')).at(-1);
    const level = seeded?.level ?? 0;
    expect(level).toBeGreaterThanOrEqual(3);
    const user = await db
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'client')
      .limit(1)
      .executeTakeFirstOrThrow();
    let merges = 0;
    for (let round = 0; round < TIER_SEGMENTS ** (level - 2); round += 1) {
      for (let index = 0; index < TIER_SEGMENTS; index += 1) {
        await insertNotificationRow(db, { user_id: user.id, title: `Rappel ${round}-${index}` });
      }
      while (await mergeStep(db, 'notifications_fts', 64)) merges += 1;
    }
    expect(merges).toBeGreaterThan(0);
    const after = await structureOf(db, 'notifications_fts');
    const placed = placedSegments(after);
    expect(placed.length).toBeGreaterThan(1);
    expect(placed).toContainEqual(seeded);
    expect(after.levels[level]?.merging).toBe(0);
    await checkAgainstContent(db, 'notifications_fts');
  });

  it("leaves no scratch file behind, and the connection in the driver's defensive mode", async () => {
    expect(scratchFiles(apart)).toEqual([]);
    // The copy wrote FTS5's own tables with the defensive mode off; it is on again.
    await expect(sql`delete from users_fts_data where id = -1`.execute(apart.handle.db)).rejects.toThrow(
      /may not be modified/,
    );
  });

  it('writes nothing and leaves nothing behind when the seed fails, and can be run again', async () => {
    const database = await createTestDatabase();
    try {
      await insertLoginAdmin(database.handle.db);
      const storage = new DocumentStorage(path.join(database.dataDir, 'documents'));
      const failure = new Error('arrêt du remplissage');
      await expect(
        seedDatabase(database.handle.db, {
          users: USERS,
          now: NOW,
          storage,
          textIndexesApart: true,
          onProgress: (done) => {
            if (done > 100) throw failure;
          },
        }),
      ).rejects.toBe(failure);
      expect(scratchFiles(database)).toEqual([]);
      const users = await database.handle.db.selectFrom('users').select('id').execute();
      expect(users).toHaveLength(1);

      await seedDatabase(database.handle.db, { users: USERS, now: NOW, storage, textIndexesApart: true });
      for (const { fts } of TEXT_INDEXES_APART) await checkAgainstContent(database.handle.db, fts);
    } finally {
      await database.dispose();
    }
  });

  it('takes the copied indexes back with a transaction that fails after the copy, and detaches the file', async () => {
    const database = await createTestDatabase();
    try {
      const db = database.handle.db;
      await insertLoginAdmin(db);
      const connection = sqliteConnectionOf(db);
      if (!connection) throw new Error('connexion SQLite introuvable');
      const texts = await ParallelTextIndexes.start(db, connection);
      // A row the worker never receives: only the database's own index holds it.
      await db.updateTable('users').set({ search_text: ' garde kwanza' }).execute();
      const failure = new Error('après la copie');
      await expect(
        db.transaction().execute(async (trx) => {
          await texts.install(trx);
          throw failure;
        }),
      ).rejects.toBe(failure);
      await texts.close(db);
      expect(scratchFiles(database)).toEqual([]);
      const { rows } = await sql<{ name: string }>`pragma database_list`.execute(db);
      // Only the database's own schemas (`temp`: SQLite's temporary tables, the counters' recount's).
      expect(rows.map((row) => row.name).filter((name) => name !== 'temp')).toEqual(['main']);
      const kept = await sql<{
        id: number;
      }>`select rowid as id from users_fts where users_fts match '"garde"'`.execute(db);
      expect(kept.rows).toHaveLength(1);
      await checkAgainstContent(db, 'users_fts');
    } finally {
      await database.dispose();
    }
  });
});
