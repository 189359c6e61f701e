import type { Insertable, Kysely } from 'kysely';
import type { Database, ReportsTable } from '../../db/schema.js';
import { nowIso } from '../../db/sql.js';
import { reportSearchText } from '../../lib/search-text.js';

let sequence = 0;

/**
 * Test factory of the reports aggregate: a report (about a user, pending, created now unless told);
 * search_text is built like every writer builds it.
 */
export async function insertReport(
  db: Kysely<Database>,
  values: Partial<Insertable<ReportsTable>> & { reporter_id: number },
): Promise<number> {
  sequence += 1;
  const reason = values.reason ?? `Signalement ${sequence}`;
  const createdAt = values.created_at ?? nowIso();
  const row = await db
    .insertInto('reports')
    .values({
      type: 'user',
      status: 'pending',
      admin_notes: null,
      reported_user_id: null,
      updated_at: createdAt,
      ...values,
      reason,
      created_at: createdAt,
      search_text: reportSearchText({ reason }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
