import { z } from 'zod';
import {
  DisputeStatus,
  hasNoNulCharacter,
  pageOf,
  paginationQuery,
  SearchText,
  Timestamp,
} from './common.js';
import { MonthCount } from './projects.js';

export const DISPUTES_PAGE_SIZE = 10;

export const DISPUTE_STATUS_MESSAGE =
  'Statut invalide. Valeurs acceptées : open, under_review, resolved, closed.';

/** The four statuses, open first (order of the screens' filters and of the counts). */
export const DISPUTE_STATUSES = DisputeStatus.options;

export const DisputeListQuery = paginationQuery(DISPUTES_PAGE_SIZE).extend({
  /** Title, description, service, client and provider names; case- and accent-insensitive. */
  search: SearchText,
  status: z
    .union([z.literal(''), DisputeStatus], { message: DISPUTE_STATUS_MESSAGE })
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
});
export type DisputeListQuery = z.infer<typeof DisputeListQuery>;

export const DisputeEvidence = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  /** Full name of the person who submitted it, else the username. */
  user_name: z.string(),
  description: z.string().nullable(),
  /** Short-lived signed URL of the file (`/api/documents/…?expires=…&signature=…`). */
  file: z.string(),
  created_at: Timestamp,
});
export type DisputeEvidence = z.infer<typeof DisputeEvidence>;

/**
 * Evidence as the list describes it: without the link to its file, which only the dispute's detail
 * issues (and the audit journal records).
 */
export const DisputeEvidenceSummary = DisputeEvidence.omit({ file: true });
export type DisputeEvidenceSummary = z.infer<typeof DisputeEvidenceSummary>;

export const Dispute = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  status: DisputeStatus,
  client_id: z.number().int(),
  client_name: z.string(),
  provider_id: z.number().int(),
  provider_name: z.string(),
  project_id: z.number().int().nullable(),
  service_title: z.string().nullable(),
  created_at: Timestamp,
  updated_at: Timestamp,
  /** When it became resolved or closed; null while open or under review. */
  resolved_at: Timestamp.nullable(),
  resolution_note: z.string().nullable(),
  evidence: z.array(DisputeEvidenceSummary),
});
export type Dispute = z.infer<typeof Dispute>;

export const DisputeStatusCounts = z.object({
  open: z.number().int(),
  under_review: z.number().int(),
  resolved: z.number().int(),
  closed: z.number().int(),
});
export type DisputeStatusCounts = z.infer<typeof DisputeStatusCounts>;

export const DisputePage = pageOf(Dispute).extend({
  /**
   * Disputes per status among those matching the search (the status filter aside), so that the
   * filter can show them all; counted up to the search cap like `count`.
   */
  status_counts: DisputeStatusCounts,
});
export type DisputePage = z.infer<typeof DisputePage>;

export const DisputeStatusChange = z.object({
  id: z.number().int(),
  /** null for the first entry of a dispute that had no recorded status before. */
  from_status: DisputeStatus.nullable(),
  to_status: DisputeStatus,
  resolution_note: z.string().nullable(),
  /** The admin who made the change (null when that account no longer exists). */
  changed_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  changed_at: Timestamp,
});
export type DisputeStatusChange = z.infer<typeof DisputeStatusChange>;

export const DisputeDetail = Dispute.extend({
  /** With a short-lived signed link to each file. */
  evidence: z.array(DisputeEvidence),
  /** The project the dispute concerns, when there is one. */
  project: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  /** The latest conversation between the same client and provider, when one exists. */
  conversation_id: z.number().int().nullable(),
  /** Every status change, oldest first. */
  history: z.array(DisputeStatusChange),
});
export type DisputeDetail = z.infer<typeof DisputeDetail>;

export const RESOLUTION_NOTE_MAX = 5000;

export const UpdateDisputeStatusBody = z.object({
  status: z.enum(DisputeStatus.options, { message: DISPUTE_STATUS_MESSAGE }),
  /** Saved trimmed; empty or null clears it; absent keeps the current note. */
  resolution_note: z
    .string()
    .max(RESOLUTION_NOTE_MAX, { message: 'La note ne peut pas dépasser 5000 caractères' })
    .refine(hasNoNulCharacter, { message: 'La note contient un caractère non autorisé' })
    .nullable()
    .optional(),
});
export type UpdateDisputeStatusBody = z.infer<typeof UpdateDisputeStatusBody>;

export const DisputeStats = z.object({
  total: z.number().int(),
  by_status: DisputeStatusCounts,
  /** Disputes opened per month, the 12 months ending with the current one (UTC), zeros included. */
  monthly: z.array(MonthCount),
  /** Resolved or closed disputes that have a resolution time. */
  resolved_count: z.number().int(),
  /** Median of (resolved_at − created_at) in hours, one decimal; null when none is resolved. */
  median_resolution_hours: z.number().nullable(),
});
export type DisputeStats = z.infer<typeof DisputeStats>;
