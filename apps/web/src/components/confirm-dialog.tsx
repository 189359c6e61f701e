import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';

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

/** Asks for a confirmation in a modal ('Confirmer' / 'Annuler') before an action. Returns the modal id. */
export function openConfirmDialog(options: ConfirmDialogOptions): string {
  return modals.openConfirmModal({
    title: options.title,
    centered: true,
    children:
      typeof options.message === 'string' ? <Text size="sm">{options.message}</Text> : options.message,
    labels: { confirm: options.confirmLabel ?? 'Confirmer', cancel: options.cancelLabel ?? 'Annuler' },
    confirmProps: options.destructive ? { color: 'red' } : {},
    onConfirm: options.onConfirm,
    onCancel: options.onCancel,
  });
}
