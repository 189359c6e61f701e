import { Modal, type ModalProps } from '@mantine/core';
import { useEffect, useId, useSyncExternalStore } from 'react';

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
 * Every dialog of the console (a Mantine Modal): named by its title, closed by 'Fermer' or Escape,
 * focus kept inside and given back to what opened it, and nested dialogs closed one at a time (only
 * the top one answers Escape; each keeps its own focus trap, which acts only while the focus is in
 * it, so the focus return of the top one is never lost).
 * Put `data-autofocus` on the control that should get the focus first (the first field of a form,
 * 'Annuler' in a destructive confirmation); without one, the focus goes to 'Fermer'.
 */
export function Dialog({ opened, closeOnEscape = true, ...props }: ModalProps) {
  const id = useId();
  const isTop = useIsTopDialog(id);

  useEffect(() => {
    if (!opened) return;
    pushDialog(id);
    return () => removeDialog(id);
  }, [opened, id]);

  return <Modal opened={opened} closeOnEscape={closeOnEscape && isTop} {...props} />;
}
