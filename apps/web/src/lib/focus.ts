/*
 * Keyboard focus after an action changed the screen in place (WCAG 2.4.3): the control the admin used
 * may disappear (an 'Approuver' button once approved, a deleted row), and the browser then drops the
 * focus to the page's body, sending a keyboard user back to the top. These helpers put it on the
 * nearest sensible control instead: the same row's next action, or the same action of a neighbouring
 * row.
 */

/** The main region of the shell (shell-layout.tsx), last resort of every focus move. */
export const MAIN_CONTENT_SELECTOR = '#contenu-principal';

/** The attribute naming a control that the focus may be moved to: `data-focus-key="view-12"`. */
export function focusKey(key: string): { 'data-focus-key': string } {
  return { 'data-focus-key': key };
}

export function focusKeySelector(key: string): string {
  return `[data-focus-key="${key}"]`;
}

function isFocusable(element: HTMLElement): boolean {
  return (
    element.isConnected &&
    !element.hasAttribute('disabled') &&
    element.getAttribute('aria-hidden') !== 'true' &&
    !element.closest('[inert]')
  );
}

/** The first element matching one of the selectors, in order, that can take the focus now. */
export function firstFocusable(selectors: readonly string[]): HTMLElement | null {
  for (const selector of selectors) {
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      if (isFocusable(element)) return element;
    }
  }
  return null;
}

/**
 * Focuses, once React has drawn the change, the first available of the selectors (the main region
 * when none is there), unless the admin has moved the focus somewhere else meanwhile.
 */
export function focusSoon(selectors: readonly string[]): void {
  const before = document.activeElement;
  requestAnimationFrame(() => {
    const current = document.activeElement;
    const moved = current !== before && current !== null && current !== document.body && current.isConnected;
    if (moved && !current.closest('[role="dialog"]')) return;
    const target = firstFocusable([...selectors, MAIN_CONTENT_SELECTOR]);
    target?.focus();
  });
}

/**
 * Where the focus goes when the row `id` leaves the list: the row after it, else the row before it
 * (as keys: `delete-12`), for `focusSoon`.
 */
export function neighbourKeys<Row>(
  rows: readonly Row[],
  idOf: (row: Row) => number,
  id: number,
  keyOf: (id: number) => string,
): string[] {
  const index = rows.findIndex((row) => idOf(row) === id);
  if (index < 0) return [];
  const next = rows[index + 1];
  const previous = rows[index - 1];
  return [next, previous].flatMap((row) => (row === undefined ? [] : [focusKeySelector(keyOf(idOf(row)))]));
}

/**
 * After a submit that failed (checks in the browser, or field errors from the server), the first
 * field marked invalid takes the focus: its error message is tied to it and read with it.
 */
export function focusFirstInvalidField(form: HTMLFormElement | null | undefined): void {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
