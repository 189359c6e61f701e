import type { ColumnType, Generated } from 'kysely';

/**
 * Table types. Timestamps are ISO 8601 strings in UTC on both databases (PostgreSQL `timestamptz`
 * values are parsed back to ISO strings), booleans are real booleans (SQLite 0/1 is converted by
 * `SqliteBooleanPlugin`), JSON arrays are stored as text.
 */
export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  password_hash: string | null;
  first_name: string;
  last_name: string;
  phone_number: string | null;
  role: 'client' | 'provider' | 'admin';
  profile_picture: string | null;
  is_active: boolean;
  is_verified: boolean;
  is_phone_verified: boolean;
  /** normalizeSearchText(username first_name last_name email phone) */
  search_text: string;
  date_joined: string;
  last_login: string | null;
  /** Set when an admin deletes the account: the row stays for the records that point to it. */
  deleted_at: string | null;
  /**
   * Status of the user's latest provider (provider) or client (client) verification, null when none
   * or for an admin. Kept by database triggers on the verification tables: read-only here (the seed
   * alone writes it, while those triggers stand aside during its load).
   */
  verification_status: ColumnType<'pending' | 'verified' | 'rejected' | null, never, never>;
}

export interface ProviderProfilesTable {
  id: Generated<number>;
  user_id: number;
  company_name: string | null;
  city: string | null;
  address: string | null;
  bio: string | null;
  description: string | null;
  /** JSON array of strings */
  skills: string;
  average_rating: number;
  total_reviews: number;
  services_count: number;
  completed_projects: number;
  is_verified: boolean;
  search_text: string;
  created_at: string;
  /** Its user's `deleted_at`, kept by triggers (migration 2026-11-27-0030); the lists' indexes hold the rows where it is null. */
  user_deleted_at: ColumnType<string | null, never, never>;
}

export interface ProviderVerificationsTable {
  id: Generated<number>;
  user_id: number;
  is_business: boolean;
  business_name: string | null;
  business_nif: string | null;
  business_registration_number: string | null;
  business_description: string | null;
  document_type: 'id_card' | 'passport';
  /** storage keys of the documents */
  id_card_front: string | null;
  id_card_back: string | null;
  passport_image: string | null;
  selfie_image: string | null;
  verification_status: 'pending' | 'verified' | 'rejected';
  submitted_at: string;
  verified_at: string | null;
  verified_by: number | null;
  rejection_reason: string | null;
  admin_notes: string | null;
  updated_at: string;
  /** Normalized text searched by the list (lib/search-text); '' until a writer sets it. */
  search_text: ColumnType<string, string | undefined, string>;
  /** Its user's `deleted_at`, kept by triggers (migration 2026-11-27-0030); the lists' indexes hold the rows where it is null. */
  user_deleted_at: ColumnType<string | null, never, never>;
}

export interface ClientVerificationsTable {
  id: Generated<number>;
  user_id: number;
  document_type: 'id_card' | 'passport';
  id_card_front: string | null;
  id_card_back: string | null;
  passport_image: string | null;
  verification_status: 'pending' | 'verified' | 'rejected';
  submitted_at: string;
  verified_at: string | null;
  verified_by: number | null;
  rejection_reason: string | null;
  admin_notes: string | null;
  updated_at: string;
  /** The client's `users.search_text`, kept by triggers (migrations/support/client-verification-search). */
  search_text: Generated<string>;
  /** Its user's `deleted_at`, kept by triggers (migration 2026-11-27-0030); the lists' indexes hold the rows where it is null. */
  user_deleted_at: ColumnType<string | null, never, never>;
}

export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  icon: string | null;
  image_url: string | null;
  /** Name in lower case without accents (unique); null only for rows written outside the API. */
  name_key: string | null;
  /** Projects in this category, kept by triggers on `projects`. */
  projects_count: Generated<number>;
  created_at: string;
}

