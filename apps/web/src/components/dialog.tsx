import { Modal, type ModalProps } from '@mantine/core';
import { type RefObject, useEffect, useId, useRef, useSyncExternalStore } from 'react';

/*
 * The dialogs open on screen, in the order they opened: a dialog opened from another one (the
 * document viewer over a verification, a confirmation over the notification form) sits on top.
 * Only the top one answers Escape. (Mantine's own Modal.Stack turns the focus trap of the dialogs
 * below off and on, which loses the focus return of both.)
 */

let openDialogs: readonly string[] = [];
const listeners = new Set<() => void>();

function setOpenDialogs(next: readonly string[]) {
  openDialogs = next;
  for (const listener of listeners) listener();
}

/** Puts a dialog on top of the stack (confirmations register themselves here too). */
export function pushDialog(id: string): void {
  setOpenDialogs([...openDialogs.filter((open) => open !== id), id]);
}

/** Takes a dialog off the stack, wherever it is. */
export function removeDialog(id: string): void {
  if (openDialogs.includes(id)) setOpenDialogs(openDialogs.filter((open) => open !== id));
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True when no dialog opened after this one is still open. */
function useIsTopDialog(id: string): boolean {
  return useSyncExternalStore(
    subscribe,
    () => openDialogs.at(-1) === id,
    () => true,
  );
}

/**
 * Rendered inside a dialog's content, so it unmounts with it once the closing transition ends: if
 * the focus was left nowhere (on the page's body), it goes back to what opened the dialog. Mantine
 * gives the focus back 10 ms after the close, but only when the focus is still where it was at the
 * close: Escape pressed before the dialog took the focus (its trap gives it on a timer) left the focus
 * on the closing dialog, then on the body once it was gone. Measured in Chromium: half of such quick
 * closes of the document viewer lost the focus.
 */
function FocusBackOnUnmount({ opener }: { opener: RefObject<HTMLElement | null> }) {
  useEffect(
    () => () => {
      const target = opener.current;
      const active = document.activeElement;
      if (target?.isConnected && (active === null || active === document.body)) {
        target.focus({ preventScroll: true });
      }
    },
    [opener],
  );
  return null;
}

/**
 * Every dialog of the console (a Mantine Modal): named by its title, closed by 'Fermer' or Escape,
 * focus kept inside and given back to what opened it (even when it is closed before it took the
 * focus), and nested dialogs closed one at a time (only the top one answers Escape; each keeps its own
 * focus trap, which acts only while the focus is in it, so the focus return of the top one is never
 * lost).
 * Put `data-autofocus` on the control that should get the focus first (the first field of a form,
 * 'Annuler' in a destructive confirmation); without one, the focus goes to 'Fermer'.
 */
export function Dialog({ opened, closeOnEscape = true, children, ...props }: ModalProps) {
  const id = useId();
  const isTop = useIsTopDialog(id);
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (!opened) return;
    // Runs before the focus trap's timer moves the focus in: what has the focus opened the dialog.
    const active = document.activeElement;
    opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    pushDialog(id);
    return () => removeDialog(id);
  }, [opened, id]);

  return (
    <Modal opened={opened} closeOnEscape={closeOnEscape && isTop} {...props}>
      {children}
      {props.returnFocus === false ? null : <FocusBackOnUnmount opener={opener} />}
    </Modal>
  );
}
