import type { UpdateUserBody, User, UserListQuery, UserStats } from '@kwanza/contract';
import type { ExpressionBuilder, Kysely } from 'kysely';
import { countWhere, toCount } from '../../db/aggregates.js';
import { bucketPattern, readCounters, rowsByDay, rowsByMonth, sumBuckets } from '../../db/counters.js';
import { deepPageStart, type PeriodSources } from '../../db/deep-pages.js';
import { paddedIds } from '../../db/id-lists.js';
import { lockActiveAdmins, lockRowsFollowingUser } from '../../db/locks.js';
import { fetchListPage, pageReaders, searchPage } from '../../db/paginate.js';
import type { Database } from '../../db/schema.js';
import {
  checkedUnlessByIds,
  filteredColumn,
  INDEX_PLAN,
  inTextIndexOrder,
  isBroadFilter,
  mayReadInTextOrder,
  pagePlan,
  planSearch,
  ROW_PLAN,
  type SearchPlan,
  type SearchSide,
  searchCapped,
  searchMatches,
  TEXT_ORDER_PLAN,
} from '../../db/search.js';
import { deletedUsersUpTo, dialectOf, lockRowsOnPostgres, nowIso } from '../../db/sql.js';
import { runInTransaction } from '../../db/transaction.js';
import { trackChanges } from '../../lib/audit-objects.js';
import { badRequest, conflict, notFound } from '../../lib/http-errors.js';
import { pageWindow } from '../../lib/pagination.js';
import {
  projectSearchText,
  providerSearchText,
  providerVerificationSearchText,
  userSearchText,
} from '../../lib/search-text.js';
import { revokeUserSessions } from '../../lib/sessions.js';
import { queueUserDocumentRemovals } from '../../storage/document-removals.js';

export const USER_NOT_FOUND = 'Utilisateur introuvable.';

export { providerSearchText, userSearchText };

type UsersScope = ExpressionBuilder<Database, 'users'>;

function latestProviderVerification(eb: UsersScope) {
  return eb
    .selectFrom('provider_verifications as pv')
    .whereRef('pv.user_id', '=', 'users.id')
    .orderBy('pv.submitted_at', 'desc')
    .orderBy('pv.id', 'desc')
    .limit(1);
}

type UserFilters = Pick<UserListQuery, 'search' | 'role' | 'verification_status'>;

/**
 * Live users matching the list's filters. `users.verification_status` (kept by database triggers)
 * holds the status of a provider's latest provider verification or a client's latest client
 * verification; `not_started` means a provider or client without one; admins match no verification
 * status. The search goes through the users' text index, as `plan` says (db/search.ts).
 */
function filteredUsers(db: Kysely<Database>, query: UserFilters, plan: SearchPlan = INDEX_PLAN) {
  const dialect = dialectOf(db);
  // Beside a search's few ids, the filters' indexes stand aside (db/search.ts `filteredColumn`).
  const column = (name: string) => filteredColumn(dialect, name, query.search ? plan : undefined);
  let rows = db.selectFrom('users').where(column('users.deleted_at'), 'is', null);
  if (query.search) rows = rows.where(searchMatches(dialect, 'users', query.search, { plan }));
  if (query.role) rows = rows.where(column('users.role'), '=', query.role);
  if (query.verification_status === 'not_started') {
    rows = rows
      .where(column('users.role'), 'in', ['provider', 'client'])
      .where(column('users.verification_status'), 'is', null);
  } else if (query.verification_status) {
    rows = rows.where(column('users.verification_status'), '=', query.verification_status);
  }
  return rows;
}

/** A user is found by their own text (names, e-mail, phone). */
const USER_SEARCH: readonly SearchSide[] = [{ table: 'users' }];

/** Whether a `users_state` counter bucket (role|verification status|phone verified) matches the filters. */
function bucketMatches(query: UserFilters): (parts: string[]) => boolean {
  return ([role, status]) => {
    if (query.role && role !== query.role) return false;
    if (query.verification_status === 'not_started') {
      return (role === 'provider' || role === 'client') && status === '-';
    }
    return !query.verification_status || status === query.verification_status;
  };
}

/**
 * The filtered live users month by month (month joined) and day by day, newest first, from the kept
 * counters: `users_month` (role, month) without a verification filter, else `users` (role,
 * verification status, phone verified, month); `users_day` (day, role, verification status).
 */
