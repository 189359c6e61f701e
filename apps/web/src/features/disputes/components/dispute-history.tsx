import type { DisputeStatusChange } from '@kwanza/contract';
import { Paper, Stack, Text, Timeline, Title } from '@mantine/core';
import { formatDateTime } from '../../../lib/format';
import { DISPUTE_STATUS_LABELS, labelOf } from '../../../lib/labels';

function describe(change: DisputeStatusChange): string {
  const to = labelOf(DISPUTE_STATUS_LABELS, change.to_status).label;
  return change.from_status === null
    ? to
    : `${labelOf(DISPUTE_STATUS_LABELS, change.from_status).label} → ${to}`;
}

/** Every status change, oldest first: statuses, admin, time and the note saved with it. */
export function DisputeHistory({ history }: { history: readonly DisputeStatusChange[] }) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="dispute-history-title">
      <Title order={2} size="h4" id="dispute-history-title" mb="md">
        Historique des statuts
      </Title>
      {history.length === 0 ? (
        <Text c="dimmed">Aucun changement de statut</Text>
      ) : (
        <Timeline bulletSize={14} lineWidth={2} active={history.length - 1}>
          {history.map((change) => (
            <Timeline.Item key={change.id} title={describe(change)}>
              <Stack gap={2}>
                <Text size="xs" c="dimmed">
                  {formatDateTime(change.changed_at)} · {change.changed_by?.name ?? 'Administrateur supprimé'}
                </Text>
                {change.resolution_note ? <Text size="sm">{change.resolution_note}</Text> : null}
              </Stack>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Paper>
  );
}
