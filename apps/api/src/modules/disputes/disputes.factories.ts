import type { Insertable, Kysely } from 'kysely';
import type { Database, DisputeEvidenceTable, DisputesTable } from '../../db/schema.js';
import { nowIso } from '../../db/sql.js';
import { disputeSearchText } from '../../lib/search-text.js';
import { insertUser } from '../../test/factories.js';

let sequence = 0;

type DisputeValues = Partial<Insertable<DisputesTable>> & { client_id: number; provider_id: number };

/** A dispute's row (open by default); search_text is built like every writer builds it. */
export function disputeRow(values: DisputeValues): Insertable<DisputesTable> {
  sequence += 1;
  const title = values.title ?? `Litige ${sequence}`;
  const description = values.description ?? 'Travaux non conformes au devis';
  const serviceTitle = values.service_title ?? null;
  const createdAt = values.created_at ?? nowIso();
  return {
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
  };
}

/** Inserts a dispute (`disputeRow`). */
export async function insertDispute(db: Kysely<Database>, values: DisputeValues): Promise<number> {
  const row = await db
    .insertInto('disputes')
    .values(disputeRow(values))
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Inserts many disputes (`disputeRow` each), a few hundred a statement. */
export async function insertDisputes(db: Kysely<Database>, values: readonly DisputeValues[]): Promise<void> {
  const rows = values.map(disputeRow);
  for (let start = 0; start < rows.length; start += 250) {
    await db
      .insertInto('disputes')
      .values(rows.slice(start, start + 250))
      .execute();
  }
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

/**
 * `count` disputes titled 'Plafond fissuré N' between a client and a provider created here, one a
 * minute from 2026-01-01, open and resolved in turn: a search matching them all ('plafond').
 */
export async function insertCrackedCeilings(db: Kysely<Database>, count: number): Promise<void> {
  const clientId = await insertUser(db, { first_name: 'Ana', last_name: 'Kiala' });
  const providerId = await insertUser(db, { role: 'provider', first_name: 'Rui', last_name: 'Santos' });
  await insertDisputes(
    db,
    Array.from({ length: count }, (_, index) => {
      const created = new Date(Date.UTC(2026, 0, 1) + index * 60_000).toISOString();
      return {
        title: `Plafond fissuré ${index}`,
        description: 'Fissures',
        status: index % 2 === 0 ? ('open' as const) : ('resolved' as const),
        client_id: clientId,
        provider_id: providerId,
        created_at: created,
        resolved_at: index % 2 === 0 ? null : created,
      };
    }),
  );
}
