import type { ReportType } from '@kwanza/contract';
import { Group, Text } from '@mantine/core';
import { IconBriefcase, IconMessageStar, IconUser } from '@tabler/icons-react';
import { StatusBadge } from '../../../components/status-badge';
import { REPORT_STATUS_LABELS, REPORT_TYPE_LABELS } from '../../../lib/labels';

const TYPE_ICONS: Record<ReportType, typeof IconUser> = {
  provider: IconBriefcase,
  user: IconUser,
  review: IconMessageStar,
};

/** En attente, En cours d'examen, Résolu, Rejeté; a status the console does not know is shown raw. */
export function ReportStatusBadge({ status }: { status: string }) {
  const known = (REPORT_STATUS_LABELS as Record<string, { label: string; color: string } | undefined>)[
    status
  ];
  return <StatusBadge label={known?.label ?? status} color={known?.color ?? 'gray'} />;
}

/** The type with its icon: Prestataire, Utilisateur, Avis. */
export function ReportTypeLabel({ type }: { type: ReportType }) {
  const Icon = TYPE_ICONS[type];
  return (
    <Group gap={6} wrap="nowrap">
      <Icon size={16} aria-hidden />
      <Text size="sm">{REPORT_TYPE_LABELS[type].label}</Text>
    </Group>
  );
}
