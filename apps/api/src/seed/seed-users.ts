import type { Insertable, Kysely } from 'kysely';
import type { Database, ProviderProfilesTable, UsersTable } from '../db/schema.js';
import { toJsonArray } from '../db/sql.js';
import {
  providerSearchText,
  providerVerificationSearchText,
  type UserText,
  userSearchText,
} from '../lib/search-text.js';
import { ALL_SKILLS } from './catalog.js';
import { COMPANY_SUFFIXES, FEATURED_PEOPLE } from './names.js';
import type { Person } from './people.js';
import type { SeedContext, VerificationStatusValue } from './seed-context.js';
import {
  type ClientVerificationRow,
  documentKeysAtInsert,
  insertClientVerifications,
  insertProviderVerifications,
  type ProviderVerificationRow,
  verificationTimes,
} from './seed-verifications.js';
import { businessDescription, providerBio, providerDescription } from './texts.js';
import { DAY, isoString, type RegistrationTimeline, timeBetween } from './timeline.js';

/* Users in chunks, with the provider profiles and identity verifications that belong to them. */

type Role = UsersTable['role'];

/** A client of the chunk, as the project stage needs it. */
export interface ChunkClient {
  id: number;
  joinedMs: number;
  firstName: string;
  lastName: string;
  username: string;
}

interface PlannedUser {
  index: number;
  role: Role;
  person: Person;
  joinedMs: number;
  verification: VerificationStatusValue | null;
}

export interface UserChunk {
  /** Position of the first user of the chunk among all seeded users. */
  start: number;
  count: number;
  /** How many of the seeded users are admins (the first ones). */
  adminCount: number;
  timeline: RegistrationTimeline;
}

const CLIENT_SHARE = 0.63;
const PROVIDER_VERIFICATION_SHARE = 0.75;
const CLIENT_VERIFICATION_SHARE = 0.4;

function planUser(context: SeedContext, chunk: UserChunk, index: number): PlannedUser {
  const { random, people, pickers } = context;
  const role: Role = index < chunk.adminCount ? 'admin' : random.chance(CLIENT_SHARE) ? 'client' : 'provider';
  const featured = role === 'admin' ? undefined : FEATURED_PEOPLE[index - chunk.adminCount];
  const person = people.person({
    ...(featured ? { name: featured } : {}),
    ...(role === 'admin' ? { emailDomain: 'kwanza.ao' } : {}),
  });
  const joinedMs = chunk.timeline.dateAt(index, random);
  let verification: VerificationStatusValue | null = null;
  if (role === 'provider' && random.chance(PROVIDER_VERIFICATION_SHARE)) {
    verification = pickers.providerVerificationStatus.next(random);
  } else if (role === 'client' && random.chance(CLIENT_VERIFICATION_SHARE)) {
    verification = pickers.clientVerificationStatus.next(random);
  }
  return { index, role, person, joinedMs, verification };
}

/**
 * A user as the seed inserts it: with its verification status, which the API never writes (the
 * verification tables' triggers keep it) but the seed does, those triggers standing aside during the
 * load (seed/bulk-load).
 */
type SeededUserRow = Insertable<UsersTable> & { verification_status: VerificationStatusValue | null };

function userRow(context: SeedContext, user: PlannedUser): SeededUserRow {
  const { random, nowMs } = context;
  const { person, role } = user;
  const isAdmin = role === 'admin';
  const isActive = isAdmin || random.chance(0.93);
  const isVerified =
    isAdmin || user.verification === 'verified' || (role === 'client' && random.chance(0.08));
  let lastLogin: number | null = null;
  if (isAdmin || random.chance(isActive ? 0.85 : 0.5)) {
    lastLogin = isActive
      ? timeBetween(random, user.joinedMs, nowMs)
      : timeBetween(random, user.joinedMs, Math.min(nowMs, user.joinedMs + 90 * DAY));
  }
  return {
    username: person.username,
    email: person.email,
    password_hash: null,
    first_name: person.firstName,
    last_name: person.lastName,
    phone_number: person.phoneNumber,
    role,
    profile_picture: null,
    is_active: isActive,
    is_verified: isVerified,
    is_phone_verified: isAdmin || random.chance(0.65),
    // Its only verification's status.
    verification_status: user.verification,
    search_text: userSearchText(userText(person)),
    date_joined: isoString(user.joinedMs),
    last_login: lastLogin === null ? null : isoString(lastLogin),
    deleted_at: null,
  };
}

/** A seeded person's searched fields, as its users row holds them. */
function userText(person: Person): UserText {
  return {
    username: person.username,
    first_name: person.firstName,
    last_name: person.lastName,
    email: person.email,
    phone_number: person.phoneNumber,
  };
}

function companyName(context: SeedContext, city: string): string {
  const { random, people } = context;
  const family = people.lastName();
  return random.pick([
    `${family} ${random.pick(COMPANY_SUFFIXES)}`,
    `${random.pick(['Atelier', 'Oficina', 'Casa', 'Grupo', 'Serviços'])} ${family}`,
    `${city} ${random.pick(['Multiserviços', 'Técnica', 'Express', 'Pro'])}, Lda`,
  ]);
}

interface ProviderPlan {
  profile: Insertable<ProviderProfilesTable>;
  company: string | null;
  city: string;
  skills: string[];
}

