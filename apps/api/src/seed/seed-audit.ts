import type { AuditChange, AuditValue } from '@kwanza/contract';
import type { Insertable, Kysely } from 'kysely';
import type { AuditEntriesTable, Database } from '../db/schema.js';
import { auditSearchText } from '../lib/audit-trail.js';
import { displayName } from '../lib/display-name.js';
import type { SeedContext } from './seed-context.js';
import { DAY, HOUR, isoString, MINUTE } from './timeline.js';

/*
 * The audit journal of the demo data, consistent with it: every verification decision (preceded by
 * the look at its documents), every dispute status change, and the admins' logins of the last year
 * with a few failed attempts. Read back from the loaded rows in id order, chunk by chunk, so memory
 * stays bounded at any scale (about one entry per user).
 */

const CHUNK = 5000;

interface Actor {
  id: number;
  label: string;
}

interface EntryInput {
  at: number;
  actor: Actor | null;
  action: string;
  object: { type: string; id: number; label: string } | null;
  changes?: AuditChange[];
  details?: Record<string, AuditValue> | null;
  ip: string;
}

function entryRow(context: SeedContext, input: EntryInput): Insertable<AuditEntriesTable> {
  const row = {
    created_at: isoString(input.at),
    admin_id: input.actor?.id ?? null,
    admin_label: input.actor?.label ?? null,
    request_id: `seed-${context.seed}-${Math.floor(context.random.next() * 1e12).toString(36)}`,
    ip_address: input.ip,
    action: input.action,
    object_type: input.object?.type ?? null,
    object_id: input.object?.id ?? null,
    object_label: input.object?.label ?? null,
    changes: JSON.stringify(input.changes ?? []),
    details: input.details ? JSON.stringify(input.details) : null,
  };
  return { ...row, search_text: auditSearchText({ ...row, details: input.details ?? null }) };
}

function officeAddress(context: SeedContext): string {
  return `10.20.${context.random.int(0, 3)}.${context.random.int(2, 250)}`;
}

async function writeEntries(context: SeedContext, rows: Insertable<AuditEntriesTable>[]): Promise<void> {
  if (rows.length === 0) return;
  await context.writer.insert('audit_entries', rows);
  context.summary.audit_entries += rows.length;
}

const DOCUMENT_FIELDS = ['id_card_front', 'id_card_back', 'passport_image', 'selfie_image'] as const;

interface DecisionRow {
  id: number;
  verification_status: 'pending' | 'verified' | 'rejected';
  verified_by: number | null;
  verified_at: string | null;
  rejection_reason: string | null;
  admin_notes: string | null;
  documents: string[];
  first_name: string;
  last_name: string;
  username: string;
  email: string;
}

/**
 * What the journal's entries of a decision use (the selfie apart: only providers have one). Every
 * column instead, the business descriptions and search texts among them, took 3.7–4.2 s to read a
 * million users' provider decisions instead of 1.1–1.8.
 */
const DECISION_COLUMNS = [
  'v.id',
  'v.verification_status',
  'v.verified_by',
  'v.verified_at',
  'v.rejection_reason',
  'v.admin_notes',
  'v.id_card_front',
  'v.id_card_back',
  'v.passport_image',
] as const;

/** The next chunk of decided verifications of one table, in id order, with their owner's name. */
async function readDecisions(
  db: Kysely<Database>,
  table: 'provider_verifications' | 'client_verifications',
  afterId: number,
): Promise<DecisionRow[]> {
  const people = ['users.first_name', 'users.last_name', 'users.username', 'users.email'] as const;
  const rows =
    table === 'provider_verifications'
      ? await db
          .selectFrom('provider_verifications as v')
          .innerJoin('users', 'users.id', 'v.user_id')
          .select([...DECISION_COLUMNS, 'v.selfie_image'])
          .select(people)
          .where('v.verified_by', 'is not', null)
          .where('v.id', '>', afterId)
          .orderBy('v.id')
          .limit(CHUNK)
          .execute()
      : (
          await db
            .selectFrom('client_verifications as v')
            .innerJoin('users', 'users.id', 'v.user_id')
            .select(DECISION_COLUMNS)
            .select(people)
            .where('v.verified_by', 'is not', null)
            .where('v.id', '>', afterId)
            .orderBy('v.id')
            .limit(CHUNK)
            .execute()
        ).map((row) => ({ ...row, selfie_image: null }));
  return rows.map((row) => ({
    ...row,
    documents: DOCUMENT_FIELDS.filter((field) => typeof row[field] === 'string'),
  }));
}

