import { formatCount, formatNumber } from './format';

export const DEFAULT_PAGE_SIZE = 10;

/** Number of pages of a list (at least 1, so an empty list still has page 1). */
export function countPages(total: number, pageSize: number): number {
  if (pageSize <= 0) return 1;
  return Math.max(1, Math.ceil(total / pageSize));
}

export interface PageRange {
  /** 1-based index of the first item shown, 0 when there is none. */
  from: number;
  /** 1-based index of the last item shown, 0 when there is none. */
  to: number;
  total: number;
}

/** The items a page shows: page 2 of size 10 over 42 items shows 11 to 20. */
export function getPageRange(page: number, pageSize: number, total: number): PageRange {
  if (total <= 0 || pageSize <= 0) return { from: 0, to: 0, total: Math.max(0, total) };
  const from = Math.min((page - 1) * pageSize + 1, total);
  const to = Math.min(page * pageSize, total);
  return { from, to, total };
}

/** 'Affichage de 11 à 20 sur 42 résultats' */
export function formatPageRange(page: number, pageSize: number, total: number, capped = false): string {
  const range = getPageRange(page, pageSize, total);
  return `Affichage de ${formatNumber(range.from)} à ${formatNumber(range.to)} sur ${formatCount(range.total, capped)} résultats`;
}

/**
 * What a list found, said to screen readers when it changes (a filter applied, a page loaded):
 * 'Aucun résultat', '1 résultat', '42 résultats', 'plus de 1 000 résultats'.
 */
export function formatResultCount(total: number, capped = false): string {
  if (total === 0 && !capped) return 'Aucun résultat';
  return `${formatCount(total, capped)} ${total === 1 && !capped ? 'résultat' : 'résultats'}`;
}

/**
 * Sliding window of page buttons (disputes, projects): at most `maxButtons` consecutive pages, the
 * current one placed as centrally as the ends allow.
 */
export function getSlidingPageWindow(currentPage: number, totalPages: number, maxButtons = 4): number[] {
  if (totalPages <= 0) return [];
  let start = Math.max(1, currentPage - Math.floor(maxButtons / 2));
  const end = Math.min(totalPages, start + maxButtons - 1);
  if (end - start + 1 < maxButtons) start = Math.max(1, end - maxButtons + 1);
  const pages: number[] = [];
  for (let page = start; page <= end; page += 1) pages.push(page);
  return pages;
}

export const ELLIPSIS = 'ellipsis';
export type PageItem = number | typeof ELLIPSIS;

/**
 * Page buttons of the providers screen: pages 1 to 3, the last 2 pages and those within 2 of the
 * current page; each run of skipped pages becomes one ellipsis.
 */
export function getEllipsisPageItems(currentPage: number, totalPages: number): PageItem[] {
  const items: PageItem[] = [];
  for (let page = 1; page <= totalPages; page += 1) {
    const shown = page <= 3 || page > totalPages - 2 || Math.abs(page - currentPage) <= 2;
    if (shown) items.push(page);
    else if (items.at(-1) !== ELLIPSIS) items.push(ELLIPSIS);
  }
  return items;
}
