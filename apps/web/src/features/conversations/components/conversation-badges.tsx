import type { AdminConversation, SenderType } from '@kwanza/contract';
import { Badge, type MantineColor } from '@mantine/core';
import { IconHeadset, IconTool, IconUser } from '@tabler/icons-react';

/** French name and colour of each sender type (the thread is coloured by it). */
export const SENDER_TYPES: Record<SenderType, { label: string; color: MantineColor }> = {
  admin: { label: 'Administrateur', color: 'grape' },
  provider: { label: 'Prestataire', color: 'blue' },
  client: { label: 'Client', color: 'teal' },
};

export function SenderIcon({ type, size = 16 }: { type: SenderType; size?: number }) {
  const { label, color } = SENDER_TYPES[type];
  const Icon = type === 'admin' ? IconHeadset : type === 'provider' ? IconTool : IconUser;
  return <Icon size={size} aria-label={label} role="img" color={`var(--mantine-color-${color}-6)`} />;
}

/** 'n non lu(s)' while the team has unread messages; else 'Active', or 'Lu' for any other status. */
export function ConversationStateBadge({ conversation }: { conversation: AdminConversation }) {
  if (conversation.unread_messages > 0) {
    return (
      <Badge color="red" variant="filled">
        {conversation.unread_messages} non lu(s)
      </Badge>
    );
  }
  return conversation.status === 'active' ? (
    <Badge color="green" variant="light">
      Active
    </Badge>
  ) : (
    <Badge color="gray" variant="light">
      Lu
    </Badge>
  );
}
