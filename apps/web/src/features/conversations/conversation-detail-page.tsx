import type { ConversationMessage } from '@kwanza/contract';
import { ActionIcon, Alert, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconArrowLeft, IconCheck, IconLock } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { openConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState } from '../../components/empty-state';
import { ErrorAlert } from '../../components/error-alert';
import { ObjectHistory } from '../../components/object-history';
import { PendingState } from '../../components/query-state';
import { errorMessage } from '../../lib/api-errors';
import { formatDateTime } from '../../lib/format';
import { ApiError } from '../../lib/http';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useCloseConversation } from './api/close-conversation';
import { useDeleteMessage } from './api/delete-message';
import { useConversation } from './api/get-conversation';
import { useMessages } from './api/list-messages';
import { useMarkAllRead } from './api/mark-read';
import { MessageComposer } from './components/message-composer';
import { MessageThread } from './components/message-thread';

function failed(title: string) {
  return (error: unknown) => notifyError(errorMessage(error, title));
}

export default function ConversationDetailPage() {
  const id = useParams().conversationId ?? '';
  useDocumentTitle(`Conversation #${id} · Kwanza Admin`);
  const conversation = useConversation(id);
  const messages = useMessages(id, conversation.isSuccess);
  const markAllRead = useMarkAllRead(id);
  const close = useCloseConversation(id);
  const deleteMessage = useDeleteMessage();

  if (conversation.isPending) return <PendingState query={conversation} />;
  if (conversation.isError) {
    const missing =
      conversation.error instanceof ApiError &&
      (conversation.error.status === 404 || conversation.error.status === 400);
    return missing ? (
      <EmptyState title="Conversation non trouvée" titleOrder={1}>
        <Button component={Link} to="/conversations" variant="light" mt="md">
          Retour à la liste
        </Button>
      </EmptyState>
    ) : (
      <ErrorAlert
        message="Impossible de charger la conversation. Veuillez réessayer."
        onRetry={() => void conversation.refetch()}
      />
    );
  }

  const data = conversation.data;
  const closed = data.status !== 'active';

  const confirmClose = () =>
    openConfirmDialog({
      title: 'Fermer la conversation',
      message:
        'Êtes-vous sûr de vouloir fermer cette conversation ? Plus personne ne pourra y écrire, et elle ne pourra pas être rouverte.',
      confirmLabel: 'Fermer conversation',
      destructive: true,
      onConfirm: () =>
        close.mutate(undefined, {
          onSuccess: () => notifySuccess('Conversation fermée'),
          onError: failed('Impossible de fermer la conversation.'),
        }),
    });

  const confirmDelete = (message: ConversationMessage) =>
    openConfirmDialog({
      title: 'Supprimer le message',
      message: 'Êtes-vous sûr de vouloir supprimer ce message ? Cette action est irréversible.',
      confirmLabel: 'Supprimer',
      destructive: true,
      onConfirm: () =>
        deleteMessage.mutate(message.id, {
          onSuccess: () => notifySuccess('Message supprimé'),
          onError: failed('Impossible de supprimer le message.'),
        }),
    });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Group gap="sm" align="flex-start" wrap="nowrap">
          <ActionIcon
            component={Link}
            to="/conversations"
            variant="subtle"
            size="lg"
            aria-label="Retour à la liste des conversations"
          >
            <IconArrowLeft size={20} />
          </ActionIcon>
          <Stack gap={2}>
            <Group gap="xs">
              <Title order={1} size="h2">
                Conversation #{data.id}
              </Title>
              {closed ? (
                <Badge color="gray" leftSection={<IconLock size={12} />}>
                  Fermée
                </Badge>
              ) : null}
            </Group>
            <Text c="dimmed">
              {data.client.full_name} ↔ {data.provider.full_name}
            </Text>
          </Stack>
        </Group>
        <Group gap="sm">
          {data.unread_messages > 0 ? (
            <Button
              variant="light"
              leftSection={<IconCheck size={16} />}
              loading={markAllRead.isPending}
              onClick={() =>
                markAllRead.mutate(undefined, {
                  onError: failed('Impossible de marquer les messages comme lus.'),
                })
              }
            >
              Marquer tout lu ({data.unread_messages})
            </Button>
          ) : null}
          <Button
            color="red"
            variant="light"
            leftSection={<IconLock size={16} />}
            disabled={closed}
            loading={close.isPending}
            onClick={confirmClose}
          >
            Fermer conversation
          </Button>
        </Group>
      </Group>

      <Paper withBorder radius="md" p="sm">
        <Group gap="xl" wrap="wrap">
          <Text size="sm">
            <Text span c="dimmed">
              Client :{' '}
            </Text>
            {data.client.email}
          </Text>
          <Text size="sm">
            <Text span c="dimmed">
              Prestataire :{' '}
            </Text>
            {data.provider.email}
          </Text>
          <Text size="sm">
            <Text span c="dimmed">
              Messages :{' '}
            </Text>
            {data.total_messages}
          </Text>
          <Text size="sm">
            <Text span c="dimmed">
              Créée le :{' '}
            </Text>
            {formatDateTime(data.created_at)}
          </Text>
        </Group>
      </Paper>

      <Paper withBorder radius="md" p="sm">
        {messages.isError ? (
          <ErrorAlert
            message="Impossible de charger les messages. Veuillez réessayer."
            onRetry={() => void messages.refetch()}
          />
        ) : messages.data ? (
          <MessageThread messages={messages.data} onDelete={confirmDelete} />
        ) : (
          <PendingState query={messages} />
        )}
      </Paper>

      {closed ? (
        <Alert color="gray" icon={<IconLock size={16} />}>
          Cette conversation est fermée : plus personne ne peut y écrire.
        </Alert>
      ) : (
        <MessageComposer conversationId={id} />
      )}

      <Paper withBorder radius="md" p="lg">
        <ObjectHistory type="conversation" id={data.id} />
      </Paper>
    </Stack>
  );
}
