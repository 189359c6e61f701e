import type { Page } from '@kwanza/contract';
import type { FastifyRequest } from 'fastify';

export interface PageRequest {
  page: number;
  page_size: number;
}

export function offsetOf({ page, page_size }: PageRequest): number {
  return (page - 1) * page_size;
}

/** The rows a page request covers, as a limit and an offset. */
export function pageWindow(request: PageRequest): { limit: number; offset: number } {
  return { limit: request.page_size, offset: offsetOf(request) };
}

/** Stand-in origin to parse a path; never part of an answer. */
const PARSING_ORIGIN = 'http://kwanza.invalid';

/**
 * URL of the same list with another page, keeping every other query parameter (the
 * `{count, next, previous, results}` convention). Absolute from PUBLIC_URL when it is set, a
 * root-relative path otherwise: never built from the Host header, which the client controls.
 */
function pageUrl(request: FastifyRequest, page: number): string {
  const url = new URL(request.url, PARSING_ORIGIN);
  if (page <= 1) url.searchParams.delete('page');
  else url.searchParams.set('page', String(page));
  const publicUrl = request.server?.config?.publicUrl;
  return `${publicUrl ?? ''}${url.pathname}${url.search}`;
}

/**
 * Builds a page (`count_capped: true` when a search's count stopped at the cap). A page past the end answers an empty `results` with the real `count`, no `next`
 * and a `previous` that points to the last page, so a screen can step back after deletions.
 */
export function buildPage<T>(
  request: FastifyRequest,
  query: PageRequest,
  count: number,
  results: T[],
  countCapped = false,
): Page<T> {
  const lastPage = Math.max(1, Math.ceil(count / query.page_size));
  const next = query.page < lastPage ? pageUrl(request, query.page + 1) : null;
  const previous = query.page > 1 ? pageUrl(request, Math.min(query.page - 1, lastPage)) : null;
  return countCapped
    ? { count, count_capped: true, next, previous, results }
    : { count, next, previous, results };
}
