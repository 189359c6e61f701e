import type { Insertable } from 'kysely';
import type { OffersTable, ProjectsTable } from '../db/schema.js';
import { toJsonArray } from '../db/sql.js';
import { projectSearchText } from '../lib/search-text.js';
import type { Random, Weighted } from './random.js';
import type { SeedContext } from './seed-context.js';
import type { ChunkClient } from './seed-users.js';
import { adminProjectNote, ESTIMATED_DURATIONS, offerMessage, projectDescription } from './texts.js';
import { DAY, dateOnly, HOUR, isoString, MINUTE, timeAfter, timeBetween } from './timeline.js';

/* Projects of the clients of a chunk and the offers that providers sent to them. */

const PROJECTS_PER_CLIENT: Weighted<number> = [
  [0, 22],
  [1, 32],
  [2, 25],
  [3, 13],
  [4, 8],
];

const OFFERS_PER_PROJECT: Weighted<number> = [
  [0, 15],
  [1, 15],
  [2, 20],
  [3, 18],
  [4, 14],
  [5, 10],
  [6, 8],
];

const BUDGET_RANGES: readonly NonNullable<ProjectsTable['budget_range']>[] = [
  'moins_500',
  '500_1000',
  '1000_10000',
  '10000_plus',
  'sur_devis',
];

const MIN_AMOUNT = 5_000;
const MAX_AMOUNT = 2_500_000;

type ProjectStatus = ProjectsTable['status'];
type OfferStatus = OffersTable['status'];

export interface SeededOffer {
  providerId: number;
  providerJoinedMs: number;
  status: OfferStatus;
  price: number;
  createdMs: number;
}

/** A project as the dispute and conversation stages need it. */
export interface SeededProject {
  id: number;
  title: string;
  clientId: number;
  clientJoinedMs: number;
  createdMs: number;
  status: ProjectStatus;
  offers: SeededOffer[];
}

interface ProjectPlan {
  row: Insertable<ProjectsTable>;
  project: Omit<SeededProject, 'id'>;
  offerRows: Omit<Insertable<OffersTable>, 'project_id'>[];
}

function roundTo(value: number, step: number): number {
  return Math.round(value / step) * step;
}

function clampAmount(value: number): number {
  return Math.min(MAX_AMOUNT, Math.max(MIN_AMOUNT, value));
}

/** Log-uniform amount in AOA, rounded to 1 000. */
function amountBetween(random: Random, min: number, max: number): number {
  return clampAmount(roundTo(Math.exp(random.float(Math.log(min), Math.log(max))), 1000));
}

function budget(context: SeedContext): Pick<ProjectsTable, 'budget_range' | 'min_budget' | 'max_budget'> {
  const { random } = context;
  const kind = context.pickers.budget.next(random);
  const low = amountBetween(random, MIN_AMOUNT, 1_500_000);
  const high = clampAmount(roundTo(low * random.float(1.2, 3), 1000));
  switch (kind) {
    case 'range':
      return { budget_range: random.pick(BUDGET_RANGES), min_budget: null, max_budget: null };
    case 'between':
      return { budget_range: null, min_budget: low, max_budget: Math.max(high, low + 1000) };
    case 'equal':
      return { budget_range: null, min_budget: low, max_budget: low };
    case 'min_only':
      return { budget_range: null, min_budget: low, max_budget: null };
    case 'max_only':
      return { budget_range: null, min_budget: null, max_budget: high };
    case 'none':
      return { budget_range: null, min_budget: null, max_budget: null };
  }
}

function offerStatus(random: Random, projectStatus: ProjectStatus, position: number): OfferStatus {
  switch (projectStatus) {
    case 'in_progress':
    case 'completed':
    case 'closed':
      if (position === 0) return 'accepted';
      return random.chance(0.75) ? 'rejected' : 'withdrawn';
    case 'cancelled':
      return random.weighted<OfferStatus>([
        ['rejected', 5],
        ['withdrawn', 4],
        ['pending', 1],
      ]);
    default:
      return random.weighted<OfferStatus>([
        ['pending', 80],
        ['withdrawn', 12],
        ['rejected', 8],
      ]);
  }
}

function offerPrice(random: Random, min: number | null, max: number | null): number {
  if (min !== null && max !== null) return clampAmount(roundTo(random.float(min * 0.85, max * 1.1), 500));
  if (min !== null) return clampAmount(roundTo(min * random.float(1, 1.6), 500));
  if (max !== null) return clampAmount(roundTo(max * random.float(0.6, 1.05), 500));
  return clampAmount(roundTo(amountBetween(random, MIN_AMOUNT, MAX_AMOUNT), 500));
}

