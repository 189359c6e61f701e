import type { Kysely } from 'kysely';

/*
 * Frozen in time: no application imports.
 *
 * The verification lists walk their table in (submitted_at, id) order — all of it, one status, one
 * account type — and skip the verifications of deleted users. The submission order does not follow
 * the ids (verifications were written in their users' order): without `user_id` in those indexes each
 * skipped row was read from the table at a random place to check its user, and a deep page of client
 * verifications (page 2,000 skips 40,000 rows) cost 50 ms of CPU at a million users. With it, the page
 * is read from the index alone, checked against the few deleted users, as the providers list does
 * (2026-11-25-0020). The new indexes replace the ones they extend.
 */

/* Only the schema builder is used: no table types, so no `Kysely<any>` escape hatch either. */
type AnyDb = Pick<Kysely<unknown>, 'schema'>;

interface Extended {
  table: 'provider_verifications' | 'client_verifications';
  old: string;
  covering: string;
  columns: string[];
}

const EXTENDED: readonly Extended[] = (['provider_verifications', 'client_verifications'] as const).flatMap(
  (table): Extended[] => [
    {
      table,
      old: `${table}_submitted_idx`,
      covering: `${table}_submitted_user_idx`,
      columns: ['submitted_at', 'id'],
    },
    {
      table,
      old: `${table}_status_order_idx`,
      covering: `${table}_status_order_user_idx`,
      columns: ['verification_status', 'submitted_at', 'id'],
    },
    ...(table === 'provider_verifications'
      ? [
          {
            table,
            old: 'provider_verifications_business_order_idx',
            covering: 'provider_verifications_business_order_user_idx',
            columns: ['is_business', 'submitted_at', 'id'],
          },
        ]
      : []),
  ],
);

export async function up(db: AnyDb): Promise<void> {
  for (const { table, old, covering, columns } of EXTENDED) {
    await db.schema
      .createIndex(covering)
      .on(table)
      .columns([...columns, 'user_id'])
      .execute();
    await db.schema.dropIndex(old).execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const { table, old, covering, columns } of EXTENDED) {
    await db.schema.createIndex(old).on(table).columns(columns).execute();
    await db.schema.dropIndex(covering).execute();
  }
}
