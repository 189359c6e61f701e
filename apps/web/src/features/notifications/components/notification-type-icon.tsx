import type { NotificationType } from '@kwanza/contract';
import { ThemeIcon } from '@mantine/core';
import {
  IconAlertTriangle,
  IconBriefcase,
  IconCircleCheck,
  IconCircleX,
  IconFileCheck,
  IconFileInvoice,
  IconFileX,
  IconFolderPlus,
  IconGavel,
  IconHeart,
  IconMessage,
  IconMessagePlus,
  IconSettings,
  IconShieldCheck,
  IconShieldQuestion,
  IconShieldX,
  IconStar,
  IconStarFilled,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { labelOf, NOTIFICATION_TYPE_LABELS } from '../../../lib/labels';

type TablerIcon = ComponentType<{ size?: number; stroke?: number }>;

/** An icon for every notification type, the bell's own types included. */
const ICONS: Record<NotificationType, TablerIcon> = {
  message: IconMessage,
  new_message: IconMessagePlus,
  review: IconStar,
  new_review: IconStarFilled,
  favorite: IconHeart,
  dispute: IconAlertTriangle,
  new_dispute: IconGavel,
  system: IconSettings,
  quote_request: IconFileInvoice,
  quote_accepted: IconFileCheck,
  quote_rejected: IconFileX,
  quote_completed: IconFileCheck,
  new_offer: IconBriefcase,
  offer_accepted: IconCircleCheck,
  offer_rejected: IconCircleX,
  new_project: IconFolderPlus,
  verification_pending: IconShieldQuestion,
  verification_approved: IconShieldCheck,
  verification_rejected: IconShieldX,
};

/** The type's icon in its colour, named by the type's French label. */
export function NotificationTypeIcon({ type, size = 32 }: { type: NotificationType; size?: number }) {
  const Icon = ICONS[type] ?? IconSettings;
  const { label, color } = labelOf(NOTIFICATION_TYPE_LABELS, type);
  return (
    <ThemeIcon color={color} variant="light" size={size} radius="xl" role="img" aria-label={label}>
      <Icon size={Math.round(size * 0.55)} />
    </ThemeIcon>
  );
}
