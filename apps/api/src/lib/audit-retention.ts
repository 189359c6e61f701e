import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import { dialectOf } from '../db/sql.js';
import { mergeTextIndexInSteps } from '../db/text-index-merge.js';
import { runInTransaction } from '../db/transaction.js';
import { lockAuditHours, takeOffAuditHours } from './audit-hours.js';

/*
 * Retention of the audit journal (AUDIT_RETENTION_DAYS; 0, the default, keeps everything). The
 * journal's triggers refuse every delete except this purge's: it names its cutoff inside its own
 * transaction first (PostgreSQL: the transaction-local setting `kwanza.audit_purge_before`; SQLite:
 * a row of `audit_purges`, gone before the commit), and only entries older than that cutoff, itself
 * at least a day old, may go. Batches of 5,000 keep each transaction short. On SQLite, the journal's
 * text index is then merged back into one segment in small steps (db/text-index-merge.ts), so that
 * the purge's deletion entries are not merged later at the expense of ordinary writes. The entries
 * deleted are taken off the journal's counted hours and days in the same transaction (lib/audit-hours.ts).
 */

const PURGE_BATCH = 5000;
const DAY_MS = 24 * 3600 * 1000;

/** Deletes the entries older than `retentionDays` days; returns how many went. */
export async function purgeExpiredAuditEntries(
  db: Kysely<Database>,
  retentionDays: number,
  now: Date = new Date(),
  batchSize: number = PURGE_BATCH,
): Promise<number> {
  if (retentionDays <= 0) return 0;
  const cutoff = new Date(now.getTime() - retentionDays * DAY_MS).toISOString();
  let total = 0;
  for (;;) {
    const deleted = await runInTransaction(db, async (trx) => {
      await lockAuditHours(trx);
      if (dialectOf<Database>(trx) === 'postgres') {
        await sql`select set_config('kwanza.audit_purge_before', ${cutoff}, true)`.execute(trx);
      } else {
        await trx.insertInto('audit_purges').values({ cutoff }).execute();
      }
      const removed = await trx
        .deleteFrom('audit_entries')
        .where(
          'id',
          'in',
          trx
            .selectFrom('audit_entries')
            .select('id')
            .where('created_at', '<', cutoff)
            .orderBy('created_at')
            .limit(batchSize),
        )
        .returning('created_at')
        .execute();
      if (dialectOf<Database>(trx) !== 'postgres') await trx.deleteFrom('audit_purges').execute();
      await takeOffAuditHours(
        trx,
        removed.map((row) => row.created_at),
      );
      return removed.length;
    });
    total += deleted;
    if (deleted < batchSize) break;
  }
  if (total > 0) await mergeTextIndexInSteps(db, 'audit_entries_fts');
  return total;
}
