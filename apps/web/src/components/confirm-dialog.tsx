import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';
import { pushDialog, removeDialog } from './dialog';

interface ConfirmDialogOptions {
  title: string;
  message: ReactNode;
  /** Default 'Confirmer'. */
  confirmLabel?: string;
  /** Default 'Annuler'. */
  cancelLabel?: string;
  /** Red confirm button, for deletions. */
  destructive?: boolean;
  onConfirm: () => void;
  onCancel?: () => void;
}

let confirmations = 0;

/**
 * Asks for a confirmation in a modal ('Confirmer' / 'Annuler') before an action. Returns the modal id.
 * 'Annuler', the safe choice, has the focus first (Enter never confirms by surprise); closing gives
 * the focus back to the control that asked. Opened over another dialog, Escape closes this one only.
 */
export function openConfirmDialog(options: ConfirmDialogOptions): string {
  confirmations += 1;
  const modalId = `confirmation-${confirmations}`;
  pushDialog(modalId);
  return modals.openConfirmModal({
    modalId,
    title: options.title,
    centered: true,
    children:
      typeof options.message === 'string' ? <Text size="sm">{options.message}</Text> : options.message,
    labels: { confirm: options.confirmLabel ?? 'Confirmer', cancel: options.cancelLabel ?? 'Annuler' },
    cancelProps: { 'data-autofocus': true },
    confirmProps: options.destructive ? { color: 'red' } : {},
    onConfirm: options.onConfirm,
    onCancel: options.onCancel,
    onClose: () => removeDialog(modalId),
  });
}
