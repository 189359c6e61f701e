import type { Insertable } from 'kysely';
import type { ReportsTable } from '../db/schema.js';
import { reportSearchText } from '../lib/search-text.js';
import type { MemberList, SeedContext } from './seed-context.js';
import { reportNote, reportReason } from './texts.js';
import { DAY, isoString, timeBetween } from './timeline.js';

/* Reports (signalements) of providers, users and reviews. */

export const REPORTS_PER_BATCH = 5000;

/** About 5 % of the users, at least enough to show every type and status. */
export function reportCount(users: number): number {
  return Math.max(8, Math.round(users * 0.05));
}

function otherMember(context: SeedContext, members: MemberList, excludedId: number): number | null {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const id = members.ids[members.randomIndex(context.random)];
    if (id !== undefined && id !== excludedId) return id;
  }
  return null;
}

function reportRow(context: SeedContext): Insertable<ReportsTable> | null {
  const { random, clients, providers, nowMs } = context;
  const reporters =
    providers.length === 0 || (clients.length > 0 && random.chance(0.65)) ? clients : providers;
  const reporterIndex = reporters.randomIndex(random);
  const reporterId = reporters.ids[reporterIndex];
  if (reporterId === undefined) return null;
  const joinedMs = reporters.joined[reporterIndex] ?? nowMs;
  const type = context.pickers.reportType.next(random);
  const status = context.pickers.reportStatus.next(random);
  let reportedUserId: number | null;
  if (type === 'provider') reportedUserId = otherMember(context, providers, reporterId);
  else if (type === 'user')
    reportedUserId = otherMember(context, random.chance(0.5) ? clients : providers, reporterId);
  else reportedUserId = random.chance(0.4) ? null : otherMember(context, providers, reporterId);
  const createdMs = timeBetween(random, Math.max(joinedMs, nowMs - 180 * DAY), nowMs);
  const reason = reportReason(random);
  return {
    type,
    reason,
    search_text: reportSearchText({ reason }),
    status,
    admin_notes: random.chance(status === 'pending' ? 0.1 : 0.6) ? reportNote(random) : null,
    reporter_id: reporterId,
    reported_user_id: reportedUserId,
    created_at: isoString(createdMs),
    updated_at: isoString(status === 'pending' ? createdMs : timeBetween(random, createdMs, nowMs)),
  };
}

/** Inserts `count` reports, `REPORTS_PER_BATCH` at a time. */
export async function seedReports(
  context: SeedContext,
  count: number,
  onBatch: (inserted: number) => Promise<void>,
): Promise<void> {
  for (let start = 0; start < count; start += REPORTS_PER_BATCH) {
    const rows: Insertable<ReportsTable>[] = [];
    for (let index = start; index < Math.min(count, start + REPORTS_PER_BATCH); index += 1) {
      const row = reportRow(context);
      if (row) rows.push(row);
    }
    await context.writer.insert('reports', rows);
    context.summary.reports += rows.length;
    await onBatch(Math.min(count, start + REPORTS_PER_BATCH) - start);
  }
}
