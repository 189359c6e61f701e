import type { Insertable } from 'kysely';
import type { DisputeEvidenceTable, DisputeStatusHistoryTable, DisputesTable } from '../db/schema.js';
import { disputeSearchText } from '../lib/search-text.js';
import { formatAoa, type SeedContext } from './seed-context.js';
import type { SeededProject } from './seed-projects.js';
import { disputeStory, evidenceDescription, resolutionNote } from './texts.js';
import { HOUR, isoString, timeBetween } from './timeline.js';

/*
 * Disputes opened on some projects, with their evidence files; a dispute that is no longer open has
 * the status change that took it there in its history (by the first admin, at its last update).
 */

const DISPUTE_SHARE = 0.08;

interface DisputePlan {
  row: Insertable<DisputesTable>;
  createdMs: number;
  clientId: number;
  providerId: number;
  evidenceCount: number;
}

function planDispute(context: SeedContext, project: SeededProject): DisputePlan | null {
  const { random, nowMs, providers } = context;
  const offer = project.offers.find((item) => item.status === 'accepted') ?? project.offers[0];
  const providerIndex = offer ? -1 : providers.randomIndex(random);
  const providerId = offer?.providerId ?? providers.ids[providerIndex];
  if (providerId === undefined) return null;
  const status = context.pickers.disputeStatus.next(random);
  const story = disputeStory(random, project.title, formatAoa(offer?.price ?? random.int(10, 500) * 1000));
  const earliest = Math.min(nowMs, Math.max(project.createdMs, offer?.createdMs ?? 0) + HOUR);
  const createdMs = timeBetween(random, earliest, nowMs);
  const updatedMs = timeBetween(random, createdMs, nowMs);
  const finished = status === 'resolved' || status === 'closed';
  const linked = random.chance(0.92);
  const serviceTitle = linked || random.chance(0.5) ? project.title : null;
  return {
    createdMs,
    clientId: project.clientId,
    providerId,
    evidenceCount: random.int(0, 3),
    row: {
      title: story.title,
      description: story.description,
      status,
      client_id: project.clientId,
      provider_id: providerId,
      project_id: linked ? project.id : null,
      service_title: serviceTitle,
      resolution_note: finished ? resolutionNote(random) : null,
      created_at: isoString(createdMs),
      updated_at: isoString(updatedMs),
      resolved_at: finished ? isoString(updatedMs) : null,
      party_text: context.partyTexts.of(project.clientId, providerId),
      search_text: disputeSearchText({
        title: story.title,
        service_title: serviceTitle,
        description: story.description,
      }),
    },
  };
}

/** Opens disputes on about 8 % of the given projects. */
export async function seedDisputesOfProjects(
  context: SeedContext,
  projects: readonly SeededProject[],
): Promise<void> {
  const { random, nowMs } = context;
  const plans: DisputePlan[] = [];
  for (const project of projects) {
    if (!random.chance(DISPUTE_SHARE)) continue;
    const plan = planDispute(context, project);
    if (plan) plans.push(plan);
  }
  const firstId = context.writer.reserveIds('disputes', plans.length);
  const ids = plans.map((_, position) => firstId + position);
  await context.writer.insert(
    'disputes',
    plans.map((plan, position) => ({ id: firstId + position, ...plan.row })),
  );
  const evidence: Insertable<DisputeEvidenceTable>[] = [];
  const history: Insertable<DisputeStatusHistoryTable>[] = [];
  for (const [position, plan] of plans.entries()) {
    const id = ids[position];
    if (id === undefined) continue;
    context.pools.disputes.add({ id, label: plan.row.title });
    if (plan.row.status !== 'open') {
      history.push({
        dispute_id: id,
        from_status: 'open',
        to_status: plan.row.status,
        resolution_note: plan.row.resolution_note ?? null,
        changed_by: context.verifierId,
        changed_at: plan.row.updated_at,
      });
    }
    for (let number = 1; number <= plan.evidenceCount; number += 1) {
      evidence.push({
        dispute_id: id,
        user_id: random.chance(0.6) ? plan.clientId : plan.providerId,
        description: evidenceDescription(random),
        file: await context.documents.evidenceKey(id, number, id * 4 + number),
        created_at: isoString(
          timeBetween(random, plan.createdMs, Math.min(nowMs, plan.createdMs + 72 * HOUR)),
        ),
      });
    }
  }
  await context.writer.insert('dispute_evidence', evidence);
  await context.writer.insert('dispute_status_history', history);
  context.summary.disputes += ids.length;
  context.summary.dispute_evidence += evidence.length;
  context.summary.dispute_status_history += history.length;
}
