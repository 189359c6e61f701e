import type { Provider, ProviderListQuery, ProviderStats } from '@kwanza/contract';
import type { Kysely } from 'kysely';
import { countWhere, toCount } from '../../db/aggregates.js';
import { flagPart, sumBuckets } from '../../db/counters.js';
import { paddedIds } from '../../db/id-lists.js';
import { fetchListPage, pageReaders, searchPage } from '../../db/paginate.js';
import type { Database } from '../../db/schema.js';
import {
  filteredColumn,
  pagePlans,
  planSearches,
  type SearchPlans,
  type SearchSide,
  searchAnySide,
  searchCapped,
} from '../../db/search.js';
import { deletedUsersUpTo, dialectOf, parseJsonArray } from '../../db/sql.js';
import { runInTransaction } from '../../db/transaction.js';
import { trackChanges } from '../../lib/audit-objects.js';
import { notFound } from '../../lib/http-errors.js';
import { pageWindow } from '../../lib/pagination.js';

export const PROVIDER_NOT_FOUND = 'Prestataire introuvable.';

/** Provider profiles whose user is not deleted. */
function liveProviders(db: Kysely<Database>) {
  return db
    .selectFrom('provider_profiles as pp')
    .innerJoin('users as u', 'u.id', 'pp.user_id')
    .where('u.deleted_at', 'is', null);
}

/**
 * A provider is found by its own text alone (db/search.ts), which holds its user's name, username,
 * e-mail and phone beside its company and city (lib/search-text).
 */
const PROVIDER_SEARCH: readonly SearchSide[] = [{ table: 'provider_profiles', alias: 'pp' }];

/** Live providers matching the filters, from `provider_profiles` alone (its order index drives the page). */
function filteredProviders(
  db: Kysely<Database>,
  query: Pick<ProviderListQuery, 'search' | 'is_verified'>,
  plans?: SearchPlans,
) {
  const term = query.search;
  // The order indexes hold the live providers only (`user_deleted_at is null`, migration 0030).
  let rows = db
    .selectFrom('provider_profiles as pp')
    .where(filteredColumn(dialectOf(db), 'pp.user_deleted_at', term ? plans : undefined), 'is', null);
  if (term) rows = rows.where(searchAnySide(dialectOf(db), term, PROVIDER_SEARCH, plans));
  if (query.is_verified !== undefined) {
    // Beside a search's few ids, the flag's index stands aside (db/search.ts `filteredColumn`).
    const verified = filteredColumn(dialectOf(db), 'pp.is_verified', term ? plans : undefined);
    rows = rows.where(verified, '=', query.is_verified);
  }
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

/**
 * One page of providers, newest first, with the counters of the whole filtered set: from the kept
 * counters without a search; with a search, counted up to the cap (stats are null past it).
 */
export async function listProviders(
  db: Kysely<Database>,
  query: ProviderListQuery,
): Promise<{ count: number; count_capped: boolean; results: Provider[]; stats: ProviderStats | null }> {
  const unfiltered = query.is_verified === undefined;
  // One profile per user: the deleted users bound the profiles left out.
  const plans = await planSearches(db, PROVIDER_SEARCH, query.search, {
    leftOutUpTo: unfiltered ? (limit) => deletedUsersUpTo(db, limit) : undefined,
  });
  const wanted = query.is_verified === undefined ? null : flagPart(query.is_verified);
  const matches = ([verified]: string[]) => wanted === null || verified === wanted;
  const capped = unfiltered && searchCapped(PROVIDER_SEARCH, plans);
  const window = pageWindow(query);
  // Its count told, the page alone reads the matches: along the list's order when that is cheaper.
  const rowsPlans = capped ? pagePlans(PROVIDER_SEARCH, plans, window.offset + window.limit) : plans;
  const page = await fetchListPage(db, {
    searching: Boolean(query.search),
    capped,
    counted: { reads: [{ list: 'providers' }], count: ([buckets]) => sumBuckets(buckets ?? [], matches) },
    matches: () => filteredProviders(db, query, plans).select('pp.id'),
    // The page's ids already come from live providers: joining their users by primary key only
    // (a condition on users here would let SQLite walk the users table instead of the ids).
    ...pageReaders(
      db,
      {
        ...window,
        ...searchPage('providers', { term: query.search, plans: rowsPlans }, query.is_verified),
      },
      (ids) =>
        db
          .selectFrom('provider_profiles as pp')
          .innerJoin('users as u', 'u.id', 'pp.user_id')
          .select(PROVIDER_COLUMNS)
          .where('pp.id', 'in', ids)
          .orderBy('pp.created_at', 'desc')
          .orderBy('pp.id', 'desc'),
      (among?: readonly number[]) =>
        (among
          ? db.selectFrom('provider_profiles as pp').where('pp.id', 'in', among)
          : filteredProviders(db, query, rowsPlans)
        )
          .select('pp.id')
          .orderBy('pp.created_at', 'desc')
          .orderBy('pp.id', 'desc'),
    ),
  });
  let stats: ProviderStats | null = null;
  const counters = page.counterSets?.[0];
  if (counters) {
    const verified = sumBuckets(counters, (parts) => matches(parts) && parts[0] === '1');
    stats = { total: page.count, verified, pending: page.count - verified };
  } else if (page.matchIds?.length === 0) {
    stats = { total: 0, verified: 0, pending: 0 };
  } else if (!page.capped) {
    const matching = page.matchIds
      ? db.selectFrom('provider_profiles as pp').where('pp.id', 'in', paddedIds(page.matchIds))
      : filteredProviders(db, query, plans);
    const row = await matching
      .select((eb) => countWhere(eb, eb('pp.is_verified', '=', true)).as('verified'))
      .executeTakeFirstOrThrow();
    const verified = toCount(row.verified);
    stats = { total: page.count, verified, pending: page.count - verified };
  }
  return { count: page.count, count_capped: page.capped, results: page.rows.map(toProvider), stats };
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
    const audit = await trackChanges(trx, 'provider', [id]);
    await trx
      .updateTable('provider_profiles')
      .set({ is_verified: isVerified })
      .where('id', '=', id)
      .execute();
    await trx.updateTable('users').set({ is_verified: isVerified }).where('id', '=', row.user_id).execute();
    await audit.record();
  });
  const provider = await findProvider(db, id);
  if (!provider) throw notFound(PROVIDER_NOT_FOUND);
  return provider;
}
