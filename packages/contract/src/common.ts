import { z } from 'zod';

/** Every error the API answers: a French `detail`, an optional machine code and per-field messages. */
export const ErrorBody = z.object({
  detail: z.string(),
  code: z.string().optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Largest id a database row can have (32-bit integer columns on PostgreSQL). */
export const MAX_ROW_ID = 2_147_483_647;

/**
 * An integer written as plain decimal digits (or a JSON integer): `0o17`, `0x0f`, `1e1`, ` 15`, `15.0`
 * or `+15` are refused instead of being read as another number. Input of every id and page number
 * taken from a path or a query string.
 */
export function decimalInteger(message: string) {
  return z
    .custom<string | number>(
      (value) =>
        (typeof value === 'number' && Number.isSafeInteger(value)) ||
        (typeof value === 'string' && /^[0-9]{1,15}$/.test(value)),
      { message },
    )
    .transform((value) => Number(value));
}

const ID_MESSAGE = "L'identifiant doit être un entier positif écrit en chiffres décimaux";

/** A row id: a positive 32-bit integer in decimal digits (anything else is a 400, not a database error). */
export const RowId = decimalInteger(ID_MESSAGE).pipe(
  z
    .number()
    .int({ message: ID_MESSAGE })
    .positive({ message: ID_MESSAGE })
    .max(MAX_ROW_ID, { message: "L'identifiant est trop grand" }),
);

export const IdParams = z.object({ id: RowId });
export type IdParams = z.infer<typeof IdParams>;

export const MAX_PAGE_SIZE = 100;

/** `page` and `page_size` query parameters with a per-list default size. */
export function paginationQuery(defaultPageSize: number) {
  return z.object({
    page: decimalInteger('Le numéro de page doit être un entier écrit en chiffres décimaux')
      .pipe(z.number().int().min(1, { message: 'Le numéro de page doit être supérieur ou égal à 1' }))
      .default(1),
    page_size: decimalInteger('La taille de page doit être un entier écrit en chiffres décimaux')
      .pipe(
        z
          .number()
          .int()
          .min(1, { message: 'La taille de page doit être comprise entre 1 et 100' })
          .max(MAX_PAGE_SIZE, { message: 'La taille de page doit être comprise entre 1 et 100' }),
      )
      .default(defaultPageSize),
  });
}

/**
 * A free-text search counts its matches up to this many: past it, `count` is this number and
 * `count_capped` is true (the console shows 'Plus de 1 000'). Totals without a search are exact.
 */
export const SEARCH_COUNT_CAP = 1000;

/** `{count, next, previous, results}` page of any item schema. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    /** Present and true when a search matched more than SEARCH_COUNT_CAP rows. */
    count_capped: z.boolean().optional(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(item),
  });
}
export interface Page<T> {
  count: number;
  count_capped?: boolean;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** Query-string boolean: accepts true/false/1/0. */
export const QueryBoolean = z
  .enum(['true', 'false', '1', '0'], { message: 'Valeur attendue : true ou false' })
  .transform((value) => value === 'true' || value === '1');

/** PostgreSQL text cannot hold a NUL character: text containing one is refused with a 400. */
export function hasNoNulCharacter(value: string | null | undefined): boolean {
  return !value?.includes('\u0000');
}
export const NUL_CHARACTER_MESSAGE = 'Le texte contient un caractère non autorisé';

/** Optional free-text filter: trimmed, empty means absent, no NUL character. */
export const SearchText = z
  .string()
  .trim()
  .max(200, { message: 'La recherche ne peut pas dépasser 200 caractères' })
  .refine((value) => !value.includes('\u0000'), {
    message: 'La recherche contient un caractère non autorisé',
  })
  .optional()
  .transform((value) => (value ? value : undefined));

export const Timestamp = z.string().describe('Date et heure ISO 8601 en UTC');

export const UserRole = z.enum(['client', 'provider', 'admin']);
export type UserRole = z.infer<typeof UserRole>;

export const VerificationStatus = z.enum(['pending', 'verified', 'rejected']);
export type VerificationStatus = z.infer<typeof VerificationStatus>;

/** Verification status as listed for a user: `not_started` when no verification exists. */
export const UserVerificationStatus = z.enum(['verified', 'pending', 'rejected', 'not_started']);
export type UserVerificationStatus = z.infer<typeof UserVerificationStatus>;

export const DocumentType = z.enum(['id_card', 'passport']);
export type DocumentType = z.infer<typeof DocumentType>;

export const ProjectStatus = z.enum(['open', 'in_progress', 'completed', 'cancelled', 'closed', 'paused']);
export type ProjectStatus = z.infer<typeof ProjectStatus>;

export const BudgetRange = z.enum(['moins_500', '500_1000', '1000_10000', '10000_plus', 'sur_devis']);
export type BudgetRange = z.infer<typeof BudgetRange>;

export const OfferStatus = z.enum(['pending', 'accepted', 'rejected', 'withdrawn']);
export type OfferStatus = z.infer<typeof OfferStatus>;

export const DisputeStatus = z.enum(['open', 'under_review', 'resolved', 'closed']);
export type DisputeStatus = z.infer<typeof DisputeStatus>;

export const ReportStatus = z.enum(['pending', 'under_review', 'resolved', 'dismissed']);
export type ReportStatus = z.infer<typeof ReportStatus>;

export const ReportType = z.enum(['provider', 'user', 'review']);
export type ReportType = z.infer<typeof ReportType>;

export const ConversationStatus = z.enum(['active', 'closed']);
export type ConversationStatus = z.infer<typeof ConversationStatus>;

export const SenderType = z.enum(['admin', 'provider', 'client']);
export type SenderType = z.infer<typeof SenderType>;

export const NotificationType = z.enum([
  'message',
  'review',
  'favorite',
  'dispute',
  'system',
  'quote_request',
  'quote_accepted',
  'quote_rejected',
  'quote_completed',
  'new_offer',
  'offer_accepted',
  'offer_rejected',
  'new_message',
  'new_review',
  'new_dispute',
  'new_project',
  'verification_pending',
  'verification_approved',
  'verification_rejected',
]);
export type NotificationType = z.infer<typeof NotificationType>;

export const NotificationPriority = z.enum(['low', 'normal', 'high', 'urgent']);
export type NotificationPriority = z.infer<typeof NotificationPriority>;

export const RelatedObjectType = z.enum(['dispute', 'project', 'provider_verification', 'user']);
export type RelatedObjectType = z.infer<typeof RelatedObjectType>;

const NON_ASCII = /[\u0080-\uffff]/;
const NON_ASCII_CHARACTERS = /[\u0080-\u{10ffff}]/gu;
const ASCII_DIACRITICS = /[\^`]/g;
const DIACRITICS = /\p{Diacritic}/gu;
/** Characters below this code point (Latin, Greek, Cyrillic… some 12,000) keep their folded form. */
const FOLDS_KEPT_BELOW = 0x3000;
const folds = new Map<string, string>();

/** One character without its diacritics: its canonical decomposition, diacritics removed. */
function withoutDiacritics(character: string): string {
  const known = folds.get(character);
  if (known !== undefined) return known;
  const folded = character.normalize('NFD').replace(DIACRITICS, '');
  if ((character.codePointAt(0) ?? 0) < FOLDS_KEPT_BELOW) folds.set(character, folded);
  return folded;
}

/**
 * Lower-case, accent-free form of a text, used for case- and accent-insensitive search on both
 * databases ('Élodie' and 'elodie' both become 'elodie').
 */
export function normalizeSearchText(value: string): string {
  // Plain ASCII (most names, e-mails and phones) needs no decomposition: of its characters only '^'
  // and '`' are diacritics. Several times faster on such text (a million-user seed normalizes
  // millions of them).
  if (!NON_ASCII.test(value)) return value.replace(ASCII_DIACRITICS, '').toLowerCase().trim();
  /* Otherwise each non-ASCII character is decomposed alone (its fold kept): four times faster than
     decomposing the whole text on a French description with a few accents. The same result as
     `value.normalize('NFD').replace(/\p{Diacritic}/gu, '')`, but for the order of two combining marks
     that are not diacritics, written out of canonical order one after the other (NFD sorts them). */
  return value
    .replace(NON_ASCII_CHARACTERS, withoutDiacritics)
    .replace(ASCII_DIACRITICS, '')
    .toLowerCase()
    .trim();
}
