import { Modal, type ModalProps } from '@mantine/core';
import { useEffect, useId, useRef, useSyncExternalStore } from 'react';

/*
 * The dialogs open on screen, in the order they opened: a dialog opened from another one (the
 * document viewer over a verification, a confirmation over the notification form) sits on top.
 * Only the top one answers Escape and keeps the focus in; closing it gives the focus back to the
 * control of the dialog below that opened it. Mantine's own Modal.Stack loses the focus return.
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
 * Every dialog of the console (a Mantine Modal): named by its title, closed by 'Fermer' or Escape,
 * focus kept inside and given back to what opened it, and nested dialogs closed one at a time.
 * Put `data-autofocus` on the control that should get the focus first (the first field of a form,
 * 'Annuler' in a destructive confirmation); without one, the focus goes to 'Fermer'.
 */
export function Dialog({ opened, trapFocus = true, closeOnEscape = true, ...props }: ModalProps) {
  const id = useId();
  const isTop = useIsTopDialog(id);
  /** The control of this dialog that opened a dialog above it. */
  const returnTo = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (!opened) return;
    pushDialog(id);
    return () => removeDialog(id);
  }, [opened, id]);

  useEffect(() => {
    if (!opened) {
      returnTo.current = null;
      return;
    }
    if (!isTop) {
      // A dialog opened above: remember where the focus was in this one.
      if (document.activeElement instanceof HTMLElement) returnTo.current = document.activeElement;
      return;
    }
    const target = returnTo.current;
    returnTo.current = null;
    if (!target) return;
    // Back on top: after the focus trap has focused its first control, go back to the opener.
    const timer = window.setTimeout(() => {
      if (target.isConnected) target.focus({ preventScroll: true });
    });
    return () => window.clearTimeout(timer);
  }, [opened, isTop]);

  return (
    <Modal
      opened={opened}
      // While closing, the trap stays on so that Mantine gives the focus back to the opener.
      trapFocus={trapFocus && (!opened || isTop)}
      closeOnEscape={closeOnEscape && isTop}
      {...props}
    />
  );
}
