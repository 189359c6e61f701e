import type { Provider, ProviderListQuery, ProviderStats } from '@kwanza/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { parseJsonArray, searchTextContains } from '../../db/sql.js';
import { runInTransaction } from '../../db/transaction.js';
import { notFound } from '../../lib/http-errors.js';
import { offsetOf } from '../../lib/pagination.js';

export const PROVIDER_NOT_FOUND = 'Prestataire introuvable.';

/** Provider profiles whose user is not deleted. */
function liveProviders(db: Kysely<Database>) {
  return db
    .selectFrom('provider_profiles as pp')
    .innerJoin('users as u', 'u.id', 'pp.user_id')
    .where('u.deleted_at', 'is', null);
}

function filteredProviders(db: Kysely<Database>, query: Pick<ProviderListQuery, 'search' | 'is_verified'>) {
  let rows = liveProviders(db);
  const term = query.search;
  if (term) {
    rows = rows.where((eb) =>
      eb.or([searchTextContains('pp.search_text', term), searchTextContains('u.search_text', term)]),
    );
  }
  if (query.is_verified !== undefined) rows = rows.where('pp.is_verified', '=', query.is_verified);
  return rows;
}

const PROVIDER_COLUMNS = [
  'pp.id',
  'pp.company_name',
  'pp.city',
  'pp.address',
  'pp.bio',
  'pp.description',
  'pp.skills',
  'pp.average_rating',
  'pp.total_reviews',
  'pp.services_count',
  'pp.completed_projects',
  'pp.is_verified',
  'pp.created_at',
  'u.id as user_id',
  'u.username',
  'u.first_name',
  'u.last_name',
  'u.email',
  'u.phone_number',
  'u.profile_picture',
] as const;

interface ProviderRow {
  id: number;
  company_name: string | null;
  city: string | null;
  address: string | null;
  bio: string | null;
  description: string | null;
  skills: string;
  average_rating: number;
  total_reviews: number;
  services_count: number;
  completed_projects: number;
  is_verified: boolean;
  created_at: string;
  user_id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string | null;
  profile_picture: string | null;
}

function toProvider(row: ProviderRow): Provider {
  return {
    id: row.id,
    user: {
      id: row.user_id,
      profile_picture: row.profile_picture,
      email: row.email,
      username: row.username,
      phone_number: row.phone_number,
    },
    full_name: `${row.first_name} ${row.last_name}`.trim(),
    company_name: row.company_name,
    profile_picture: row.profile_picture,
    email: row.email,
    phone_number: row.phone_number,
    city: row.city,
    address: row.address,
    is_verified: Boolean(row.is_verified),
    average_rating: Math.round(Number(row.average_rating) * 100) / 100,
    total_reviews: Number(row.total_reviews),
    services_count: Number(row.services_count),
    completed_projects: Number(row.completed_projects),
    bio: row.bio,
    description: row.description,
    skills: parseJsonArray(row.skills),
    created_at: row.created_at,
  };
}

/** One page of providers, newest first, with the counters of the whole filtered set. */
export async function listProviders(
  db: Kysely<Database>,
  query: ProviderListQuery,
): Promise<{ count: number; results: Provider[]; stats: ProviderStats }> {
  const [rows, totals] = await Promise.all([
    filteredProviders(db, query)
      .select(PROVIDER_COLUMNS)
      .orderBy('pp.created_at', 'desc')
      .orderBy('pp.id', 'desc')
      .limit(query.page_size)
      .offset(offsetOf(query))
      .execute(),
    filteredProviders(db, query)
      .select((eb) => [
        eb.fn.countAll().as('count'),
        eb.fn.sum(eb.case().when('pp.is_verified', '=', true).then(1).else(0).end()).as('verified'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  const count = Number(totals.count);
  const verified = Number(totals.verified ?? 0);
  return {
    count,
    results: rows.map(toProvider),
    stats: { total: count, verified, pending: count - verified },
  };
}

export async function findProvider(db: Kysely<Database>, id: number): Promise<Provider | undefined> {
  const row = await liveProviders(db).select(PROVIDER_COLUMNS).where('pp.id', '=', id).executeTakeFirst();
  return row ? toProvider(row) : undefined;
}

/** Sets the provider's `is_verified`, and the same flag on its user, in one transaction. */
export async function setProviderVerified(
  db: Kysely<Database>,
  id: number,
  isVerified: boolean,
): Promise<Provider> {
  await runInTransaction(db, async (trx) => {
    const row = await liveProviders(trx)
      .select(['pp.id', 'pp.user_id'])
      .where('pp.id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound(PROVIDER_NOT_FOUND);
    await trx
      .updateTable('provider_profiles')
      .set({ is_verified: isVerified })
      .where('id', '=', id)
      .execute();
    await trx.updateTable('users').set({ is_verified: isVerified }).where('id', '=', row.user_id).execute();
  });
  const provider = await findProvider(db, id);
  if (!provider) throw notFound(PROVIDER_NOT_FOUND);
  return provider;
}
