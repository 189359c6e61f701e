import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { isDocumentReachable } from '../modules/documents/documents.repository.js';
import { type DocumentStorage, InvalidDocumentKeyError } from './document-storage.js';

const PROVIDER_DOCUMENTS = ['id_card_front', 'id_card_back', 'passport_image', 'selfie_image'] as const;
const CLIENT_DOCUMENTS = ['id_card_front', 'id_card_back', 'passport_image'] as const;

/**
 * In the deletion's transaction: queues every document file of the user (identity documents of
 * their verifications, evidence they gave in disputes) for removal from disk, and detaches the
 * identity documents from the verification rows. Queued in the database rather than removed here,
 * so that nothing is lost if the transaction rolls back and nothing is forgotten if the process
 * stops between the commit and the removal (`processDocumentRemovals` also runs at start).
 */
export async function queueUserDocumentRemovals(trx: Kysely<Database>, userId: number): Promise<number> {
  const provider = await trx
    .selectFrom('provider_verifications')
    .select(PROVIDER_DOCUMENTS)
    .where('user_id', '=', userId)
    .execute();
  const client = await trx
    .selectFrom('client_verifications')
    .select(CLIENT_DOCUMENTS)
    .where('user_id', '=', userId)
    .execute();
  const evidence = await trx
    .selectFrom('dispute_evidence')
    .select('file')
    .where('user_id', '=', userId)
    .execute();

  const keys = new Set<string>();
  for (const row of provider) for (const column of PROVIDER_DOCUMENTS) if (row[column]) keys.add(row[column]);
  for (const row of client) for (const column of CLIENT_DOCUMENTS) if (row[column]) keys.add(row[column]);
  for (const row of evidence) keys.add(row.file);
  if (keys.size === 0) return 0;

  await trx
    .updateTable('provider_verifications')
    .set({ id_card_front: null, id_card_back: null, passport_image: null, selfie_image: null })
    .where('user_id', '=', userId)
    .execute();
  await trx
    .updateTable('client_verifications')
    .set({ id_card_front: null, id_card_back: null, passport_image: null })
    .where('user_id', '=', userId)
    .execute();
  const now = new Date().toISOString();
  await trx
    .insertInto('document_removals')
    .values([...keys].map((key) => ({ storage_key: key, created_at: now })))
    .execute();
  return keys.size;
}

/**
 * Removes the queued files from disk and empties the queue. A file still used by a live user (the
 * demo data shares a pool of pictures between users) is kept. Safe to run from several processes
 * at once: removing a missing file is not an error. Returns the number of queue entries handled.
 */
export async function processDocumentRemovals(
  db: Kysely<Database>,
  storage: DocumentStorage,
  options: { batchSize?: number } = {},
): Promise<number> {
  const batchSize = options.batchSize ?? 500;
  let handled = 0;
  for (;;) {
    const batch = await db
      .selectFrom('document_removals')
      .select(['id', 'storage_key'])
      .orderBy('id')
      .limit(batchSize)
      .execute();
    if (batch.length === 0) return handled;
    for (const entry of batch) {
      if (!(await isDocumentReachable(db, entry.storage_key))) {
        // A key that is not a valid storage key cannot name a file of ours: nothing to remove.
        await storage.remove(entry.storage_key).catch((error: unknown) => {
          if (!(error instanceof InvalidDocumentKeyError)) throw error;
        });
      }
      await db.deleteFrom('document_removals').where('id', '=', entry.id).execute();
      handled += 1;
    }
    if (batch.length < batchSize) return handled;
  }
}
