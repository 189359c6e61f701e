import type { Insertable, Kysely } from 'kysely';
import type { Database, OffersTable, ProjectsTable } from '../../db/schema.js';
import { nowIso } from '../../db/sql.js';
import { projectSearchText } from '../../lib/search-text.js';

let sequence = 0;

export async function insertCategory(db: Kysely<Database>, name: string): Promise<number> {
  const row = await db
    .insertInto('categories')
    .values({ name, description: null, icon: null, image_url: null, created_at: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A project row with sensible defaults, search_text built from title, description and `clientName`. */
export function projectRow(
  values: Partial<Insertable<ProjectsTable>> & {
    client_id: number;
    client: { first_name: string; last_name: string; username: string };
  },
): Insertable<ProjectsTable> {
  sequence += 1;
  const { client, ...columns } = values;
  const title = columns.title ?? `Projet ${sequence}`;
  const description = columns.description ?? 'Description du projet';
  const createdAt = columns.created_at ?? nowIso();
  return {
    category_id: null,
    subcategory_id: null,
    status: 'open',
    budget_range: null,
    min_budget: null,
    max_budget: null,
    location: null,
    deadline: null,
    required_skills: '[]',
    views_count: 0,
    favorites_count: 0,
    offers_count: 0,
    admin_notes: null,
    updated_at: createdAt,
    ...columns,
    title,
    description,
    created_at: createdAt,
    search_text: columns.search_text ?? projectSearchText({ title, description }, client),
  };
}

/** Inserts a project; search_text is built from title, description and `clientName` like the seed does. */
export async function insertProject(
  db: Kysely<Database>,
  values: Partial<Insertable<ProjectsTable>> & { client_id: number; clientName?: string },
): Promise<number> {
  const { clientName, ...columns } = values;
  const client =
    clientName === undefined
      ? await db
          .selectFrom('users')
          .select(['first_name', 'last_name', 'username'])
          .where('id', '=', columns.client_id)
          .executeTakeFirstOrThrow()
      : { first_name: clientName, last_name: '', username: '' };
  const row = projectRow({ ...columns, client });
  const inserted = await db.insertInto('projects').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function insertOffer(
  db: Kysely<Database>,
  values: Partial<Insertable<OffersTable>> & { project_id: number; provider_id: number },
): Promise<number> {
  const inserted = await db
    .insertInto('offers')
    .values({
      status: 'pending',
      proposed_price: 1000,
      delivery_time: null,
      estimated_duration: null,
      message: null,
      created_at: nowIso(),
      ...values,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}
