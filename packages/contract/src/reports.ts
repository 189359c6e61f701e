import { z } from 'zod';
import {
  hasNoNulCharacter,
  pageOf,
  paginationQuery,
  ReportStatus,
  ReportType,
  SearchText,
  Timestamp,
} from './common.js';

export const REPORTS_PAGE_SIZE = 10;

export const REPORT_STATUS_MESSAGE =
  'Statut invalide. Valeurs acceptées : pending, under_review, resolved, dismissed.';
export const REPORT_TYPE_MESSAGE = 'Type invalide. Valeurs acceptées : provider, user, review.';

export const ReportListQuery = paginationQuery(REPORTS_PAGE_SIZE).extend({
  /** Reason, reporter and reported person; case- and accent-insensitive. */
  search: SearchText,
  status: z
    .union([z.literal(''), ReportStatus], { message: REPORT_STATUS_MESSAGE })
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
  type: z
    .union([z.literal(''), ReportType], { message: REPORT_TYPE_MESSAGE })
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
});
export type ReportListQuery = z.infer<typeof ReportListQuery>;

export const Report = z.object({
  id: z.number().int(),
  type: ReportType,
  reason: z.string(),
  status: ReportStatus,
  admin_notes: z.string().nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
  reporter_id: z.number().int(),
  reporter_name: z.string(),
  /** The reported person (a user, a provider, or the author side of a review), when known. */
  reported_user_id: z.number().int().nullable(),
  /** Name of the reported person unless the report is about a provider. */
  reported_user_name: z.string().nullable(),
  /** Name of the reported provider (type provider). */
  reported_provider_name: z.string().nullable(),
  /** The admin who last changed the status or notes, and when. */
  reviewed_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  reviewed_at: Timestamp.nullable(),
});
export type Report = z.infer<typeof Report>;

export const ReportPage = pageOf(Report);
export type ReportPage = z.infer<typeof ReportPage>;

export const ADMIN_NOTES_MAX = 5000;

export const UpdateReportStatusBody = z.object({
  status: z.enum(ReportStatus.options, { message: REPORT_STATUS_MESSAGE }),
  /** Saved trimmed; empty or null clears them; absent keeps the current notes. */
  admin_notes: z
    .string()
    .max(ADMIN_NOTES_MAX, { message: 'Les notes ne peuvent pas dépasser 5000 caractères' })
    .refine(hasNoNulCharacter, { message: 'Les notes contiennent un caractère non autorisé' })
    .nullable()
    .optional(),
});
export type UpdateReportStatusBody = z.infer<typeof UpdateReportStatusBody>;
