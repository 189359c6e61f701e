import { z } from 'zod';
import {
  BudgetRange,
  decimalInteger,
  hasNoNulCharacter,
  MAX_ROW_ID,
  OfferStatus,
  ProjectStatus,
  pageOf,
  paginationQuery,
  SearchText,
  Timestamp,
} from './common.js';

export const PROJECTS_PAGE_SIZE = 10;

const STATUS_MESSAGE =
  'Statut invalide. Valeurs acceptées : open, in_progress, completed, cancelled, closed, paused.';

/** Optional numeric id filter of a list (`category`, `client`): non-numeric → 400, empty → absent. */
const OptionalIdFilter = z
  .union(
    [
      z.literal(''),
      decimalInteger('Un identifiant numérique est attendu').pipe(
        z
          .number()
          .int()
          .positive()
          // Ids are 32-bit integers in the database; a larger number would make PostgreSQL fail (500).
          .max(MAX_ROW_ID),
      ),
    ],
    {
      message: 'Un identifiant numérique positif est attendu',
    },
  )
  .optional()
  .transform((value) => (value === '' ? undefined : value));

export const ProjectListQuery = paginationQuery(PROJECTS_PAGE_SIZE).extend({
  /** Title, description and client name; case- and accent-insensitive. */
  search: SearchText,
  /** `completed` also returns `closed` projects. */
  status: z
    .union([z.literal(''), ProjectStatus], { message: STATUS_MESSAGE })
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
  category: OptionalIdFilter,
  client: OptionalIdFilter,
});
export type ProjectListQuery = z.infer<typeof ProjectListQuery>;

export const Project = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  status: ProjectStatus,
  client_id: z.number().int(),
  client_name: z.string(),
  category_id: z.number().int().nullable(),
  category_name: z.string().nullable(),
  /** French wording of the budget (named range, or built from min/max, or 'Budget à discuter'). */
  budget_display: z.string(),
  budget_range: BudgetRange.nullable(),
  min_budget: z.number().nullable(),
  max_budget: z.number().nullable(),
  location: z.string().nullable(),
  /** YYYY-MM-DD */
  deadline: z.string().nullable(),
  created_at: Timestamp,
  required_skills: z.array(z.string()),
  views_count: z.number().int(),
  favorites_count: z.number().int(),
  /** Number of offers the project has received. */
  offers_count: z.number().int(),
  admin_notes: z.string().nullable(),
});
export type Project = z.infer<typeof Project>;

export const ProjectPage = pageOf(Project);
export type ProjectPage = z.infer<typeof ProjectPage>;

export const UpdateProjectBody = z.object({
  status: z.enum(ProjectStatus.options, { message: STATUS_MESSAGE }).optional(),
  admin_notes: z
    .string()
    .max(5000, { message: 'Les notes ne peuvent pas dépasser 5000 caractères' })
    .refine(hasNoNulCharacter, { message: 'Les notes contiennent un caractère non autorisé' })
    .nullable()
    .optional(),
});
export type UpdateProjectBody = z.infer<typeof UpdateProjectBody>;

export const Offer = z.object({
  id: z.number().int(),
  provider_id: z.number().int(),
  /** Provider's full name, else username. */
  provider_name: z.string(),
  status: OfferStatus,
  proposed_price: z.number(),
  /** Days. */
  delivery_time: z.number().int().nullable(),
  estimated_duration: z.string().nullable(),
  /** average_rating of the provider profile; null without a profile. */
  provider_rating: z.number().nullable(),
  created_at: Timestamp,
  message: z.string().nullable(),
});
export type Offer = z.infer<typeof Offer>;

export const OfferList = z.array(Offer);
export type OfferList = z.infer<typeof OfferList>;

export const MonthCount = z.object({
  /** YYYY-MM (UTC) */
  month: z.string(),
  count: z.number().int(),
});
export type MonthCount = z.infer<typeof MonthCount>;

export const ProjectStats = z.object({
  total_projects: z.number().int(),
  by_status: z.object({
    open: z.number().int(),
    in_progress: z.number().int(),
    completed: z.number().int(),
    closed: z.number().int(),
    cancelled: z.number().int(),
    paused: z.number().int(),
  }),
  /** Projects created per month, the 12 months ending with the current one (UTC), zeros included. */
  monthly_stats: z.array(MonthCount),
  /** The 5 categories with the most projects. */
  top_categories: z.array(z.object({ category__name: z.string(), count: z.number().int() })),
});
export type ProjectStats = z.infer<typeof ProjectStats>;

/** Option of the project list's category filter. */
export const ProjectCategoryOption = z.object({ id: z.number().int(), name: z.string() });
export type ProjectCategoryOption = z.infer<typeof ProjectCategoryOption>;
export const ProjectCategoryOptionList = z.array(ProjectCategoryOption);

export interface BudgetFields {
  budget_range: BudgetRange | null;
  min_budget: number | null;
  max_budget: number | null;
}

/**
 * French wording of a project budget, shared by the API (`budget_display`) and the console:
 * a named range when there is one; otherwise built from min and max (a single amount when equal,
 * 'X - Y', 'À partir de X', "Jusqu'à Y"), 'Budget à discuter' when neither is a positive amount.
 */
export function describeBudget(budget: BudgetFields, formatAmount: (amount: number) => string): string {
  switch (budget.budget_range) {
    case 'moins_500':
      return `Moins de ${formatAmount(500)}`;
    case '500_1000':
      return `De ${formatAmount(500)} à ${formatAmount(1000)}`;
    case '1000_10000':
      return `De ${formatAmount(1000)} à ${formatAmount(10000)}`;
    case '10000_plus':
      return `${formatAmount(10000)} et plus`;
    case 'sur_devis':
      return 'Sur devis';
    default:
      break;
  }
  const min = budget.min_budget !== null && budget.min_budget > 0 ? budget.min_budget : null;
  const max = budget.max_budget !== null && budget.max_budget > 0 ? budget.max_budget : null;
  if (min !== null && max !== null) {
    return min === max ? formatAmount(min) : `${formatAmount(min)} - ${formatAmount(max)}`;
  }
  if (min !== null) return `À partir de ${formatAmount(min)}`;
  if (max !== null) return `Jusqu'à ${formatAmount(max)}`;
  return 'Budget à discuter';
}
