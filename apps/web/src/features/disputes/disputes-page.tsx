import { Button, Paper } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyState } from '../../components/empty-state';
import { ListView } from '../../components/list-view';
import { PageHeader } from '../../components/page-header';
import { loadedData } from '../../components/query-state';
import { StatGrid } from '../../components/stat-grid';
import { formatCount } from '../../lib/format';
import { DISPUTE_STATUS_LABELS } from '../../lib/labels';
import { useListParams } from '../../lib/list-params';
import { useDisputes } from './api/list-disputes';
import { DisputeFilters } from './components/dispute-filters';
import { DisputeStatsModal } from './components/dispute-stats-modal';
import { DisputesTable } from './components/disputes-table';
import { DISPUTE_LIST_PARAMS, DISPUTES_PAGE_SIZE } from './dispute-list-params';

const STATUSES = ['open', 'under_review', 'resolved', 'closed'] as const;

export default function DisputesPage() {
  const list = useListParams(DISPUTE_LIST_PARAMS);
  const { params, update } = list;
  const disputes = useDisputes({ ...params, page_size: DISPUTES_PAGE_SIZE });
  const [statsOpened, setStatsOpened] = useState(false);
  const page = loadedData(disputes);
  const filtered = Boolean(params.search || params.status);

  return (
    <>
      <PageHeader
        title="Gestion des litiges"
        description={
          page
            ? `Total : ${formatCount(page.count, page.count_capped)} litiges`
            : disputes.isError
              ? undefined
              : 'Chargement...'
        }
        actions={
          <Button
            variant="light"
            leftSection={<IconChartBar size={16} />}
            onClick={() => setStatsOpened(true)}
          >
            Statistiques détaillées
          </Button>
        }
      />
      <StatGrid
        items={STATUSES.map((status) => ({
          label: DISPUTE_STATUS_LABELS[status].label,
          value: page?.status_counts[status],
          color: DISPUTE_STATUS_LABELS[status].color,
        }))}
      />
      <Paper withBorder radius="md" p="md">
        <DisputeFilters list={list} />
        <ListView
          query={disputes}
          page={params.page}
          pageSize={DISPUTES_PAGE_SIZE}
          onPageChange={(next, options) => update({ page: next }, options)}
          errorMessage="Impossible de charger les litiges. Veuillez réessayer."
          empty={
            <EmptyState
              title="Aucun litige trouvé"
              description={
                filtered
                  ? 'Essayez de modifier vos critères de recherche'
                  : "Aucun litige n'a encore été signalé"
              }
            />
          }
        >
          {(data) => <DisputesTable disputes={data.results} />}
        </ListView>
      </Paper>
      <DisputeStatsModal opened={statsOpened} onClose={() => setStatsOpened(false)} />
    </>
  );
}
