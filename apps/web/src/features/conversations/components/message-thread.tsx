import type { ConversationMessage } from '@kwanza/contract';
import { ActionIcon, Badge, Group, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { formatDateTime, formatRelativeTime } from '../../../lib/format';
import { SENDER_TYPES } from './conversation-badges';
import classes from './message-thread.module.css';

interface MessageThreadProps {
  messages: readonly ConversationMessage[];
  /** Asks to delete a client's or provider's message (admins' messages have no delete control). */
  onDelete: (message: ConversationMessage) => void;
}

/** The thread, coloured by sender type, scrolled to the latest message. Content is always plain text. */
export function MessageThread({ messages, onDelete }: MessageThreadProps) {
  const viewport = useRef<HTMLDivElement>(null);
  const lastId = messages.at(-1)?.id;

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll again when a message arrives.
  useEffect(() => {
    const element = viewport.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [lastId]);

  if (messages.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        Aucun message
      </Text>
    );
  }
  return (
    <ScrollArea.Autosize mah={520} viewportRef={viewport} type="auto">
      <Stack gap="sm" p="xs" role="log" aria-label="Messages">
        {messages.map((message) => {
          const sender = SENDER_TYPES[message.sender_type];
          return (
            <Paper
              key={message.id}
              className={classes.message}
              withBorder
              p="sm"
              radius="md"
              bg={`var(--mantine-color-${sender.color}-light)`}
              ml={message.is_admin_message ? 'xl' : 0}
              mr={message.is_admin_message ? 0 : 'xl'}
              role="article"
              aria-label={`Message de ${message.sender_name}`}
            >
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                <Group gap={6} wrap="wrap">
                  <Text fw={600} size="sm">
                    {message.sender_name}
                  </Text>
                  <Badge size="xs" variant="light" color={sender.color}>
                    {sender.label}
                  </Badge>
                  {message.is_read ? null : (
                    <Badge size="xs" color="red">
                      Non lu
                    </Badge>
                  )}
                  <Text size="xs" c="dimmed">
                    {formatRelativeTime(message.created_at)}
                  </Text>
                </Group>
                {message.is_admin_message ? null : (
                  <ActionIcon
                    className={classes.delete}
                    variant="subtle"
                    color="red"
                    size="sm"
                    aria-label={`Supprimer le message de ${message.sender_name}`}
                    onClick={() => onDelete(message)}
                  >
                    <IconTrash size={14} />
                  </ActionIcon>
                )}
              </Group>
              <Text size="sm" mt={6} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {message.content}
              </Text>
              <Text size="xs" c="dimmed" mt={4}>
                {formatDateTime(message.created_at)}
              </Text>
            </Paper>
          );
        })}
      </Stack>
    </ScrollArea.Autosize>
  );
}
