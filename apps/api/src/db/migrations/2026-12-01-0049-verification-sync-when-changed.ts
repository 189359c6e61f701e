import { PostgresAdapter, sql } from 'kysely';

/*
 * Frozen in time: no application imports.
 *
 * The triggers of migration 2026-11-21-0002 keep `users.verification_status` (the status of the
 * user's latest verification) by rewriting the user's row at every write of a verification, twice on
 * an update (the old and the new owner), even when the status they write is the one it holds. Each
 * rewrite fired the users' own row triggers (counters, text index, version) and, on PostgreSQL, wrote
 * a new row version: 2.7 ms a decided row on PostgreSQL, most of a decision's cost, and on SQLite the
 * users' version raised (so every kept users list computed again) by a decision on an older
 * verification or a resubmission that changed nothing. They now write only a status that differs.
 * The same names, so the seed's load (seed/bulk-load) stands them aside as before.
 */

/* Only raw SQL is run: no table types, so no `Kysely<any>` escape hatch either. */
type AnyDb = Parameters<ReturnType<typeof sql.raw>['execute']>[0];

const TABLES = [
  { table: 'provider_verifications', role: 'provider' },
  { table: 'client_verifications', role: 'client' },
] as const;

function latestStatus(table: string, userId: string) {
  return `(select v.verification_status from ${table} v where v.user_id = ${userId}
           order by v.submitted_at desc, v.id desc limit 1)`;
}

/** The user's row rewritten with its latest verification's status; `changedOnly`: only if it differs. */
function refresh(table: string, role: string, userId: string, changedOnly: boolean) {
  const latest = latestStatus(table, userId);
  const differs = changedOnly ? ` and verification_status is distinct from ${latest}` : '';
  return `update users set verification_status = ${latest} where id = ${userId} and role = '${role}'${differs};`;
}

async function install(db: AnyDb, changedOnly: boolean): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const { table, role } of TABLES) {
    const sync = (userId: string) => refresh(table, role, userId, changedOnly);
    if (isPostgres) {
      // The trigger calls the function by name: replacing it is enough.
      await sql
        .raw(`
          create or replace function ${table}_sync_user_status() returns trigger language plpgsql as $$
          begin
            if tg_op in ('UPDATE', 'DELETE') then ${sync('OLD.user_id')} end if;
            if tg_op in ('INSERT', 'UPDATE') then ${sync('NEW.user_id')} end if;
            return null;
          end $$`)
        .execute(db);
      continue;
    }
    for (const event of ['insert', 'update', 'delete']) {
      await sql.raw(`drop trigger ${table}_sync_${event}`).execute(db);
    }
    await sql
      .raw(`create trigger ${table}_sync_insert after insert on ${table} begin ${sync('NEW.user_id')} end`)
      .execute(db);
    await sql
      .raw(`
        create trigger ${table}_sync_update
        after update of verification_status, submitted_at, user_id on ${table}
        begin ${sync('OLD.user_id')} ${sync('NEW.user_id')} end`)
      .execute(db);
    await sql
      .raw(`create trigger ${table}_sync_delete after delete on ${table} begin ${sync('OLD.user_id')} end`)
      .execute(db);
  }
}

export async function up(db: AnyDb): Promise<void> {
  await install(db, true);
}

export async function down(db: AnyDb): Promise<void> {
  await install(db, false);
}
