import {
  type AdminConversation,
  type AdminPreferences,
  type AdminProfile,
  type AuditEntry,
  type Category,
  type ClientVerification,
  type ClientVerificationStats,
  type ConversationMessage,
  type ConversationStats,
  type DashboardStats,
  DEFAULT_ADMIN_PREFERENCES,
  type Dispute,
  type DisputeDetail,
  type DisputeStats,
  type Notification,
  type NotificationFeed,
  type NotificationStats,
  type Page,
  type Project,
  type ProjectStats,
  type Provider,
  type ProviderVerification,
  type ProviderVerificationStatistics,
  type Report,
  type Subcategory,
  type User,
} from '@kwanza/contract';

/**
 * Data builders of the web tests: a valid contract object with readable defaults, changed by
 * `overrides`. Answers go through the contract's schemas in the console, so they must be complete.
 */

const CREATED = '2026-01-01T10:00:00.000Z';

export function aUser(overrides: Partial<User> = {}): User {
  const id = overrides.id ?? 1;
  return {
    id,
    username: `user.${id}`,
    first_name: 'Ana',
    last_name: `N${id}`,
    email: `user.${id}@example.test`,
    phone_number: null,
    role: 'client',
    profile_picture: null,
    date_joined: CREATED,
    is_active: true,
    is_verified: false,
    is_phone_verified: false,
    provider_verification: { id: null, status: 'not_started', exists: false },
    ...overrides,
  };
}

export function aProvider(overrides: Partial<Provider> = {}): Provider {
  const id = overrides.id ?? 1;
  return {
    id,
    user: {
      id: 100 + id,
      profile_picture: null,
      email: `provider.${id}@example.test`,
      username: `provider.${id}`,
      phone_number: null,
    },
    full_name: `Prestataire ${id}`,
    company_name: null,
    profile_picture: null,
    email: `provider.${id}@example.test`,
    phone_number: null,
    city: 'Luanda',
    address: null,
    is_verified: false,
    average_rating: 4.5,
    total_reviews: 2,
    services_count: 1,
    completed_projects: 0,
    bio: null,
    description: null,
    skills: [],
    created_at: CREATED,
    ...overrides,
  };
}

export function aProviderVerification(overrides: Partial<ProviderVerification> = {}): ProviderVerification {
  const id = overrides.id ?? 7;
  return {
    id,
    user_id: 70,
    provider_name: 'Ana Costa',
    provider_email: 'ana@example.test',
    provider_info: { username: 'ana', email: 'ana@example.test', phone_number: null },
    is_business: false,
    business_name: null,
    business_nif: null,
    business_registration_number: null,
    business_description: null,
    verification_status: 'pending',
    submitted_at: '2026-11-20T10:00:00.000Z',
    verified_at: null,
    verified_by: null,
    rejection_reason: null,
    admin_notes: null,
    document_type: 'id_card',
    id_card_front: null,
    id_card_back: null,
    passport_image: null,
    selfie_image: null,
    is_urgent: false,
    ...overrides,
  };
}

export function aClientVerification(overrides: Partial<ClientVerification> = {}): ClientVerification {
  const id = overrides.id ?? 5;
  return {
    id,
    user_id: 50,
    client_name: 'Bruno Lima',
    full_name: 'Bruno Lima',
    client_email: 'bruno@example.test',
    user_info: { username: 'bruno', email: 'bruno@example.test' },
    document_type: 'id_card',
    id_card_front: null,
    id_card_back: null,
    passport_image: null,
    verification_status: 'pending',
    submitted_at: '2026-11-20T10:00:00.000Z',
    verified_at: null,
    verified_by: null,
    rejection_reason: null,
    admin_notes: null,
    is_urgent: false,
    ...overrides,
  };
}

export function aProject(overrides: Partial<Project> = {}): Project {
  const id = overrides.id ?? 1;
  return {
    id,
    title: `Projet ${id}`,
    description: 'Description',
    status: 'open',
    client_id: 10,
    client_name: 'Carla Dias',
    category_id: null,
    category_name: null,
    budget_display: 'Budget à discuter',
    budget_range: null,
    min_budget: null,
    max_budget: null,
    location: null,
    deadline: null,
    created_at: CREATED,
    required_skills: [],
    views_count: 0,
    favorites_count: 0,
    offers_count: 0,
    admin_notes: null,
    ...overrides,
  };
}