export interface SubcategoriesTable {
  id: Generated<number>;
  category_id: number;
  name: string;
  description: string | null;
  icon: string | null;
  /** Name in lower case without accents (unique within the parent); null only outside the API. */
  name_key: string | null;
  /** Projects in this subcategory, kept by triggers on `projects`. */
  projects_count: Generated<number>;
  created_at: string;
}

export interface ProjectsTable {
  id: Generated<number>;
  client_id: number;
  category_id: number | null;
  subcategory_id: number | null;
  title: string;
  description: string;
  status: 'open' | 'in_progress' | 'completed' | 'cancelled' | 'closed' | 'paused';
  budget_range: 'moins_500' | '500_1000' | '1000_10000' | '10000_plus' | 'sur_devis' | null;
  min_budget: number | null;
  max_budget: number | null;
  location: string | null;
  /** YYYY-MM-DD */
  deadline: string | null;
  /** JSON array of strings */
  required_skills: string;
  views_count: number;
  favorites_count: number;
  offers_count: number;
  admin_notes: string | null;
  /** normalizeSearchText(title description client name) */
  search_text: string;
  created_at: string;
  updated_at: string;
}

export interface OffersTable {
  id: Generated<number>;
  project_id: number;
  provider_id: number;
  status: 'pending' | 'accepted' | 'rejected' | 'withdrawn';
  proposed_price: number;
  /** days */
  delivery_time: number | null;
  estimated_duration: string | null;
  message: string | null;
  created_at: string;
}

export interface DisputesTable {
  id: Generated<number>;
  title: string;
  description: string;
  status: 'open' | 'under_review' | 'resolved' | 'closed';
  client_id: number;
  provider_id: number;
  project_id: number | null;
  service_title: string | null;
  resolution_note: string | null;
  created_at: string;
  updated_at: string;
  resolved_at: string | null;
  /** Normalized text searched by the list (lib/search-text); '' until a writer sets it. */
  search_text: ColumnType<string, string | undefined, string>;
  /**
   * The parties' searched texts (migrations/support/party-search.ts): kept by triggers; a writer that
   * knows them (the seed) may give them with the row.
   */
  party_text: ColumnType<string, string | undefined, never>;
  /** `resolved_at - created_at` in seconds, generated by the database (null while unresolved). */
  resolution_seconds: ColumnType<number | null, never, never>;
}

/** Every status change of a dispute, oldest first by id. */
export interface DisputeStatusHistoryTable {
  id: Generated<number>;
  dispute_id: number;
  /** null for an entry that records the status a dispute was opened with */
  from_status: DisputesTable['status'] | null;
  to_status: DisputesTable['status'];
  resolution_note: string | null;
  /** the admin who made the change (null once that account row is gone) */
  changed_by: number | null;
  changed_at: string;
}

export interface DisputeEvidenceTable {
  id: Generated<number>;
  dispute_id: number;
  user_id: number;
  description: string | null;
  /** storage key of the evidence file */
  file: string;
  created_at: string;
}

export interface ReportsTable {
  id: Generated<number>;
  type: 'provider' | 'user' | 'review';
  reason: string;
  status: 'pending' | 'under_review' | 'resolved' | 'dismissed';
  admin_notes: string | null;
  reporter_id: number;
  reported_user_id: number | null;
  created_at: string;
  updated_at: string;
  /** The admin who last changed the status or notes, and when (null until then). */
  reviewed_by: ColumnType<number | null, number | null | undefined, number | null>;
  reviewed_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Normalized text searched by the list (lib/search-text); '' until a writer sets it. */
  search_text: ColumnType<string, string | undefined, string>;
}

