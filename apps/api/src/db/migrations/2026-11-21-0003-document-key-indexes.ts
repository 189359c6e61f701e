import type { Kysely } from 'kysely';

/*
 * Frozen in time: no application imports.
 *
 * The signed document route checks that a storage key still belongs to a verification or a dispute
 * evidence of a user who is not deleted. Without these indexes every image load scanned the
 * verification tables.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, untyped.
type AnyDb = Kysely<any>;

const DOCUMENT_COLUMNS: Array<[table: string, column: string]> = [
  ['provider_verifications', 'id_card_front'],
  ['provider_verifications', 'id_card_back'],
  ['provider_verifications', 'passport_image'],
  ['provider_verifications', 'selfie_image'],
  ['client_verifications', 'id_card_front'],
  ['client_verifications', 'id_card_back'],
  ['client_verifications', 'passport_image'],
  ['dispute_evidence', 'file'],
];

export async function up(db: AnyDb): Promise<void> {
  for (const [table, column] of DOCUMENT_COLUMNS) {
    await db.schema.createIndex(`${table}_${column}_idx`).on(table).column(column).execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const [table, column] of DOCUMENT_COLUMNS) {
    await db.schema.dropIndex(`${table}_${column}_idx`).ifExists().execute();
  }
}
