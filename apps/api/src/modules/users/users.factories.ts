import type { Insertable, Kysely } from 'kysely';
import type { Database, ProviderProfilesTable, UsersTable } from '../../db/schema.js';
import { nowIso, toJsonArray } from '../../db/sql.js';
import {
  disputeSearchText,
  notificationSearchText,
  projectSearchText,
  providerSearchText,
  reportSearchText,
  userSearchText,
} from '../../lib/search-text.js';
import { insertUser } from '../../test/factories.js';

type UserValues = Partial<Insertable<UsersTable>>;

/** Inserts a user whose search text is built like the API builds it. */
export async function insertPerson(
  db: Kysely<Database>,
  values: UserValues & { username: string; password?: string },
): Promise<number> {
  const email = values.email ?? `${values.username}@example.test`;
  return insertUser(db, {
    ...values,
    email,
    search_text: userSearchText({
      username: values.username,
      first_name: values.first_name ?? 'Test',
      last_name: values.last_name ?? 'Utilisateur',
      email,
      phone_number: values.phone_number ?? null,
    }),
  });
}

/** Inserts a provider user and its provider profile; returns both ids. */
export async function insertProvider(
  db: Kysely<Database>,
  user: UserValues & { username: string },
  profile: Partial<Omit<Insertable<ProviderProfilesTable>, 'skills'>> & { skills?: string[] } = {},
): Promise<{ userId: number; profileId: number }> {
  const email = user.email ?? `${user.username}@example.test`;
  const userId = await insertPerson(db, { role: 'provider', ...user, email });
  const { skills, ...columns } = profile;
  const row: Insertable<ProviderProfilesTable> = {
    user_id: userId,
    company_name: null,
    city: null,
    address: null,
    bio: null,
    description: null,
    average_rating: 0,
    total_reviews: 0,
    services_count: 0,
    completed_projects: 0,
    is_verified: user.is_verified ?? false,
    created_at: user.date_joined ?? nowIso(),
    ...columns,
    skills: toJsonArray(skills ?? []),
    search_text: providerSearchText(
      {
        username: user.username,
        first_name: user.first_name ?? 'Test',
        last_name: user.last_name ?? 'Utilisateur',
        email,
      },
      { company_name: columns.company_name ?? null, city: columns.city ?? null },
    ),
  };
  const inserted = await db
    .insertInto('provider_profiles')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return { userId, profileId: inserted.id };
}

export async function insertProviderVerification(
  db: Kysely<Database>,
  userId: number,
  status: 'pending' | 'verified' | 'rejected',
  submittedAt: string,
): Promise<number> {
  const inserted = await db
    .insertInto('provider_verifications')
    .values({
      user_id: userId,
      is_business: false,
      document_type: 'id_card',
      verification_status: status,
      submitted_at: submittedAt,
      updated_at: submittedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export async function insertClientVerification(
  db: Kysely<Database>,
  userId: number,
  status: 'pending' | 'verified' | 'rejected',
  submittedAt: string,
): Promise<number> {
  const inserted = await db
    .insertInto('client_verifications')
    .values({
      user_id: userId,
      document_type: 'passport',
      verification_status: status,
      submitted_at: submittedAt,
      updated_at: submittedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/**
 * Everything another admin still needs about a client and a provider: a project with an offer, a
 * dispute, a report, a conversation with messages, and notifications (one read, one unread) for each.
 */
export async function insertActivity(db: Kysely<Database>, clientId: number, providerId: number) {
  const now = nowIso();
  const client = await db
    .selectFrom('users')
    .select(['first_name', 'last_name', 'username'])
    .where('id', '=', clientId)
    .executeTakeFirstOrThrow();
  const project = await db
    .insertInto('projects')
    .values({
      client_id: clientId,
      title: 'Rénovation de la cuisine',
      description: 'Travaux',
      status: 'open',
      required_skills: '[]',
      search_text: projectSearchText({ title: 'Rénovation de la cuisine', description: 'Travaux' }, client),
      category_id: null,
      subcategory_id: null,
      budget_range: null,
      min_budget: null,
      max_budget: null,
      location: null,
      deadline: null,
      views_count: 0,
      favorites_count: 0,
      offers_count: 1,
      admin_notes: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const offer = await db
    .insertInto('offers')
    .values({
      project_id: project.id,
      provider_id: providerId,
      status: 'pending',
      proposed_price: 1500,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const dispute = await db
    .insertInto('disputes')
    .values({
      title: 'Travaux inachevés',
      description: 'Le chantier est arrêté',
      search_text: disputeSearchText({
        title: 'Travaux inachevés',
        service_title: null,
        description: 'Le chantier est arrêté',
      }),
      status: 'open',
      client_id: clientId,
      provider_id: providerId,
      project_id: project.id,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const report = await db
    .insertInto('reports')
    .values({
      type: 'user',
      reason: 'Comportement inapproprié',
      search_text: reportSearchText({ reason: 'Comportement inapproprié' }),
      status: 'pending',
      reporter_id: clientId,
      reported_user_id: providerId,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const conversation = await db
    .insertInto('conversations')
    .values({
      client_id: clientId,
      provider_id: providerId,
      project_id: project.id,
      status: 'active',
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('messages')
    .values([
      {
        conversation_id: conversation.id,
        sender_id: clientId,
        sender_type: 'client',
        content: 'Bonjour',
        is_read: true,
        created_at: now,
      },
      {
        conversation_id: conversation.id,
        sender_id: providerId,
        sender_type: 'provider',
        content: 'Bonsoir',
        is_read: false,
        created_at: now,
      },
    ])
    .execute();
  for (const userId of [clientId, providerId]) {
    await db
      .insertInto('notifications')
      .values([
        {
          user_id: userId,
          title: 'Lue',
          message: 'Déjà lue',
          search_text: notificationSearchText({ title: 'Lue', message: 'Déjà lue' }),
          notification_type: 'system',
          priority: 'normal',
          is_read: true,
          created_at: now,
        },
        {
          user_id: userId,
          title: 'Non lue',
          message: 'À lire',
          search_text: notificationSearchText({ title: 'Non lue', message: 'À lire' }),
          notification_type: 'system',
          priority: 'normal',
          is_read: false,
          created_at: now,
        },
      ])
      .execute();
  }
  return {
    projectId: project.id,
    offerId: offer.id,
    disputeId: dispute.id,
    reportId: report.id,
    conversationId: conversation.id,
  };
}