function planOffers(
  context: SeedContext,
  project: ProjectPlan['project'],
  row: ProjectPlan['row'],
): ProjectPlan['offerRows'] {
  const { random, providers, nowMs } = context;
  const count = Math.min(random.weighted(OFFERS_PER_PROJECT), providers.length);
  const chosen = new Set<number>();
  while (chosen.size < count) chosen.add(providers.randomIndex(random));
  const rows: ProjectPlan['offerRows'] = [];
  for (const providerIndex of chosen) {
    const providerId = providers.ids[providerIndex] ?? 0;
    const providerJoinedMs = providers.joined[providerIndex] ?? project.createdMs;
    const status = offerStatus(random, project.status, rows.length);
    const price = offerPrice(random, row.min_budget ?? null, row.max_budget ?? null);
    const createdMs = timeAfter(
      random,
      Math.max(project.createdMs, providerJoinedMs) + 30 * MINUTE,
      10 * DAY,
      nowMs,
    );
    const deliveryTime = random.chance(0.7) ? random.int(1, 60) : null;
    rows.push({
      provider_id: providerId,
      status,
      proposed_price: price,
      delivery_time: deliveryTime,
      estimated_duration: random.chance(deliveryTime === null ? 0.7 : 0.2)
        ? random.pick(ESTIMATED_DURATIONS)
        : null,
      message: random.chance(0.75) ? offerMessage(random, project.title) : null,
      created_at: isoString(createdMs),
    });
    project.offers.push({ providerId, providerJoinedMs, status, price, createdMs });
  }
  return rows;
}

function planProject(context: SeedContext, client: ChunkClient): ProjectPlan {
  const { random, people, nowMs } = context;
  const category = random.pick(context.categories);
  const subcategoryId =
    category.subcategoryIds.length > 0 && random.chance(0.85) ? random.pick(category.subcategoryIds) : null;
  const title = random.pick(category.catalog.projectTitles);
  const location = random.chance(0.8) ? people.city() : null;
  const description = projectDescription(random, category.catalog, location);
  const createdMs = Math.floor(client.joinedMs + (nowMs - client.joinedMs) * random.next() ** 2.5);
  const status = context.pickers.projectStatus.next(random);
  const views = random.int(0, 40) + Math.floor(random.next() ** 3 * 1500);
  const project: ProjectPlan['project'] = {
    title,
    clientId: client.id,
    clientJoinedMs: client.joinedMs,
    createdMs,
    status,
    offers: [],
  };
  const row: ProjectPlan['row'] = {
    client_id: client.id,
    category_id: category.id,
    subcategory_id: subcategoryId,
    title,
    description,
    status,
    ...budget(context),
    location,
    deadline: random.chance(0.75) ? dateOnly(createdMs + random.int(7, 120) * DAY) : null,
    required_skills: toJsonArray(random.sample(category.catalog.skills, random.int(1, 4))),
    views_count: views,
    favorites_count: Math.floor(views * random.float(0, 0.12)),
    offers_count: 0,
    admin_notes: random.chance(0.12) ? adminProjectNote(random) : null,
    search_text: projectSearchText(
      { title, description },
      { first_name: client.firstName, last_name: client.lastName, username: client.username },
    ),
    created_at: isoString(createdMs),
    updated_at: isoString(timeBetween(random, createdMs, Math.min(nowMs, createdMs + 30 * DAY + HOUR))),
  };
  const offerRows = planOffers(context, project, row);
  row.offers_count = offerRows.length;
  return { row, project, offerRows };
}

/** Inserts the projects of the given clients and their offers; returns the projects. */
export async function seedProjectsOfClients(
  context: SeedContext,
  clients: readonly ChunkClient[],
): Promise<SeededProject[]> {
  const plans: ProjectPlan[] = [];
  for (const client of clients) {
    const count = context.random.weighted(PROJECTS_PER_CLIENT);
    for (let index = 0; index < count; index += 1) plans.push(planProject(context, client));
  }
  const firstId = context.writer.reserveIds('projects', plans.length);
  const ids = plans.map((_, position) => firstId + position);
  await context.writer.insert(
    'projects',
    plans.map((plan, position) => ({ id: firstId + position, ...plan.row })),
  );
  const offerRows: Insertable<OffersTable>[] = [];
  const projects: SeededProject[] = [];
  for (const [position, plan] of plans.entries()) {
    const id = ids[position];
    if (id === undefined) continue;
    for (const offer of plan.offerRows) offerRows.push({ ...offer, project_id: id });
    projects.push({ ...plan.project, id });
    context.pools.projects.add({ id, label: plan.project.title });
  }
  await context.writer.insert('offers', offerRows);
  context.summary.projects += ids.length;
  context.summary.offers += offerRows.length;
  return projects;
}