export function aDispute(overrides: Partial<Dispute> = {}): Dispute {
  const id = overrides.id ?? 1;
  return {
    id,
    title: `Litige ${id}`,
    description: 'Travaux non terminés',
    status: 'open',
    client_id: 10,
    client_name: 'Carla Dias',
    provider_id: 20,
    provider_name: 'Rui Santos',
    project_id: null,
    service_title: null,
    created_at: CREATED,
    updated_at: CREATED,
    resolved_at: null,
    resolution_note: null,
    evidence: [],
    ...overrides,
  };
}

export function aDisputeDetail(overrides: Partial<DisputeDetail> = {}): DisputeDetail {
  const { evidence = [], ...rest } = overrides;
  return { ...aDispute(rest), evidence, project: null, conversation_id: null, history: [], ...rest };
}

/** A disputes page with its per-status counts. */
export function aDisputePage(results: Dispute[], count: number = results.length) {
  return {
    ...aPage(results, count),
    status_counts: { open: count, under_review: 0, resolved: 0, closed: 0 },
  };
}

export function someDisputeStats(overrides: Partial<DisputeStats> = {}): DisputeStats {
  return {
    total: 0,
    by_status: { open: 0, under_review: 0, resolved: 0, closed: 0 },
    monthly: [],
    resolved_count: 0,
    median_resolution_hours: null,
    ...overrides,
  };
}

export function aReport(overrides: Partial<Report> = {}): Report {
  const id = overrides.id ?? 1;
  return {
    id,
    type: 'user',
    reason: `Signalement ${id}`,
    status: 'pending',
    admin_notes: null,
    created_at: CREATED,
    updated_at: CREATED,
    reporter_id: 10,
    reporter_name: 'Carla Dias',
    reported_user_id: 30,
    reported_user_name: 'Tomás Lopes',
    reported_provider_name: null,
    reviewed_by: null,
    reviewed_at: null,
    ...overrides,
  };
}

/** A `{count, next, previous, results}` page; `count` defaults to the number of results. */
export function aPage<T>(results: T[], count: number = results.length): Page<T> {
  return { count, next: null, previous: null, results };
}

/** The API's paging over `all`: page and page_size read from the request URL. */
export function pageFrom<T>(all: T[], url: URL, defaultPageSize: number) {
  const page = Number(url.searchParams.get('page') ?? '1');
  const size = Number(url.searchParams.get('page_size') ?? String(defaultPageSize));
  return aPage(all.slice((page - 1) * size, page * size), all.length);
}

export function someProviderVerificationStatistics(
  overrides: Partial<ProviderVerificationStatistics> = {},
): ProviderVerificationStatistics {
  return {
    status_distribution: { total: 1, pending: 1, verified: 0, rejected: 0 },
    urgent_verifications: 0,
    urgent_after_hours: 72,
    ...overrides,
  };
}

export function someClientVerificationStats(
  overrides: Partial<ClientVerificationStats> = {},
): ClientVerificationStats {
  return { total: 0, pending: 0, verified: 0, rejected: 0, urgent: 0, urgent_after_hours: 72, ...overrides };
}

const MONTHS = ['2026-01', '2026-02', '2026-03'];

export function someProjectStats(overrides: Partial<ProjectStats> = {}): ProjectStats {
  return {
    total_projects: 6,
    by_status: { open: 2, in_progress: 1, completed: 1, closed: 1, cancelled: 1, paused: 0 },
    monthly_stats: MONTHS.map((month) => ({ month, count: 2 })),
    top_categories: [{ category__name: 'Plomberie', count: 3 }],
    ...overrides,
  };
}

export function someDashboardStats(overrides: Partial<DashboardStats> = {}): DashboardStats {
  return {
    totals: { users: 12, providers: 4, projects: 6, disputes: 2, open_disputes: 1 },
    this_month: { new_users: 3, active_projects: 2, open_disputes: 1, revenue: 0 },
    last_month: { new_users: 1, active_projects: 1, open_disputes: 0, revenue: 0 },
    user_registrations: MONTHS.map((month) => ({ month, count: 4 })),
    recent_activity: { projects: [], disputes: [] },
    ...overrides,
  };
}

