import type { AdminConversation } from '@kwanza/contract';
import { Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn, type DataTableSelection } from '../../../components/data-table';
import { formatDate, formatDateTime, truncate } from '../../../lib/format';
import { ConversationStateBadge, SenderIcon } from './conversation-badges';

/** The last message is cut to this many characters in the list. */
export const LAST_MESSAGE_PREVIEW_LENGTH = 80;

export const partiesOf = (conversation: AdminConversation) =>
  `${conversation.client.full_name} ↔ ${conversation.provider.full_name}`;

const COLUMNS: DataTableColumn<AdminConversation>[] = [
  {
    key: 'parties',
    header: 'Conversation',
    cell: (conversation) => (
      <Stack gap={2}>
        <Text fw={600}>{partiesOf(conversation)}</Text>
        <Text size="xs" c="dimmed">
          {conversation.client.email}
        </Text>
        <Text size="xs" c="dimmed">
          {conversation.provider.email}
        </Text>
      </Stack>
    ),
  },
  {
    key: 'state',
    header: 'Statut',
    cell: (conversation) => <ConversationStateBadge conversation={conversation} />,
    noWrap: true,
  },
  { key: 'duration', header: 'Durée', cell: (conversation) => conversation.duration, noWrap: true },
  {
    key: 'last',
    header: 'Dernier message',
    cell: ({ last_message: last }) =>
      last ? (
        <Stack gap={2}>
          <Group gap={6} wrap="nowrap">
            <SenderIcon type={last.sender_type} />
            <Text size="sm" fw={500}>
              {last.sender_name}
            </Text>
          </Group>
          <Text size="sm">{truncate(last.content, LAST_MESSAGE_PREVIEW_LENGTH)}</Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(last.created_at)}
          </Text>
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          Aucun message
        </Text>
      ),
  },
  { key: 'count', header: 'Messages', cell: (conversation) => conversation.total_messages },
  {
    key: 'created',
    header: 'Créée le',
    cell: (conversation) => formatDate(conversation.created_at),
    noWrap: true,
  },
  {
    key: 'actions',
    header: 'Actions',
    cell: (conversation) => (
      <Button
        component={Link}
        to={`/conversations/${conversation.id}`}
        size="xs"
        variant="light"
        aria-label={`Voir détails de la conversation ${partiesOf(conversation)}`}
      >
        Voir détails
      </Button>
    ),
  },
];

export function ConversationsTable({
  conversations,
  selection,
}: {
  conversations: readonly AdminConversation[];
  selection: DataTableSelection<AdminConversation>;
}) {
  return (
    <DataTable
      rows={conversations}
      rowKey={(conversation) => conversation.id}
      columns={COLUMNS}
      selection={selection}
      label="Conversations"
      minWidth={1000}
    />
  );
}