function usersByPeriod(db: Kysely<Database>, query: UserFilters): PeriodSources {
  const role = query.role ?? null;
  if (!query.verification_status) {
    return {
      months: () => rowsByMonth(db, 'users_month', role ? [bucketPattern([role, null])] : []),
      days: (month) => rowsByDay(db, 'users_day', month, role ? [bucketPattern([null, role, null])] : []),
    };
  }
  const notStarted = query.verification_status === 'not_started';
  const roles = notStarted
    ? (role ? [role] : ['provider', 'client']).filter((value) => value !== 'admin')
    : [role];
  const status = notStarted ? '-' : query.verification_status;
  if (roles.length === 0) return { months: async () => [] };
  return {
    months: () =>
      rowsByMonth(
        db,
        'users',
        roles.map((value) => bucketPattern([value, status, null, null])),
      ),
    days: (month) =>
      rowsByDay(
        db,
        'users_day',
        month,
        roles.map((value) => bucketPattern([null, value, status])),
      ),
  };
}

/**
 * The four counters of the users screen over a search's matches (at most SEARCH_COUNT_CAP rows): of
 * `matchIds` when the page knows them all, else of the filter.
 */
async function countSearchStats(
  db: Kysely<Database>,
  query: UserFilters,
  matchIds: number[] | undefined,
): Promise<UserStats> {
  const matching = matchIds
    ? db.selectFrom('users').where('users.id', 'in', paddedIds(matchIds))
    : filteredUsers(db, query);
  const row = await matching
    .select((eb) => [
      countWhere(eb, eb('users.verification_status', '=', 'pending')).as('pending'),
      countWhere(eb, eb('users.verification_status', '=', 'verified')).as('verified'),
      countWhere(eb, eb('users.verification_status', '=', 'rejected')).as('rejected'),
      countWhere(eb, eb('users.is_phone_verified', '=', true)).as('phone_verified'),
    ])
    .executeTakeFirstOrThrow();
  return {
    pending: toCount(row.pending),
    verified: toCount(row.verified),
    rejected: toCount(row.rejected),
    phone_verified: toCount(row.phone_verified),
  };
}

/** The columns of a listed user, with the latest provider verification (looked up for output rows only). */
function selectUserColumns(eb: UsersScope) {
  return [
    'users.id',
    'users.username',
    'users.first_name',
    'users.last_name',
    'users.email',
    'users.phone_number',
    'users.role',
    'users.profile_picture',
    'users.date_joined',
    'users.is_active',
    'users.is_verified',
    'users.is_phone_verified',
    latestProviderVerification(eb).select('pv.id').as('provider_verification_id'),
    latestProviderVerification(eb).select('pv.verification_status').as('provider_verification_status'),
  ] as const;
}

interface UserRow {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string | null;
  role: User['role'];
  profile_picture: string | null;
  date_joined: string;
  is_active: boolean;
  is_verified: boolean;
  is_phone_verified: boolean;
  provider_verification_id: number | null;
  provider_verification_status: 'pending' | 'verified' | 'rejected' | null;
}

function toUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    phone_number: row.phone_number,
    role: row.role,
    profile_picture: row.profile_picture,
    date_joined: row.date_joined,
    is_active: Boolean(row.is_active),
    is_verified: Boolean(row.is_verified),
    is_phone_verified: Boolean(row.is_phone_verified),
    provider_verification:
      row.provider_verification_id === null || row.provider_verification_status === null
        ? { id: null, status: 'not_started', exists: false }
        : { id: row.provider_verification_id, status: row.provider_verification_status, exists: true },
  };
}

/**
 * One page of live users, newest first, with the count and the counters of the whole filtered set:
 * from the kept counters without a search; with a search, counted up to the cap (stats are null past
 * it). The page reads ids from the list's index first (deep pages walk the index only), then the
 * page's rows.
 */
