import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '../../seed/seed-database.js';
import { DocumentStorage } from '../../storage/document-storage.js';
import { createTestDatabase } from '../../test/test-context.js';
import { insertMessage } from './conversations.factories.js';
import { expectSummariesExact } from './summaries.test-support.js';

describe('conversation summaries after a seed', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDatabase(database.handle.db, {
      users: 400,
      storage: new DocumentStorage(path.join(database.dataDir, 'documents')),
    });
  });
  afterAll(async () => database.dispose());

  it('computes them once at the end of the load, and the triggers keep them afterwards', async () => {
    const db = database.handle.db;
    const conversations = await db.selectFrom('conversations').select(['id', 'unread_messages']).execute();
    expect(conversations.length).toBeGreaterThan(10);
    expect(conversations.some((row) => Number(row.unread_messages) > 0)).toBe(true);
    await expectSummariesExact(db);
    const first = conversations[0];
    if (!first) throw new Error('no conversation');
    await insertMessage(db, {
      conversation_id: first.id,
      created_at: new Date(Date.now() + 60_000).toISOString(),
    });
    await expectSummariesExact(db);
  });
});
