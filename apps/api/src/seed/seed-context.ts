import type { NotificationPriority } from '@kwanza/contract';
import type { Database } from '../db/schema.js';
import type { CatalogCategory } from './catalog.js';
import type { PeopleFactory } from './people.js';
import { CoveringPicker, type Random } from './random.js';
import { SamplePool } from './sample-pool.js';
import type { SeedDocuments } from './seed-documents.js';
import type { SeedWriter } from './seed-writer.js';

/* State shared by the stages of one seed run: generators, what later stages need, counters. */

/**
 * Tables of the API's own running state (sessions, throttles, limits, queues, counters) and the admins'
 * own settings: never seeded.
 */
type OperationalTable =
  | 'admin_sessions'
  | 'admin_preferences'
  | 'login_throttle'
  | 'rate_limit_windows'
  | 'concurrency_leases'
  | 'document_removals'
  | 'list_counters'
  | 'conversation_figures'
  | 'user_figures'
  | 'audit_purges'
  | 'audit_entry_hours'
  | 'audit_entry_days';

/** Rows inserted per table by the seed (pre-existing rows not counted), plus files written. */
export type SeedSummary = Record<Exclude<keyof Database, OperationalTable>, number> & { documents: number };

export function emptySummary(): SeedSummary {
  return {
    users: 0,
    provider_profiles: 0,
    provider_verifications: 0,
    client_verifications: 0,
    categories: 0,
    subcategories: 0,
    projects: 0,
    offers: 0,
    disputes: 0,
    dispute_evidence: 0,
    dispute_status_history: 0,
    notification_broadcasts: 0,
    reports: 0,
    conversations: 0,
    messages: 0,
    notifications: 0,
    audit_entries: 0,
    documents: 0,
  };
}

/**
 * The users' search texts that the seed's conversations and disputes take as their parties' text
 * (the client's, a line break, the provider's: what the database's own fill gives,
 * db/migrations/support/party-search.ts): every provider's, and the current chunk's clients' (a
 * conversation or dispute is between a client of its chunk and any provider seeded so far). Given
 * with the rows, they spare the load's end an update of every conversation and dispute, and let
 * their text indexes be built with the others (seed/parallel-text-indexes).
 */
export class PartyTexts {
  private readonly providers = new Map<number, string>();
  private clients = new Map<number, string>();

  /** A new chunk of users: the previous chunk's clients are forgotten. */
  startChunk(): void {
    this.clients = new Map();
  }

  addClient(id: number, searchText: string): void {
    this.clients.set(id, searchText);
  }

  addProvider(id: number, searchText: string): void {
    this.providers.set(id, searchText);
  }

  /** The parties' text of a conversation or dispute between `clientId` and `providerId`. */
  of(clientId: number, providerId: number): string {
    const client = this.clients.get(clientId);
    const provider = this.providers.get(providerId);
    if (client === undefined || provider === undefined) {
      throw new Error(`texte des parties inconnu pendant le remplissage : ${clientId}, ${providerId}`);
    }
    return `${client}\n${provider}`;
  }
}

/** Ids and registration times of the users of one role, in compact arrays. */
export class MemberList {
  readonly ids: number[] = [];
  readonly joined: number[] = [];

  add(id: number, joinedMs: number): void {
    this.ids.push(id);
    this.joined.push(joinedMs);
  }

  get length(): number {
    return this.ids.length;
  }

  /** Index of a random member (-1 when empty). */
  randomIndex(random: Random): number {
    return this.ids.length === 0 ? -1 : Math.floor(random.next() * this.ids.length);
  }
}

export interface SeededCategory {
  id: number;
  catalog: CatalogCategory;
  subcategoryIds: number[];
}

/** A row that later stages may point to, with the text that names it. */
export interface NamedRow {
  id: number;
  label: string;
}

export type VerificationStatusValue = 'pending' | 'verified' | 'rejected';

export function createPickers() {
  const verificationStatuses = () =>
    new CoveringPicker<VerificationStatusValue>([
      ['pending', 30],
      ['verified', 50],
      ['rejected', 20],
    ]);
  return {
    providerVerificationStatus: verificationStatuses(),
    clientVerificationStatus: verificationStatuses(),
    /** For pending verifications: older than 72 hours ("urgent") or recent. */
    pendingAge: new CoveringPicker<'urgent' | 'recent'>([
      ['urgent', 1],
      ['recent', 1],
    ]),
    documentType: new CoveringPicker<'id_card' | 'passport'>([
      ['id_card', 7],
      ['passport', 3],
    ]),
    projectStatus: new CoveringPicker<Database['projects']['status']>([
      ['open', 35],
      ['in_progress', 25],
      ['completed', 18],
      ['cancelled', 7],
      ['closed', 8],
      ['paused', 7],
    ]),
    budget: new CoveringPicker<'range' | 'between' | 'equal' | 'min_only' | 'max_only' | 'none'>([
      ['range', 35],
      ['between', 25],
      ['equal', 8],
      ['min_only', 10],
      ['max_only', 10],
      ['none', 12],
    ]),
    disputeStatus: new CoveringPicker<Database['disputes']['status']>([
      ['open', 35],
      ['under_review', 25],
      ['resolved', 25],
      ['closed', 15],
    ]),
    conversationStatus: new CoveringPicker<Database['conversations']['status']>([
      ['active', 85],
      ['closed', 15],
    ]),
    reportType: new CoveringPicker<Database['reports']['type']>([
      ['provider', 45],
      ['user', 35],
      ['review', 20],
    ]),
    reportStatus: new CoveringPicker<Database['reports']['status']>([
      ['pending', 40],
      ['under_review', 20],
      ['resolved', 25],
      ['dismissed', 15],
    ]),
    notificationPriority: new CoveringPicker<NotificationPriority>([
      ['normal', 50],
      ['low', 20],
      ['high', 20],
      ['urgent', 10],
    ]),
  };
}

export type SeedPickers = ReturnType<typeof createPickers>;

export function createPools(seed: number) {
  return {
    projects: new SamplePool<NamedRow>(2000, seed, 'projects'),
    disputes: new SamplePool<NamedRow>(1000, seed, 'disputes'),
    providerVerifications: new SamplePool<NamedRow>(1000, seed, 'provider-verifications'),
    pendingProviderVerifications: new SamplePool<NamedRow>(1000, seed, 'pending-provider-verifications'),
    users: new SamplePool<NamedRow>(2000, seed, 'users'),
  };
}

export type SeedPools = ReturnType<typeof createPools>;

export interface SeedContext {
  seed: number;
  nowMs: number;
  random: Random;
  people: PeopleFactory;
  documents: SeedDocuments;
  /** Every admin: those present before the seed first, then the seeded ones. */
  adminIds: number[];
  /** Admin who approved or rejected the verifications: the first admin of the database. */
  verifierId: number | null;
  categories: SeededCategory[];
  clients: MemberList;
  providers: MemberList;
  /** The texts of the parties of the conversations and disputes still to seed. */
  partyTexts: PartyTexts;
  pickers: SeedPickers;
  pools: SeedPools;
  summary: SeedSummary;
  /** Ids and inserts of the generated rows. */
  writer: SeedWriter;
}

/** '150 000 AOA' */
export function formatAoa(amount: number): string {
  return `${String(Math.round(amount)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')} AOA`;
}