function providerPlan(context: SeedContext, user: PlannedUser, userId: number): ProviderPlan {
  const { random, people } = context;
  const city = people.city();
  const skills = random.sample(ALL_SKILLS, random.int(3, 7));
  const company = random.chance(0.4) ? companyName(context, city) : null;
  const totalReviews = random.chance(0.2) ? 0 : Math.floor(random.next() ** 2 * 180) + 1;
  const rating = totalReviews === 0 ? 0 : Math.round(random.float(2.5, 5) * 10) / 10;
  const { person } = user;
  return {
    city,
    skills,
    company,
    profile: {
      user_id: userId,
      company_name: company,
      city,
      address: random.chance(0.9) ? people.address(city) : null,
      bio: random.chance(0.85) ? providerBio(random, skills, city) : null,
      description: random.chance(0.8) ? providerDescription(random, skills, city) : null,
      skills: toJsonArray(skills),
      average_rating: rating,
      total_reviews: totalReviews,
      services_count: random.int(0, 12),
      completed_projects: Math.floor(random.next() ** 2 * 120),
      is_verified: user.verification === 'verified',
      search_text: providerSearchText(userText(person), { company_name: company, city }),
      created_at: isoString(user.joinedMs),
    },
  };
}

function providerVerificationRow(
  context: SeedContext,
  user: PlannedUser,
  userId: number,
  plan: ProviderPlan,
  status: VerificationStatusValue,
): ProviderVerificationRow {
  const { random } = context;
  const isBusiness = random.chance(0.4);
  const documentType = context.pickers.documentType.next(random);
  let nif = String(random.int(1, 9));
  for (let digit = 0; digit < 9; digit += 1) nif += String(random.int(0, 9));
  const year = new Date(user.joinedMs).getUTCFullYear() - random.int(0, 8);
  const businessName = isBusiness ? (plan.company ?? companyName(context, plan.city)) : null;
  return {
    user_id: userId,
    is_business: isBusiness,
    business_name: businessName,
    search_text: providerVerificationSearchText(userText(user.person), { business_name: businessName }),
    business_nif: isBusiness ? nif : null,
    business_registration_number: isBusiness
      ? `RC-${year}-${String(random.int(1, 99_999)).padStart(5, '0')}`
      : null,
    business_description: isBusiness ? businessDescription(random, plan.skills, plan.city) : null,
    document_type: documentType,
    ...documentKeysAtInsert(context, documentType, true, user.index),
    verification_status: status,
    ...verificationTimes(context, status, user.joinedMs),
  };
}

function clientVerificationRow(
  context: SeedContext,
  user: PlannedUser,
  userId: number,
  clientText: string,
  status: VerificationStatusValue,
): ClientVerificationRow {
  const documentType = context.pickers.documentType.next(context.random);
  const { selfie_image: _selfie, ...keys } = documentKeysAtInsert(context, documentType, false, user.index);
  return {
    user_id: userId,
    // What the database's insert trigger would write (migrations/support/client-verification-search).
    search_text: clientText,
    document_type: documentType,
    ...keys,
    verification_status: status,
    ...verificationTimes(context, status, user.joinedMs),
  };
}

/**
 * Inserts users `chunk.start` .. `chunk.start + chunk.count - 1` with their profiles and verifications,
 * records them in the context and returns the chunk's clients.
 */
export async function seedUserChunk(
  db: Kysely<Database>,
  context: SeedContext,
  chunk: UserChunk,
): Promise<ChunkClient[]> {
  const planned: PlannedUser[] = [];
  for (let index = chunk.start; index < chunk.start + chunk.count; index += 1) {
    planned.push(planUser(context, chunk, index));
  }
  context.partyTexts.startChunk();
  const firstId = context.writer.reserveIds('users', planned.length);
  const rows = planned.map((user, position) => ({ id: firstId + position, ...userRow(context, user) }));
  await context.writer.insert('users', rows);
  const ids = rows.map((row) => row.id);
  context.summary.users += ids.length;

  const clients: ChunkClient[] = [];
  const profiles: Insertable<ProviderProfilesTable>[] = [];
  const providerVerifications: ProviderVerificationRow[] = [];
  const providerVerificationOwners: PlannedUser[] = [];
  const clientVerifications: ClientVerificationRow[] = [];
  for (const [position, user] of planned.entries()) {
    const id = ids[position];
    const row = rows[position];
    if (id === undefined || row === undefined) continue;
    const fullName = `${user.person.firstName} ${user.person.lastName}`;
    if (user.role === 'admin') {
      context.adminIds.push(id);
      context.verifierId ??= id;
      continue;
    }
    context.pools.users.add({ id, label: fullName });
    if (user.role === 'client') {
      context.clients.add(id, user.joinedMs);
      context.partyTexts.addClient(id, row.search_text);
      clients.push({
        id,
        joinedMs: user.joinedMs,
        firstName: user.person.firstName,
        lastName: user.person.lastName,
        username: user.person.username,
      });
      if (user.verification)
        clientVerifications.push(
          clientVerificationRow(context, user, id, row.search_text, user.verification),
        );
      continue;
    }
    context.providers.add(id, user.joinedMs);
    context.partyTexts.addProvider(id, row.search_text);
    const plan = providerPlan(context, user, id);
    profiles.push(plan.profile);
    if (user.verification) {
      providerVerifications.push(providerVerificationRow(context, user, id, plan, user.verification));
      providerVerificationOwners.push(user);
    }
  }

  await context.writer.insert('provider_profiles', profiles);
  context.summary.provider_profiles += profiles.length;
  const verificationIds = await insertProviderVerifications(db, context, providerVerifications);
  for (const [position, id] of verificationIds.entries()) {
    const owner = providerVerificationOwners[position];
    const row = providerVerifications[position];
    if (!owner || !row) continue;
    const named = { id, label: `${owner.person.firstName} ${owner.person.lastName}` };
    context.pools.providerVerifications.add(named);
    if (row.verification_status === 'pending') context.pools.pendingProviderVerifications.add(named);
  }
  await insertClientVerifications(db, context, clientVerifications);
  return clients;
}
