/*
 * Documents (identity papers, dispute evidence) come as short-lived signed links
 * (`/api/documents/<key>?expires=<unix seconds>&signature=…`, DOCUMENT_URL_TTL_SECONDS on the server,
 * 300 s by default). A screen that keeps such links open refetches them before they expire, so a file
 * clicked after a few minutes still opens instead of answering 403.
 */

/** Fresh links are fetched this long before the first one expires. */
export const SIGNED_LINK_MARGIN_MS = 60_000;
/** Never refetch more often than this, even when a link looks already expired (a clock ahead of the server's). */
export const SIGNED_LINK_MIN_REFRESH_MS = 15_000;

/** When a signed link expires (epoch milliseconds), or undefined for a link without `expires`. */
export function expiryOf(link: string): number | undefined {
  const expires = new URL(link, 'http://localhost').searchParams.get('expires');
  if (!expires || !/^\d+$/.test(expires)) return undefined;
  return Number(expires) * 1000;
}

/**
 * The `refetchInterval` of a query whose answer holds signed links: the time until the first of them
 * expires, less a margin (at least SIGNED_LINK_MIN_REFRESH_MS); false when it holds none.
 */
export function refreshBeforeExpiry(
  links: Iterable<string | null | undefined>,
  now: number = Date.now(),
): number | false {
  let first: number | undefined;
  for (const link of links) {
    const expiry = link ? expiryOf(link) : undefined;
    if (expiry !== undefined && (first === undefined || expiry < first)) first = expiry;
  }
  if (first === undefined) return false;
  return Math.max(first - now - SIGNED_LINK_MARGIN_MS, SIGNED_LINK_MIN_REFRESH_MS);
}
