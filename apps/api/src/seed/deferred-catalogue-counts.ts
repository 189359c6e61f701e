import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema.js';
import { isSqlite } from './bulk-load.js';

/*
 * The catalogue's project counts (migration 2026-11-23-0002) are kept by row triggers on `projects`:
 * two updates of a category and a subcategory per inserted project. In the seed's one transaction on
 * PostgreSQL each of those updates leaves a new version of one of a few dozen rows that no vacuum can
 * remove before the commit, and every later update walks the longer chain. The triggers stand aside
 * during the load; the counts are taken once at the end and the triggers come back from their own SQL.
 */

interface TriggerDefinition {
  name: string;
  definition: string;
}

async function catalogueTriggers(trx: Kysely<Database>): Promise<TriggerDefinition[]> {
  if (isSqlite(trx)) {
    const { rows } = await sql<TriggerDefinition>`
      select name, sql as definition from sqlite_master
      where type = 'trigger' and tbl_name = 'projects' and name like 'projects_catalogue%'
      order by name`.execute(trx);
    return rows;
  }
  const { rows } = await sql<TriggerDefinition>`
    select tgname as name, pg_get_triggerdef(oid) as definition from pg_trigger
    where tgrelid = 'projects'::regclass and not tgisinternal and tgname like 'projects_catalogue%'
    order by tgname`.execute(trx);
  return rows;
}

/** Runs `load` without the catalogue's count triggers, then recounts and puts the triggers back. */
export async function withDeferredCatalogueCounts<T>(
  trx: Kysely<Database>,
  load: () => Promise<T>,
): Promise<T> {
  const triggers = await catalogueTriggers(trx);
  for (const trigger of triggers) {
    if (isSqlite(trx)) await sql`drop trigger ${sql.id(trigger.name)}`.execute(trx);
    else await sql`drop trigger ${sql.id(trigger.name)} on projects`.execute(trx);
  }
  const result = await load();
  await sql`update categories set projects_count =
    (select count(*) from projects p where p.category_id = categories.id)`.execute(trx);
  await sql`update subcategories set projects_count =
    (select count(*) from projects p where p.subcategory_id = subcategories.id)`.execute(trx);
  for (const trigger of triggers) await sql.raw(trigger.definition).execute(trx);
  return result;
}