export async function listUsers(
  db: Kysely<Database>,
  query: UserListQuery,
): Promise<{ count: number; count_capped: boolean; results: User[]; stats: UserStats | null }> {
  const unfiltered = !query.role && !query.verification_status;
  // Without filters, the sample may tell the count: it reaches past the deleted users' rows.
  const leftOut = unfiltered ? (limit: number) => deletedUsersUpTo(db, limit) : undefined;
  const plan = await planSearch(db, 'users', query.search, leftOut);
  const matches = bucketMatches(query);
  const search = query.search;
  const capped = Boolean(search) && unfiltered && searchCapped(USER_SEARCH, new Map([['users', plan]]));
  // A common term among broad filters is counted in the text index's order (db/search.ts).
  const window = pageWindow(query);
  // Its count told, the page alone reads the matches: along the list's order when that is cheaper.
  const rowsPlan = capped ? pagePlan(plan, window.offset + window.limit) : plan;
  // A deep page without a search starts at its day (db/deep-pages.ts).
  const start = search
    ? { offset: window.offset }
    : await deepPageStart(window.offset, usersByPeriod(db, query));
  let textOrder = mayReadInTextOrder(dialectOf(db), 'users', search, plan);
  if (textOrder && (query.role || query.verification_status)) {
    const buckets = await readCounters(db, 'users_state');
    textOrder = isBroadFilter(sumBuckets(buckets, matches), sumBuckets(buckets));
  }
  const page = await fetchListPage(db, {
    searching: Boolean(search),
    capped,
    counted: { reads: [{ list: 'users_state' }], count: ([buckets]) => sumBuckets(buckets ?? [], matches) },
    matches: () =>
      search && textOrder
        ? inTextIndexOrder(filteredUsers(db, query, TEXT_ORDER_PLAN).select('users.id'), {
            table: 'users',
            term: search,
          })
        : filteredUsers(db, query, plan).select('users.id'),
    checked: checkedUnlessByIds(plan, () => filteredUsers(db, query, ROW_PLAN).select('users.id')),
    ...pageReaders(
      db,
      {
        limit: window.limit,
        offset: start.offset,
        ...searchPage(
          'users',
          { term: search, plans: rowsPlan },
          query.role,
          query.verification_status,
          start.before,
        ),
      },
      (ids) =>
        db
          .selectFrom('users')
          .select(selectUserColumns)
          .where('users.id', 'in', ids)
          .orderBy('users.date_joined', 'desc')
          .orderBy('users.id', 'desc'),
      (among?: readonly number[]) =>
        (among
          ? db.selectFrom('users').where('users.id', 'in', among)
          : filteredUsers(db, query, rowsPlan).$if(start.before !== undefined, (rows) =>
              rows.where('users.date_joined', '<', start.before ?? ''),
            )
        )
          .select('users.id')
          .orderBy('users.date_joined', 'desc')
          .orderBy('users.id', 'desc'),
    ),
  });
  let stats: UserStats | null = null;
  const counters = page.counterSets?.[0];
  if (counters) {
    stats = {
      pending: sumBuckets(counters, (parts) => matches(parts) && parts[1] === 'pending'),
      verified: sumBuckets(counters, (parts) => matches(parts) && parts[1] === 'verified'),
      rejected: sumBuckets(counters, (parts) => matches(parts) && parts[1] === 'rejected'),
      phone_verified: sumBuckets(counters, (parts) => matches(parts) && parts[2] === '1'),
    };
  } else if (!page.capped) {
    stats =
      page.matchIds?.length === 0
        ? { pending: 0, verified: 0, rejected: 0, phone_verified: 0 }
        : await countSearchStats(db, query, page.matchIds);
  }
  return { count: page.count, count_capped: page.capped, results: page.rows.map(toUser), stats };
}

export async function findUser(db: Kysely<Database>, id: number): Promise<User | undefined> {
  const row = await db
    .selectFrom('users')
    .where('users.deleted_at', 'is', null)
    .select(selectUserColumns)
    .where('users.id', '=', id)
    .executeTakeFirst();
  return row ? toUser(row) : undefined;
}

async function getUser(db: Kysely<Database>, id: number): Promise<User> {
  const user = await findUser(db, id);
  if (!user) throw notFound(USER_NOT_FOUND);
  return user;
}

interface LiveAccount {
  id: number;
  role: User['role'];
  is_active: boolean;
}

/**
 * The live account, its row locked until the transaction ends (PostgreSQL `FOR UPDATE`; SQLite
 * transactions hold the write lock), so the rules below decide on its current state. A concurrent
 * deletion that committed first makes it a 404.
 */
