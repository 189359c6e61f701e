import type { Report } from '@kwanza/contract';
import { Button, Group, Paper } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { EmptyState } from '../../components/empty-state';
import { ErrorAlert } from '../../components/error-alert';
import { LoadingState } from '../../components/loading-state';
import { PageHeader } from '../../components/page-header';
import { loadedData } from '../../components/query-state';
import { useListParams } from '../../lib/list-params';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useReports } from './api/list-reports';
import { useUpdateReportStatus } from './api/update-report-status';
import { ReportDetailModal } from './components/report-detail-modal';
import { ReportFilters } from './components/report-filters';
import { ReportsPager } from './components/reports-pager';
import { ReportsTable } from './components/reports-table';
import { REPORT_LIST_PARAMS, REPORTS_PAGE_SIZE } from './report-list-params';

/** The load error of the list shows for this long (section 8). */
const LOAD_ERROR_MS = 5000;
const MESSAGE_MS = 5000;

/** True from a failed load until LOAD_ERROR_MS later. */
function useTransientError(isError: boolean, errorUpdatedAt: number): boolean {
  const [shown, setShown] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new failure (errorUpdatedAt) shows it again
  useEffect(() => {
    if (!isError) {
      setShown(false);
      return;
    }
    setShown(true);
    const timer = setTimeout(() => setShown(false), LOAD_ERROR_MS);
    return () => clearTimeout(timer);
  }, [isError, errorUpdatedAt]);
  return shown;
}

export default function ReportsPage() {
  const list = useListParams(REPORT_LIST_PARAMS);
  const { params, update } = list;
  const reports = useReports({ ...params, page_size: REPORTS_PAGE_SIZE });
  const statusUpdate = useUpdateReportStatus();
  const [opened, setOpened] = useState<Report | null>(null);
  const errorShown = useTransientError(reports.isError, reports.errorUpdatedAt);
  const page = loadedData(reports);

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

  let body: ReactNode;
  if (reports.isError) {
    body = errorShown ? (
      <ErrorAlert message="Impossible de charger les signalements. Veuillez réessayer." />
    ) : (
      <Group justify="center" py="md">
        <Button variant="default" onClick={() => void reports.refetch()}>
          Réessayer
        </Button>
      </Group>
    );
  } else if (!page) {
    body = <LoadingState label="Chargement des signalements..." />;
  } else if (page.results.length === 0) {
    body = <EmptyState title="Aucun signalement trouvé" />;
  } else {
    body = (
      <>
        <ReportsTable reports={page.results} onOpen={setOpened} />
        <ReportsPager
          page={params.page}
          pageSize={REPORTS_PAGE_SIZE}
          total={page.count}
          onPageChange={(next) => update({ page: next })}
        />
      </>
    );
  }

  return (
    <>
      <PageHeader title="Gestion des signalements" />
      <Paper withBorder radius="md" p="md">
        <ReportFilters list={list} />
        {body}
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
