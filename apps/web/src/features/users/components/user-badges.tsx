import type { User, UserRole, UserVerificationStatus } from '@kwanza/contract';
import type { MantineColor } from '@mantine/core';
import { StatusBadge } from '../../../components/status-badge';

const ROLE_BADGES: Record<UserRole, { label: string; color: MantineColor }> = {
  admin: { label: 'Admin', color: 'grape' },
  provider: { label: 'Prestataire', color: 'blue' },
  client: { label: 'Client', color: 'teal' },
};

export const VERIFICATION_LABELS: Record<UserVerificationStatus, string> = {
  verified: 'Vérifié',
  pending: 'En attente',
  rejected: 'Rejeté',
  not_started: 'Non démarré',
};

const VERIFICATION_COLORS: Record<UserVerificationStatus, MantineColor> = {
  verified: 'green',
  pending: 'yellow',
  rejected: 'red',
  not_started: 'gray',
};

export const ROLE_LABELS: Record<UserRole, string> = {
  admin: 'Admin',
  provider: 'Prestataire',
  client: 'Client',
};

export function RoleBadge({ role }: { role: UserRole }) {
  const badge = ROLE_BADGES[role];
  return <StatusBadge label={badge.label} color={badge.color} />;
}

/** Provider: status of the latest verification; client: phone verified or not; admin: 'Admin'. */
export function UserVerificationBadge({ user }: { user: User }) {
  if (user.role === 'admin') return <StatusBadge label="Admin" color="grape" />;
  if (user.role === 'client') {
    return user.is_phone_verified ? (
      <StatusBadge label="Tél. vérifié" color="green" />
    ) : (
      <StatusBadge label="Tél. non vérifié" color="gray" />
    );
  }
  const status = user.provider_verification.status;
  return <StatusBadge label={VERIFICATION_LABELS[status]} color={VERIFICATION_COLORS[status]} />;
}
