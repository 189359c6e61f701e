import type { AuditEntry, AuditObjectType } from '@kwanza/contract';
import { Anchor, Group, Loader, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { actionLabel, actorLabel, objectHistoryPath, summarizeEntry, useAuditEntries } from '../lib/audit';
import { formatDateTime } from '../lib/format';

/** Entries shown in a detail screen; the whole history is one link away, on /audit. */
export const HISTORY_SIZE = 10;

export const HISTORY_LOAD_ERROR = "Impossible de charger l'historique.";
export const HISTORY_EMPTY = 'Aucune action enregistrée pour le moment.';

interface ObjectHistoryProps {
  type: AuditObjectType;
  id: number;
  title?: string;
  order?: TitleOrder;
  /** Shown first in the section (a screen's own history lines, such as a verification's dates). */
  children?: ReactNode;
}

function HistoryItem({ entry }: { entry: AuditEntry }) {
  return (
    <Stack component="li" gap={2}>
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={600}>
          {actionLabel(entry.action)}
        </Text>
        <Text size="sm" c="dimmed">
          {formatDateTime(entry.created_at)} · {actorLabel(entry)}
        </Text>
      </Group>
      {summarizeEntry(entry).map((line) => (
        <Text key={line} size="sm">
          {line}
        </Text>
      ))}
      <Anchor component={Link} to={`/audit?entry=${entry.id}`} size="xs">
        Voir l'entrée n° {entry.id} dans le journal
      </Anchor>
    </Stack>
  );
}

/**
 * 'Historique' of one object on its detail screen: the latest entries of the audit journal about it
 * (who did what, when, and the values before and after), newest first.
 */
export function ObjectHistory({ type, id, title = 'Historique', order = 2, children }: ObjectHistoryProps) {
  const headingId = useId();
  const history = useAuditEntries({ object_type: type, object_id: id, page_size: HISTORY_SIZE });
  const page = history.isError ? undefined : history.data;

  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Title order={order} size="h4" id={headingId}>
        {title}
      </Title>
      {children}
      {history.isPending ? (
        <Group gap="xs" role="status">
          <Loader size="xs" />
          <Text size="sm" c="dimmed">
            Chargement de l'historique...
          </Text>
        </Group>
      ) : null}
      {history.isError ? (
        <Text size="sm" c="red.8" role="alert">
          {HISTORY_LOAD_ERROR}
        </Text>
      ) : null}
      {page && page.results.length === 0 ? (
        <Text size="sm" c="dimmed">
          {HISTORY_EMPTY}
        </Text>
      ) : null}
      {page && page.results.length > 0 ? (
        <Stack
          component="ul"
          gap="sm"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-label="Actions enregistrées"
        >
          {page.results.map((entry) => (
            <HistoryItem key={entry.id} entry={entry} />
          ))}
        </Stack>
      ) : null}
      {page && page.count > page.results.length ? (
        <Anchor component={Link} to={objectHistoryPath(type, id)} size="sm">
          Tout l'historique dans le journal d'audit
        </Anchor>
      ) : null}
    </Stack>
  );
}