async function lockLiveAccount(trx: Kysely<Database>, id: number): Promise<LiveAccount> {
  const row = await lockRowsOnPostgres(
    trx
      .selectFrom('users')
      .select(['id', 'role', 'is_active'])
      .where('id', '=', id)
      .where('deleted_at', 'is', null),
    dialectOf(trx),
  ).executeTakeFirst();
  if (!row) throw notFound(USER_NOT_FOUND);
  return { id: row.id, role: row.role, is_active: Boolean(row.is_active) };
}

/**
 * Whether an active admin other than `exceptId` remains. The lock of the active admins is taken
 * first (after the target's row lock), so two admins removing each other at the same moment are
 * decided one after the other and the second sees the first one's change.
 */
async function anotherActiveAdminRemains(trx: Kysely<Database>, exceptId: number): Promise<boolean> {
  await lockActiveAdmins(trx);
  const other = await trx
    .selectFrom('users')
    .select('id')
    .where('role', '=', 'admin')
    .where('is_active', '=', true)
    .where('deleted_at', 'is', null)
    .where('id', '!=', exceptId)
    .limit(1)
    .executeTakeFirst();
  return other !== undefined;
}

/**
 * The account rules shared by deletion and deactivation: never one's own account, never the last
 * active admin.
 */
async function assertRemovable(
  db: Kysely<Database>,
  account: LiveAccount,
  actorId: number,
  messages: { self: string; lastAdmin: string },
): Promise<void> {
  if (account.id === actorId) throw conflict(messages.self, 'own_account');
  if (account.role === 'admin' && account.is_active && !(await anotherActiveAdminRemains(db, account.id))) {
    throw conflict(messages.lastAdmin, 'last_admin');
  }
}

/**
 * Flips `is_active` on the locked row, so concurrent toggles never lose a flip. Deactivating oneself
 * or the last active admin is refused (409); a deactivation ends the account's sessions (reactivating
 * it does not bring them back).
 */
export async function toggleUserStatus(db: Kysely<Database>, id: number, actorId: number): Promise<User> {
  await runInTransaction(db, async (trx) => {
    const account = await lockLiveAccount(trx, id);
    if (account.is_active) {
      await assertRemovable(trx, account, actorId, {
        self: 'Vous ne pouvez pas désactiver votre propre compte.',
        lastAdmin: 'Impossible de désactiver le dernier administrateur actif.',
      });
      await revokeUserSessions(trx, id);
    }
    const audit = await trackChanges(trx, 'user', [id]);
    await trx.updateTable('users').set({ is_active: !account.is_active }).where('id', '=', id).execute();
    await audit.record();
  });
  return getUser(db, id);
}

/**
 * Flips `is_verified`. For a provider the provider profile's `is_verified` follows, so the users and
 * providers screens agree.
 */
export async function toggleUserVerification(db: Kysely<Database>, id: number): Promise<User> {
  await runInTransaction(db, async (trx) => {
    const audit = await trackChanges(trx, 'user', [id]);
    // One conditional UPDATE flips the stored value: concurrent toggles each flip it once.
    const row = await trx
      .updateTable('users')
      .set((eb) => ({ is_verified: eb.not(eb.ref('is_verified')) }))
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .returning('is_verified')
      .executeTakeFirst();
    if (!row) throw notFound(USER_NOT_FOUND);
    await trx
      .updateTable('provider_profiles')
      .set({ is_verified: Boolean(row.is_verified) })
      .where('user_id', '=', id)
      .execute();
    await audit.record();
  });
  return getUser(db, id);
}

const EMAIL_TAKEN = 'Cette adresse e-mail est déjà utilisée par un autre utilisateur.';

/**
 * Edits first and last name, e-mail and phone. The e-mail must be unique among all users (deleted
 * ones included; their address was renamed on deletion). Keeps the search texts up to date.
 */
export async function updateUser(db: Kysely<Database>, id: number, changes: UpdateUserBody): Promise<User> {
  await changeUserDetails(db, id, changes);
  return getUser(db, id);
}

/**
 * The write of `updateUser`, in one transaction (the caller's when given one): also used by the
 * signed-in admin's own profile edit (PATCH /api/auth/me/), so both follow the same rules.
 */
