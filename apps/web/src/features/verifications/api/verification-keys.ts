import type { ClientVerificationListQuery, ProviderVerificationListQuery } from '@kwanza/contract';

/**
 * TanStack Query replaces the spec's 5-minute verification cache helper: lists and statistics stay
 * fresh for 5 minutes, and every action invalidates everything under ['verifications'].
 */
export const VERIFICATION_STALE_TIME = 5 * 60 * 1000;

/**
 * Details carry signed document links that expire after a few minutes (DOCUMENT_URL_TTL_SECONDS,
 * 300 s by default): they are considered fresh for one minute only, so an opened detail never shows
 * expired image links.
 */
export const VERIFICATION_DETAIL_STALE_TIME = 60 * 1000;

/** Verification lists have no default page size in the spec; the console shows 20 per page. */
export const VERIFICATION_PAGE_SIZE = 20;

/** What the provider list sends: the contract's list query, every field optional (the server has defaults). */
export type ProviderVerificationListParams = Partial<ProviderVerificationListQuery>;

/** What the client list sends: the contract's list query, every field optional (the server has defaults). */
export type ClientVerificationListParams = Partial<ClientVerificationListQuery>;
