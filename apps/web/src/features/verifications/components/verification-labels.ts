import type { DocumentType, VerificationStatusFilter } from '@kwanza/contract';
import type { MantineColor } from '@mantine/core';

export const STATUS_LABELS: Record<VerificationStatusFilter, { label: string; color: MantineColor }> = {
  pending: { label: 'En attente', color: 'yellow' },
  verified: { label: 'Vérifié', color: 'green' },
  rejected: { label: 'Rejeté', color: 'red' },
  not_started: { label: 'Non démarré', color: 'gray' },
};

/** id_card is shown 'Carte d'identité', any other type 'Passeport'. */
export function documentTypeLabel(type: DocumentType | string): string {
  return type === 'id_card' ? "Carte d'identité" : 'Passeport';
}

export const STATUS_OPTIONS = [
  { value: '', label: 'Tous les statuts' },
  { value: 'pending', label: 'En attente' },
  { value: 'verified', label: 'Vérifié' },
  { value: 'rejected', label: 'Rejeté' },
  { value: 'not_started', label: 'Non démarré' },
];
