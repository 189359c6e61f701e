import { useEffect, useRef } from 'react';
import { countPages } from './pagination';

export interface LastPageClampOptions {
  /** The page the URL asks for (1-based). */
  page: number;
  /** Rows in the whole filtered list, once known. */
  total: number | undefined;
  pageSize: number;
  /** True once the answer for this page arrived (not a previous page's placeholder data). */
  settled: boolean;
  /** Moves the list to a page (replacing the URL entry). */
  goToPage: (page: number) => void;
}

/**
 * A page past the end of a list (rows removed meanwhile, an old shared link) moves to the last page
 * instead of showing an empty table. Returns true while that move is pending.
 */
export function useLastPageClamp({
  page,
  total,
  pageSize,
  settled,
  goToPage,
}: LastPageClampOptions): boolean {
  const lastPage = countPages(total ?? 0, pageSize);
  const pastTheEnd = settled && total !== undefined && total > 0 && page > lastPage;
  const goToPageRef = useRef(goToPage);
  goToPageRef.current = goToPage;
  useEffect(() => {
    if (pastTheEnd) goToPageRef.current(lastPage);
  }, [pastTheEnd, lastPage]);
  return pastTheEnd;
}