async function seedVerificationDecisions(
  db: Kysely<Database>,
  context: SeedContext,
  actors: Map<number, Actor>,
  table: 'provider_verifications' | 'client_verifications',
): Promise<void> {
  const type = table === 'provider_verifications' ? 'provider_verification' : 'client_verification';
  for (let afterId = 0; ; ) {
    const rows = await readDecisions(db, table, afterId);
    const last = rows.at(-1);
    if (!last) return;
    afterId = last.id;
    const entries: Insertable<AuditEntriesTable>[] = [];
    for (const row of rows) {
      const actor = row.verified_by === null ? undefined : actors.get(row.verified_by);
      if (!actor || !row.verified_at) continue;
      const object = { type, id: row.id, label: `${displayName(row)} (${row.email})` };
      const decidedMs = Date.parse(row.verified_at);
      const ip = officeAddress(context);
      entries.push(
        entryRow(context, {
          at: decidedMs - context.random.int(1, 20) * MINUTE,
          actor,
          action: `${type}.view_documents`,
          object,
          details: { documents: row.documents },
          ip,
        }),
      );
      const changes: AuditChange[] = [
        { field: 'verification_status', before: 'pending', after: row.verification_status },
      ];
      if (row.rejection_reason)
        changes.push({ field: 'rejection_reason', before: null, after: row.rejection_reason });
      if (row.admin_notes) changes.push({ field: 'admin_notes', before: null, after: row.admin_notes });
      entries.push(
        entryRow(context, {
          at: decidedMs,
          actor,
          action: `${type}.${row.verification_status === 'verified' ? 'approve' : 'reject'}`,
          object,
          changes,
          ip,
        }),
      );
    }
    await writeEntries(context, entries);
  }
}

async function seedDisputeChanges(
  db: Kysely<Database>,
  context: SeedContext,
  actors: Map<number, Actor>,
): Promise<void> {
  for (let afterId = 0; ; ) {
    const rows = await db
      .selectFrom('dispute_status_history as h')
      .innerJoin('disputes', 'disputes.id', 'h.dispute_id')
      .select([
        'h.id',
        'h.dispute_id',
        'h.from_status',
        'h.to_status',
        'h.resolution_note',
        'h.changed_by',
        'h.changed_at',
        'disputes.title',
      ])
      .where('h.changed_by', 'is not', null)
      .where('h.id', '>', afterId)
      .orderBy('h.id')
      .limit(CHUNK)
      .execute();
    const last = rows.at(-1);
    if (!last) return;
    afterId = last.id;
    const entries: Insertable<AuditEntriesTable>[] = [];
    for (const row of rows) {
      const actor = row.changed_by === null ? undefined : actors.get(row.changed_by);
      if (!actor) continue;
      const changes: AuditChange[] = [{ field: 'status', before: row.from_status, after: row.to_status }];
      if (row.resolution_note)
        changes.push({ field: 'resolution_note', before: null, after: row.resolution_note });
      entries.push(
        entryRow(context, {
          at: Date.parse(row.changed_at),
          actor,
          action: 'dispute.update_status',
          object: { type: 'dispute', id: row.dispute_id, label: row.title },
          changes,
          ip: officeAddress(context),
        }),
      );
    }
    await writeEntries(context, entries);
  }
}

/** Each admin's logins over the last year (most working days), and now and then a failed attempt. */
async function seedLogins(context: SeedContext, actors: Actor[]): Promise<void> {
  const entries: Insertable<AuditEntriesTable>[] = [];
  const { random, nowMs } = context;
  for (const actor of actors) {
    for (let day = 365; day >= 1; day -= 1) {
      if (!random.chance(0.7)) continue;
      const at = nowMs - day * DAY + random.int(7, 18) * HOUR + random.int(0, 59) * MINUTE;
      const ip = officeAddress(context);
      if (random.chance(0.05)) {
        entries.push(
          entryRow(context, {
            at: at - 2 * MINUTE,
            actor: null,
            action: 'auth.login_failed',
            object: { type: 'user', id: actor.id, label: actor.label },
            details: { email: actor.label, reason: 'invalid_credentials' },
            ip,
          }),
        );
      }
      entries.push(
        entryRow(context, {
          at,
          actor,
          action: 'auth.login',
          object: { type: 'user', id: actor.id, label: actor.label },
          ip,
        }),
      );
    }
  }
  await writeEntries(context, entries);
}

/** Fills the journal from the rows already loaded (run last). */
export async function seedAuditJournal(db: Kysely<Database>, context: SeedContext): Promise<void> {
  const admins =
    context.adminIds.length === 0
      ? []
      : await db
          .selectFrom('users')
          .select(['id', 'email', 'password_hash'])
          .where('id', 'in', context.adminIds)
          .execute();
  const actors = new Map(admins.map((admin) => [admin.id, { id: admin.id, label: admin.email }]));
  await seedVerificationDecisions(db, context, actors, 'provider_verifications');
  await seedVerificationDecisions(db, context, actors, 'client_verifications');
  await seedDisputeChanges(db, context, actors);
  // Only the admins who can log in (the seeded ones have no password).
  const withPassword = admins.filter((admin) => admin.password_hash !== null);
  await seedLogins(
    context,
    withPassword.map((admin) => ({ id: admin.id, label: admin.email })),
  );
}