export async function changeUserDetails(
  db: Kysely<Database>,
  id: number,
  changes: UpdateUserBody,
): Promise<void> {
  await runInTransaction(db, async (trx) => {
    const current = await trx
      .selectFrom('users')
      .select(['username', 'first_name', 'last_name', 'email', 'phone_number'])
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!current) throw notFound(USER_NOT_FOUND);
    if (changes.email !== undefined && changes.email !== current.email) {
      const taken = await trx
        .selectFrom('users')
        .select('id')
        .where('email', '=', changes.email)
        .executeTakeFirst();
      if (taken) throw badRequest(EMAIL_TAKEN, { email: [EMAIL_TAKEN] });
    }
    const audit = await trackChanges(trx, 'user', [id]);
    const next = {
      username: current.username,
      first_name: changes.first_name ?? current.first_name,
      last_name: changes.last_name ?? current.last_name,
      email: changes.email ?? current.email,
      phone_number:
        changes.phone_number === undefined
          ? current.phone_number
          : changes.phone_number === ''
            ? null
            : changes.phone_number,
    };
    await trx
      .updateTable('users')
      .set({
        first_name: next.first_name,
        last_name: next.last_name,
        email: next.email,
        phone_number: next.phone_number,
        search_text: userSearchText(next),
      })
      .where('id', '=', id)
      .execute();
    const profile = await trx
      .selectFrom('provider_profiles')
      .select(['id', 'company_name', 'city'])
      .where('user_id', '=', id)
      .executeTakeFirst();
    if (profile) {
      await trx
        .updateTable('provider_profiles')
        .set({ search_text: providerSearchText(next, profile) })
        .where('id', '=', profile.id)
        .execute();
    }
    // A provider's verifications are found by the provider's text too.
    const verifications = await trx
      .selectFrom('provider_verifications')
      .select(['id', 'business_name'])
      .where('user_id', '=', id)
      .orderBy('id')
      .execute();
    for (const verification of verifications) {
      await trx
        .updateTable('provider_verifications')
        .set({ search_text: providerVerificationSearchText(next, verification) })
        .where('id', '=', verification.id)
        .execute();
    }
    // A client's projects are found by the client's name too.
    if (next.first_name !== current.first_name || next.last_name !== current.last_name) {
      const projects = await trx
        .selectFrom('projects')
        .select(['id', 'title', 'description'])
        .where('client_id', '=', id)
        .execute();
      for (const project of projects) {
        await trx
          .updateTable('projects')
          .set({ search_text: projectSearchText(project, next) })
          .where('id', '=', project.id)
          .execute();
      }
    }
    await audit.record();
  });
}

/** `deleted-<id>-<value>`, cut to the column's length. */
function deletedName(id: number, value: string, maxLength: number): string {
  return `deleted-${id}-${value}`.slice(0, maxLength);
}

/**
 * Soft-deletes a user in one transaction: sets `deleted_at`, deactivates the account and renames its
 * e-mail and username to `deleted-<id>-…` so both can be reused. Projects, offers, disputes, reports,
 * conversations, messages and verifications stay and keep pointing to the row (their screens still
 * show the name), and so do the notifications addressed to the user. Its sessions end, and its
 * document files are queued for removal from disk (the caller then runs `processDocumentRemovals`).
 * Refuses one's own account and the last active admin (409). The rows that follow the user (its
 * provider profile and verifications, db/locks.ts), then its row, are locked first: of two concurrent
 * deletions, the second answers 404.
 */
export async function deleteUser(db: Kysely<Database>, id: number, actorId: number): Promise<void> {
  await runInTransaction(db, async (trx) => {
    // Before the user: the order of the verification decisions (db/locks.ts).
    await lockRowsFollowingUser(trx, id);
    const account = await lockLiveAccount(trx, id);
    await assertRemovable(trx, account, actorId, {
      self: 'Vous ne pouvez pas supprimer votre propre compte.',
      lastAdmin: 'Impossible de supprimer le dernier administrateur actif.',
    });
    const audit = await trackChanges(trx, 'user', [id]);
    await revokeUserSessions(trx, id);
    await queueUserDocumentRemovals(trx, id);
    const names = await trx
      .selectFrom('users')
      .select(['email', 'username'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('users')
      .set({
        deleted_at: nowIso(),
        is_active: false,
        email: deletedName(id, names.email, 254),
        username: deletedName(id, names.username, 150),
      })
      .where('id', '=', id)
      .execute();
    await audit.record();
  });
}