export interface ConversationsTable {
  id: Generated<number>;
  client_id: number;
  provider_id: number;
  project_id: number | null;
  status: 'active' | 'closed';
  created_at: string;
  updated_at: string;
  closed_at: string | null;
  /*
   * Kept by triggers (migrations/support/conversation-summaries.ts): never updated here; a writer that
   * knows them with the row's messages (the seed, which writes both at once) may give them.
   */
  /** Messages not deleted. */
  total_messages: ColumnType<number, number | undefined, never>;
  /** Messages not deleted, not read by the moderation team, not written by an admin. */
  unread_messages: ColumnType<number, number | undefined, never>;
  /** Latest message not deleted (by created_at, then id). */
  last_message_id: ColumnType<number | null, number | null | undefined, never>;
  /** Time of the latest message not deleted, else the creation time. */
  last_activity_at: ColumnType<string, string | undefined, never>;
  /**
   * The parties' searched texts (migrations/support/party-search.ts): kept by triggers; a writer that
   * knows them (the seed) may give them with the row.
   */
  search_text: ColumnType<string, string | undefined, never>;
}

export interface MessagesTable {
  id: Generated<number>;
  conversation_id: number;
  sender_id: number | null;
  sender_type: 'admin' | 'provider' | 'client';
  content: string;
  /** Read by the recipient (the client or provider side); the console never changes it. */
  is_read: boolean;
  created_at: string;
  /** When the moderation team read it (admins' own messages: when written); null while unread. */
  team_read_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Soft delete: the message leaves the thread and the counts, and stays for disputes. */
  deleted_at: string | null;
  /** The admin who deleted it. */
  deleted_by: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Totals kept by triggers: 'messages' (not deleted) and 'with_unread' (conversations). */
export interface ConversationFiguresTable {
  name: string;
  n: ColumnType<number, never, never>;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  message: string;
  notification_type: string;
  priority: 'low' | 'normal' | 'high' | 'urgent';
  is_read: boolean;
  related_object_type: 'dispute' | 'project' | 'provider_verification' | 'user' | null;
  related_object_id: number | null;
  created_by: number | null;
  created_at: string;
  read_at: string | null;
  /**
   * Normalized text searched by the list (lib/search-text); '' for the copies of a broadcast (the
   * search finds them through `notification_broadcasts.search_text`).
   */
  search_text: ColumnType<string, string | undefined, string>;
  /** The broadcast this notification is a copy of (null for one sent to one user). */
  broadcast_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A notification sent to every active user at once (each recipient has its notification row). */
export interface NotificationBroadcastsTable {
  id: Generated<number>;
  title: string;
  message: string;
  notification_type: string;
  search_text: string;
  /** How many users it reached. */
  recipients: number;
  created_by: number | null;
  created_at: string;
}

/** Figures about users kept by triggers: 'broadcast_audience' (active clients and providers). */
export interface UserFiguresTable {
  name: string;
  n: ColumnType<number, never, never>;
}

/** One login of an admin; its tokens carry its id (`sid`) and die with it. */
export interface AdminSessionsTable {
  /** Random, 256 bits, base64url. */
  id: string;
  user_id: number;
  created_at: string;
  /** Last time a token of this session was issued (login or renewal). */
  last_seen_at: string;
  /** Absolute end of the session (SESSION_MAX_SECONDS after the login): renewals never pass it. */
  expires_at: string;
  /** Set by logout, a password change or reset, a deactivation or a deletion. */
  revoked_at: string | null;
}

/** Failed logins of one client address or one account (key: SHA-256 of `address:…` / `account:…`). */
export interface LoginThrottleTable {
  key: string;
  failures: number;
  /** No attempt from this key before this time (null while the free failures last). */
  blocked_until: string | null;
  /** The row is forgotten after this time (a quiet window after the last failure or delay). */
  expires_at: string;
}

/** Hits of one admin on one family of expensive endpoints in the current one-minute window. */
export interface RateLimitWindowsTable {
  key: string;
  window_start: string;
  hits: number;
}

/** One running expensive request (an export being streamed...), released when it ends. */
export interface ConcurrencyLeasesTable {
  id: string;
  key: string;
  /** Safety net: a lease a crashed process never released stops counting after this time. */
  expires_at: string;
}

/** A document file of a deleted user waiting to be removed from disk. */
export interface DocumentRemovalsTable {
  id: Generated<number>;
  storage_key: string;
  created_at: string;
}

/** Row counts of each list per bucket (its enum values and month joined by '|'), kept by triggers. */
export interface ListCountersTable {
  list: string;
  bucket: string;
  n: ColumnType<number, never, never>;
  amount: ColumnType<number, never, never>;
}

/** What an admin saved on the settings screen; no row means the defaults (DEFAULT_ADMIN_PREFERENCES). */
export interface AdminPreferencesTable {
  user_id: number;
  is_email_notifications: boolean;
  is_push_notifications: boolean;
  is_new_messages: boolean;
  is_new_disputes: boolean;
  is_status_updates: boolean;
  is_marketing_emails: boolean;
  language: 'fr' | 'en' | 'es' | 'pt';
  timezone: 'Africa/Luanda' | 'Africa/Casablanca' | 'Europe/Paris' | 'America/New_York';
  theme: 'light' | 'dark' | 'system';
  updated_at: string;
}

/**
 * The audit journal (append-only: database triggers refuse updates and deletes, see the migration
 * 2026-11-24-0017). Labels are kept as they were at the time of the action.
 */
export interface AuditEntriesTable {
  id: Generated<number>;
  created_at: string;
  /** The acting admin (no foreign key: the journal outlives and never follows other rows). */
  admin_id: number | null;
  admin_label: string | null;
  request_id: string | null;
  ip_address: string | null;
  /** Stable action code (`user.delete`…). */
  action: string;
  object_type: string | null;
  object_id: number | null;
  object_label: string | null;
  /** JSON array of `{field, before, after}`. */
  changes: string;
  /** JSON object of context (a login failure's reason, an export's filters…), or null. */
  details: string | null;
  /** normalizeSearchText(admin label, object label, action, object type and id, address) */
  search_text: string;
}

/** The journal's entries per UTC hour ('YYYY-MM-DDTHH'), for the hours that are over (lib/audit-hours.ts). */
export interface AuditEntryHoursTable {
  hour: string;
  entries: number;
}

/** The journal's entries per UTC day ('YYYY-MM-DD'): the sum of its hours counted (lib/audit-hours.ts). */
export interface AuditEntryDaysTable {
  day: string;
  entries: number;
}

/** SQLite only: the cutoff a retention purge names inside its transaction (see lib/audit-retention.ts). */
export interface AuditPurgesTable {
  cutoff: string;
}

export interface Database {
  users: UsersTable;
  provider_profiles: ProviderProfilesTable;
  provider_verifications: ProviderVerificationsTable;
  client_verifications: ClientVerificationsTable;
  categories: CategoriesTable;
  subcategories: SubcategoriesTable;
  projects: ProjectsTable;
  offers: OffersTable;
  disputes: DisputesTable;
  dispute_evidence: DisputeEvidenceTable;
  dispute_status_history: DisputeStatusHistoryTable;
  reports: ReportsTable;
  conversations: ConversationsTable;
  messages: MessagesTable;
  conversation_figures: ConversationFiguresTable;
  notifications: NotificationsTable;
  notification_broadcasts: NotificationBroadcastsTable;
  user_figures: UserFiguresTable;
  admin_sessions: AdminSessionsTable;
  admin_preferences: AdminPreferencesTable;
  login_throttle: LoginThrottleTable;
  rate_limit_windows: RateLimitWindowsTable;
  concurrency_leases: ConcurrencyLeasesTable;
  document_removals: DocumentRemovalsTable;
  list_counters: ListCountersTable;
  audit_entries: AuditEntriesTable;
  audit_purges: AuditPurgesTable;
  audit_entry_hours: AuditEntryHoursTable;
  audit_entry_days: AuditEntryDaysTable;
}