export function aConversation(overrides: Partial<AdminConversation> = {}): AdminConversation {
  return {
    id: 1,
    status: 'active',
    client: { id: 11, full_name: 'Carla Dias', email: 'carla@example.test' },
    provider: { id: 12, full_name: 'Rui Santos', email: 'rui@example.test' },
    unread_messages: 0,
    total_messages: 3,
    duration: '2 jours',
    created_at: CREATED,
    last_activity_at: '2026-01-03T10:00:00.000Z',
    closed_at: null,
    last_message: {
      sender_type: 'provider',
      sender_name: 'Rui Santos',
      content: 'Je passe demain matin.',
      created_at: '2026-01-03T10:00:00.000Z',
    },
    ...overrides,
  };
}

export function aConversationMessage(overrides: Partial<ConversationMessage> = {}): ConversationMessage {
  return {
    id: 1,
    sender_type: 'client',
    sender_name: 'Carla Dias',
    content: 'Bonjour, êtes-vous disponible ?',
    is_read: true,
    is_admin_message: false,
    time_ago: 'Il y a 2j',
    created_at: CREATED,
    ...overrides,
  };
}

export function someConversationStats(overrides: Partial<ConversationStats> = {}): ConversationStats {
  return {
    total_conversations: 42,
    conversations_with_unread: 7,
    recent_conversations: 5,
    total_messages: 380,
    ...overrides,
  };
}

export function aNotification(overrides: Partial<Notification> = {}): Notification {
  const id = overrides.id ?? 1;
  const type = overrides.notification_type ?? overrides.type ?? 'system';
  return {
    id,
    title: `Notification ${id}`,
    message: 'La plateforme sera en maintenance ce soir.',
    notification_type: type,
    type,
    is_read: false,
    read_at: null,
    created_at: CREATED,
    user: {
      id: 100 + id,
      first_name: 'Carla',
      last_name: 'Dias',
      email: 'carla@example.test',
      username: 'carla',
    },
    priority: 'normal',
    related_object_type: null,
    related_object_id: null,
    created_by: null,
    ...overrides,
  };
}

export function someNotificationStats(overrides: Partial<NotificationStats> = {}): NotificationStats {
  return { total_notifications: 120, unread_notifications: 35, ...overrides };
}

export function aNotificationFeed(results: Notification[], unread?: number): NotificationFeed {
  return { unread_count: unread ?? results.filter((item) => !item.is_read).length, results };
}

/** Preferences of an admin: the defaults unless `overrides` change a section. */
export function somePreferences(
  overrides: {
    notifications?: Partial<AdminPreferences['notifications']>;
    application?: Partial<AdminPreferences['application']>;
  } = {},
): AdminPreferences {
  return {
    notifications: { ...DEFAULT_ADMIN_PREFERENCES.notifications, ...overrides.notifications },
    application: { ...DEFAULT_ADMIN_PREFERENCES.application, ...overrides.application },
  };
}

/** GET /api/auth/me/ of the test admin (the session's user of render-app's storeSession). */
export function anAdminProfile(overrides: Partial<AdminProfile> = {}): AdminProfile {
  return {
    id: 1,
    username: 'admin',
    email: 'admin@kwanza.test',
    first_name: 'Ana',
    last_name: 'Silva',
    role: 'admin',
    phone_number: null,
    preferences: somePreferences(),
    ...overrides,
  };
}

/** An entry of the audit journal: by default an admin rejected a provider verification. */
export function anAuditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  const id = overrides.id ?? 1;
  return {
    id,
    created_at: '2026-03-12T09:30:00.000Z',
    admin: { id: 1, label: 'admin@kwanza.test' },
    request_id: `req-${id}`,
    ip_address: '10.0.0.7',
    action: 'provider_verification.reject',
    object: { type: 'provider_verification', id: 42, label: 'Élodie Mbala (elodie@exemple.ao)' },
    changes: [
      { field: 'verification_status', before: 'pending', after: 'rejected' },
      { field: 'rejection_reason', before: null, after: 'Photo floue' },
    ],
    details: null,
    ...overrides,
  };
}

export function aCategory(overrides: Partial<Category> = {}): Category {
  const id = overrides.id ?? 1;
  return {
    id,
    name: `Catégorie ${id}`,
    description: '',
    icon: '',
    image_url: null,
    subcategories_count: 0,
    projects_count: 0,
    created_at: CREATED,
    ...overrides,
  };
}

export function aSubcategory(overrides: Partial<Subcategory> = {}): Subcategory {
  const id = overrides.id ?? 10;
  return {
    id,
    name: `Sous-catégorie ${id}`,
    description: '',
    icon: '',
    category: 1,
    category_name: 'Catégorie 1',
    projects_count: 0,
    created_at: CREATED,
    ...overrides,
  };
}
