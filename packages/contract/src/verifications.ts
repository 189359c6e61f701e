import { z } from 'zod';
import {
  DocumentType,
  hasNoNulCharacter,
  MAX_ROW_ID,
  NUL_CHARACTER_MESSAGE,
  pageOf,
  paginationQuery,
  QueryBoolean,
  SearchText,
  Timestamp,
  VerificationStatus,
} from './common.js';

/*
 * Identity verifications of providers and clients (admin side), and the signed links to their
 * documents. Verification lists have no default page size in the spec: the API pages them by 20
 * (at most 100 per page).
 */

export const VERIFICATION_PAGE_SIZE = 20;

export const REJECTION_REASON_REQUIRED = 'La raison du rejet est obligatoire';
export const SELECTION_REQUIRED = 'Au moins une vérification doit être sélectionnée';

/** Status filter of the verification lists; `not_started` matches no verification (none exists then). */
export const VerificationStatusFilter = z.enum(['pending', 'verified', 'rejected', 'not_started']);
export type VerificationStatusFilter = z.infer<typeof VerificationStatusFilter>;

const INVALID_ID = "L'identifiant doit être un entier positif";

const Notes = z
  .string()
  .trim()
  .max(5000, { message: 'Les notes ne peuvent pas dépasser 5000 caractères' })
  .refine(hasNoNulCharacter, { message: NUL_CHARACTER_MESSAGE });
const Reason = z
  .string()
  .max(2000, { message: 'La raison ne peut pas dépasser 2000 caractères' })
  .refine(hasNoNulCharacter, { message: NUL_CHARACTER_MESSAGE });

/** `null` or absent fields are ignored; an empty string means "no notes". */
export const ApproveVerificationBody = z.object({ admin_notes: Notes.nullish() }).default({});
export type ApproveVerificationBody = z.infer<typeof ApproveVerificationBody>;

/** `rejection_reason` is checked by the server (400 'La raison du rejet est obligatoire' when blank). */
export const RejectVerificationBody = z.object({
  rejection_reason: Reason.nullish(),
  admin_notes: Notes.nullish(),
});
export type RejectVerificationBody = z.infer<typeof RejectVerificationBody>;

const VerificationIds = z
  .array(
    z
      .number()
      .int()
      .positive({ message: INVALID_ID })
      .max(MAX_ROW_ID, { message: "L'identifiant est trop grand" }),
  )
  .max(500, { message: 'Au plus 500 vérifications par action groupée' })
  .default([]);

export const BulkApproveVerificationsBody = z.object({
  verification_ids: VerificationIds,
  admin_notes: Notes.nullish(),
});
export type BulkApproveVerificationsBody = z.infer<typeof BulkApproveVerificationsBody>;

export const BulkRejectVerificationsBody = z.object({
  verification_ids: VerificationIds,
  rejection_reason: Reason.nullish(),
  admin_notes: Notes.nullish(),
});
export type BulkRejectVerificationsBody = z.infer<typeof BulkRejectVerificationsBody>;

export const BulkVerificationResult = z.object({
  updated: z.array(z.number().int()).describe('Vérifications modifiées'),
  skipped: z
    .array(z.object({ id: z.number().int(), reason: z.string() }))
    .describe('Vérifications laissées telles quelles, avec la raison en français'),
});
export type BulkVerificationResult = z.infer<typeof BulkVerificationResult>;

/** The admin who processed a verification (approved or rejected it). */
export const VerificationProcessor = z.object({ id: z.number().int(), username: z.string() });
export type VerificationProcessor = z.infer<typeof VerificationProcessor>;

const SignedDocumentUrl = z
  .string()
  .nullable()
  .describe('Lien signé et temporaire vers le document (null si absent)');

export const ProviderVerification = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  provider_name: z.string(),
  provider_email: z.string(),
  provider_info: z.object({
    username: z.string(),
    email: z.string(),
    phone_number: z.string().nullable(),
  }),
  is_business: z.boolean(),
  business_name: z.string().nullable(),
  business_nif: z.string().nullable(),
  business_registration_number: z.string().nullable(),
  business_description: z.string().nullable(),
  verification_status: VerificationStatus,
  submitted_at: Timestamp,
  verified_at: Timestamp.nullable(),
  verified_by: VerificationProcessor.nullable(),
  rejection_reason: z.string().nullable(),
  admin_notes: z.string().nullable(),
  document_type: DocumentType,
  id_card_front: SignedDocumentUrl,
  id_card_back: SignedDocumentUrl,
  passport_image: SignedDocumentUrl,
  selfie_image: SignedDocumentUrl,
  is_urgent: z.boolean().describe('En attente depuis plus que le délai « urgent » (72 h par défaut)'),
});
export type ProviderVerification = z.infer<typeof ProviderVerification>;

export const ProviderVerificationFilters = z.object({
  status: VerificationStatusFilter.optional(),
  is_business: QueryBoolean.optional(),
  search: SearchText,
  days: z.coerce
    .number()
    .int()
    .min(1, { message: 'Le nombre de jours doit être compris entre 1 et 3650' })
    .max(3650, { message: 'Le nombre de jours doit être compris entre 1 et 3650' })
    .optional(),
});
export type ProviderVerificationFilters = z.infer<typeof ProviderVerificationFilters>;

export const ProviderVerificationListQuery = paginationQuery(VERIFICATION_PAGE_SIZE).extend(
  ProviderVerificationFilters.shape,
);
export type ProviderVerificationListQuery = z.infer<typeof ProviderVerificationListQuery>;

export const PendingProviderVerificationQuery = paginationQuery(VERIFICATION_PAGE_SIZE).extend({
  is_business: QueryBoolean.optional(),
  search: SearchText,
});
export type PendingProviderVerificationQuery = z.infer<typeof PendingProviderVerificationQuery>;

