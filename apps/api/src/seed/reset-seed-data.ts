import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { DocumentStorage } from '../storage/document-storage.js';

/** Folders of the document storage that only the seed and uploads of seeded rows fill. */
const SEEDED_DOCUMENT_FOLDERS = ['verifications', 'disputes', 'seed-pool'];

/**
 * Deletes every data row in foreign-key order, keeping the admins that can log in (those with a
 * password), and the seeded document files. Runs in one transaction.
 */
export async function resetSeedData(db: Kysely<Database>, storage: DocumentStorage): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('notifications').execute();
    await trx.deleteFrom('notification_broadcasts').execute();
    await trx.deleteFrom('messages').execute();
    await trx.deleteFrom('conversations').execute();
    await trx.deleteFrom('reports').execute();
    await trx.deleteFrom('dispute_status_history').execute();
    await trx.deleteFrom('dispute_evidence').execute();
    await trx.deleteFrom('disputes').execute();
    await trx.deleteFrom('offers').execute();
    await trx.deleteFrom('projects').execute();
    await trx.deleteFrom('subcategories').execute();
    await trx.deleteFrom('categories').execute();
    await trx.deleteFrom('client_verifications').execute();
    await trx.deleteFrom('provider_verifications').execute();
    await trx.deleteFrom('provider_profiles').execute();
    await trx
      .deleteFrom('users')
      .where((eb) => eb.or([eb('role', '!=', 'admin'), eb('password_hash', 'is', null)]))
      .execute();
  });
  for (const folder of SEEDED_DOCUMENT_FOLDERS) {
    await rm(path.join(storage.rootDir, folder), { recursive: true, force: true });
  }
}
