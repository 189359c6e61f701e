import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long a new screen may take to show its title (a detail waits for its data). */
const TITLE_WAIT_MS = 10_000;

/** True when the focus is where a move to another screen left it, not somewhere the admin chose since. */
function isLeftBehind(active: Element | null, main: HTMLElement, startedFrom: Element | null): boolean {
  if (active === null || active === document.body || active === startedFrom) return true;
  if (active.closest('[role="dialog"]')) return false;
  return !main.contains(active);
}

/**
 * After each move to another screen (not on the first load, nor when only the query changes), the new
 * screen's level-1 heading takes the focus once it is drawn: a screen reader says the new title, and
 * the next Tab goes into the screen instead of starting again from the top (WCAG 2.4.3). When the
 * admin has already moved on (a field of the new screen, a dialog it opened), the focus stays there.
 */
export function useFocusTitleOnRouteChange(mainId: string): void {
  const { pathname } = useLocation();
  const firstRender = useRef(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each new pathname
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const main = document.getElementById(mainId);
    if (!main) return;
    const startedFrom = document.activeElement;

    const focusTitle = (): boolean => {
      const title = main.querySelector<HTMLElement>('h1');
      if (!title) return false;
      if (isLeftBehind(document.activeElement, main, startedFrom)) {
        title.tabIndex = -1;
        title.focus();
      }
      return true;
    };

    if (focusTitle()) return;
    const observer = new MutationObserver(() => {
      if (focusTitle()) stop();
    });
    const timer = window.setTimeout(() => stop(), TITLE_WAIT_MS);
    function stop() {
      observer.disconnect();
      window.clearTimeout(timer);
    }
    observer.observe(main, { childList: true, subtree: true });
    return stop;
  }, [pathname, mainId]);
}