export const ProviderVerificationPage = pageOf(ProviderVerification);
export type ProviderVerificationPage = z.infer<typeof ProviderVerificationPage>;

export const ProviderVerificationExportQuery = ProviderVerificationFilters.extend({
  format: z.enum(['csv'], { message: 'Seul le format csv est disponible' }).default('csv'),
});
export type ProviderVerificationExportQuery = z.infer<typeof ProviderVerificationExportQuery>;

export const StatusDistribution = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  verified: z.number().int(),
  rejected: z.number().int(),
});
export type StatusDistribution = z.infer<typeof StatusDistribution>;

export const ProviderVerificationStatistics = z.object({
  status_distribution: StatusDistribution,
  urgent_verifications: z.number().int(),
  urgent_after_hours: z
    .number()
    .int()
    .describe('Délai (heures) au-delà duquel une vérification en attente est urgente'),
});
export type ProviderVerificationStatistics = z.infer<typeof ProviderVerificationStatistics>;

export const ProviderVerificationReport = z.object({
  // The filters as applied (plain values: a response schema must not hold the query's transforms).
  filters: ProviderVerificationFilters.partial().extend({
    is_business: z.boolean().optional(),
    search: z.string().optional(),
  }),
  status_distribution: StatusDistribution,
  urgent_verifications: z.number().int(),
  by_account_type: z.object({ business: z.number().int(), individual: z.number().int() }),
  by_document_type: z.object({ id_card: z.number().int(), passport: z.number().int() }),
  by_month: z
    .array(
      z.object({
        month: z.string().describe('YYYY-MM (UTC) du dépôt'),
        total: z.number().int(),
        pending: z.number().int(),
        verified: z.number().int(),
        rejected: z.number().int(),
      }),
    )
    .describe('Dépôts par mois, du plus ancien au plus récent'),
  average_processing_hours: z
    .number()
    .nullable()
    .describe(
      'Délai moyen (heures) entre le dépôt et la décision, sur les vérifications traitées ; null sans décision',
    ),
  urgent_after_hours: z.number().int(),
});
export type ProviderVerificationReport = z.infer<typeof ProviderVerificationReport>;

export const PendingVerificationSummary = z.object({
  id: z.number().int(),
  provider_name: z.string(),
  provider_email: z.string(),
  is_business: z.boolean(),
  submitted_at: Timestamp,
  is_urgent: z.boolean(),
});
export type PendingVerificationSummary = z.infer<typeof PendingVerificationSummary>;

export const VerificationDashboard = z.object({
  providers: z.object({
    pending: z.number().int(),
    urgent: z.number().int(),
    processed_today: z.number().int().describe('Approuvées ou rejetées depuis minuit (UTC)'),
    processed_this_week: z.number().int().describe('Approuvées ou rejetées depuis lundi 00:00 (UTC)'),
  }),
  clients: z.object({ pending: z.number().int(), urgent: z.number().int() }),
  latest_pending: z
    .array(PendingVerificationSummary)
    .describe('Les 5 dernières vérifications prestataires en attente'),
  urgent_after_hours: z.number().int(),
});
export type VerificationDashboard = z.infer<typeof VerificationDashboard>;

export const ClientVerification = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  client_name: z.string(),
  full_name: z.string(),
  client_email: z.string(),
  user_info: z.object({ username: z.string(), email: z.string() }),
  document_type: DocumentType,
  id_card_front: SignedDocumentUrl,
  id_card_back: SignedDocumentUrl,
  passport_image: SignedDocumentUrl,
  verification_status: VerificationStatus,
  submitted_at: Timestamp,
  verified_at: Timestamp.nullable(),
  verified_by: VerificationProcessor.nullable(),
  rejection_reason: z.string().nullable(),
  admin_notes: z.string().nullable(),
  is_urgent: z.boolean().describe('En attente depuis plus que le délai « urgent » (72 h par défaut)'),
});
export type ClientVerification = z.infer<typeof ClientVerification>;

export const ClientVerificationListQuery = paginationQuery(VERIFICATION_PAGE_SIZE).extend({
  verification_status: VerificationStatusFilter.optional(),
  document_type: DocumentType.optional(),
  search: SearchText,
});
export type ClientVerificationListQuery = z.infer<typeof ClientVerificationListQuery>;

export const ClientVerificationPage = pageOf(ClientVerification);
export type ClientVerificationPage = z.infer<typeof ClientVerificationPage>;

export const ClientVerificationStats = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  verified: z.number().int(),
  rejected: z.number().int(),
  urgent: z.number().int(),
  urgent_after_hours: z.number().int(),
});
export type ClientVerificationStats = z.infer<typeof ClientVerificationStats>;

/** Query of a signed document link: `/api/documents/<key>?expires=<unix seconds>&signature=<hex>`. */
export const SignedDocumentQuery = z.object({
  expires: z.string().regex(/^\d{1,12}$/, { message: "Date d'expiration invalide" }),
  signature: z.string().regex(/^[0-9a-f]{64}$/, { message: 'Signature invalide' }),
});
export type SignedDocumentQuery = z.infer<typeof SignedDocumentQuery>;

/** Path of a signed document link: the storage key after `/api/documents/`. */
export const SignedDocumentParams = z.object({
  '*': z.string().max(300, { message: 'Clé de document invalide' }).describe('Clé du document'),
});
export type SignedDocumentParams = z.infer<typeof SignedDocumentParams>;

/** A file answer (CSV export, document): sent as a stream, not JSON. */
export const FileResponse = z.unknown().describe('Fichier (flux binaire ou texte, pas du JSON)');
