import type { DisputeStats } from '@kwanza/contract';
import { Box, Group, Stack, Text, Title } from '@mantine/core';
import { Dialog } from '../../../components/dialog';
import { ErrorAlert } from '../../../components/error-alert';
import { LoadingState } from '../../../components/loading-state';
import { StatGrid } from '../../../components/stat-grid';
import { formatNumber, formatShortMonthYear } from '../../../lib/format';
import { DISPUTE_STATUS_LABELS } from '../../../lib/labels';
import { useDisputeStats } from '../api/get-dispute-stats';

/** '36 h' under two days, else '3,5 j (84 h)'. */
export function formatResolutionTime(hours: number | null): string {
  if (hours === null) return 'Aucun litige résolu';
  if (hours < 48) return `${formatNumber(hours)} h`;
  return `${formatNumber(Math.round((hours / 24) * 10) / 10)} j (${formatNumber(Math.round(hours))} h)`;
}

/** Disputes opened per month as horizontal bars, readable as a list by screen readers. */
function MonthlyBars({ monthly }: { monthly: DisputeStats['monthly'] }) {
  const highest = Math.max(1, ...monthly.map((month) => month.count));
  return (
    <Stack
      gap={4}
      component="ul"
      aria-label="Litiges ouverts par mois"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
    >
      {monthly.map(({ month, count }) => (
        <Group key={month} component="li" gap="sm" wrap="nowrap">
          <Text size="sm" w={90}>
            {formatShortMonthYear(month)}
          </Text>
          <Box
            h={12}
            w={`${Math.max(2, (count / highest) * 100)}%`}
            maw={260}
            bg={count === 0 ? 'gray.3' : 'indigo.6'}
            style={{ borderRadius: 4 }}
            aria-hidden
          />
          <Text size="sm" fw={600}>
            {formatNumber(count)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/** 'Statistiques détaillées': counts per status, disputes per month, median time to resolution. */
export function DisputeStatsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const stats = useDisputeStats(opened);
  return (
    <Dialog opened={opened} onClose={onClose} title="Statistiques des litiges" size="lg">
      {stats.isError ? (
        <ErrorAlert message="Impossible de charger les statistiques." onRetry={() => void stats.refetch()} />
      ) : !stats.data ? (
        <LoadingState />
      ) : (
        <Stack gap="md">
          <StatGrid
            cols={{ base: 2, sm: 3 }}
            items={[
              { label: 'Total', value: stats.data.total },
              ...(['open', 'under_review', 'resolved', 'closed'] as const).map((status) => ({
                label: DISPUTE_STATUS_LABELS[status].label,
                value: stats.data.by_status[status],
              })),
            ]}
          />
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              Temps médian de résolution
            </Text>
            <Text fw={700} fz="lg">
              {formatResolutionTime(stats.data.median_resolution_hours)}
            </Text>
            <Text size="xs" c="dimmed">
              Sur {formatNumber(stats.data.resolved_count)} litiges résolus ou fermés
            </Text>
          </Stack>
          <Title order={3} size="h4">
            Litiges ouverts par mois
          </Title>
          <MonthlyBars monthly={stats.data.monthly} />
        </Stack>
      )}
    </Dialog>
  );
}
