import type { Insertable, Kysely } from 'kysely';
import type { Database, DisputeEvidenceTable, DisputesTable } from '../../db/schema.js';
import { nowIso } from '../../db/sql.js';
import { disputeSearchText } from '../../lib/search-text.js';

let sequence = 0;

/** Inserts a dispute (open by default); search_text is built like every writer builds it. */
export async function insertDispute(
  db: Kysely<Database>,
  values: Partial<Insertable<DisputesTable>> & { client_id: number; provider_id: number },
): Promise<number> {
  sequence += 1;
  const title = values.title ?? `Litige ${sequence}`;
  const description = values.description ?? 'Travaux non conformes au devis';
  const serviceTitle = values.service_title ?? null;
  const createdAt = values.created_at ?? nowIso();
  const row = await db
    .insertInto('disputes')
    .values({
      status: 'open',
      project_id: null,
      resolution_note: null,
      resolved_at: null,
      updated_at: createdAt,
      ...values,
      title,
      description,
      service_title: serviceTitle,
      created_at: createdAt,
      search_text: disputeSearchText({ title, service_title: serviceTitle, description }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertEvidence(
  db: Kysely<Database>,
  values: Partial<Insertable<DisputeEvidenceTable>> & { dispute_id: number; user_id: number; file: string },
): Promise<number> {
  const row = await db
    .insertInto('dispute_evidence')
    .values({ description: null, created_at: nowIso(), ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
