import type { Report } from '@kwanza/contract';
import { Paper } from '@mantine/core';
import { useState } from 'react';
import { EmptyState } from '../../components/empty-state';
import { ListView } from '../../components/list-view';
import { PageHeader } from '../../components/page-header';
import { useListParams } from '../../lib/list-params';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useReports } from './api/list-reports';
import { useUpdateReportStatus } from './api/update-report-status';
import { ReportDetailModal } from './components/report-detail-modal';
import { ReportFilters } from './components/report-filters';
import { ReportsTable } from './components/reports-table';
import { REPORT_LIST_PARAMS, REPORTS_PAGE_SIZE } from './report-list-params';

/** The load error of the list shows for this long (section 8). */
const LOAD_ERROR_MS = 5000;
const MESSAGE_MS = 5000;

export default function ReportsPage() {
  const list = useListParams(REPORT_LIST_PARAMS);
  const { params, update } = list;
  const reports = useReports({ ...params, page_size: REPORTS_PAGE_SIZE });
  const statusUpdate = useUpdateReportStatus();
  const [opened, setOpened] = useState<Report | null>(null);

  const close = () => {
    statusUpdate.reset();
    setOpened(null);
  };

  const save = (changes: { status: Report['status']; admin_notes: string }) => {
    if (!opened) return;
    statusUpdate.mutate(
      { id: opened.id, body: changes },
      {
        onSuccess: () => {
          setOpened(null);
          notifySuccess('Statut du signalement mis à jour avec succès.', MESSAGE_MS);
        },
        onError: () => notifyError('Impossible de mettre à jour le statut. Veuillez réessayer.'),
      },
    );
  };

  return (
    <>
      <PageHeader title="Gestion des signalements" />
      <Paper withBorder radius="md" p="md">
        <ReportFilters list={list} />
        <ListView
          query={reports}
          page={params.page}
          pageSize={REPORTS_PAGE_SIZE}
          onPageChange={(next, options) => update({ page: next }, options)}
          errorMessage="Impossible de charger les signalements. Veuillez réessayer."
          errorHideAfterMs={LOAD_ERROR_MS}
          loadingLabel="Chargement des signalements..."
          empty={<EmptyState title="Aucun signalement trouvé" />}
          pagination="pages"
        >
          {(data) => <ReportsTable reports={data.results} onOpen={setOpened} />}
        </ListView>
      </Paper>
      <ReportDetailModal
        report={opened}
        saving={statusUpdate.isPending}
        failed={statusUpdate.isError}
        onCancel={close}
        onSave={save}
      />
    </>
  );
}
