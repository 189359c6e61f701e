import type { Report } from '@kwanza/contract';
import { Button } from '@mantine/core';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { formatDate, truncate } from '../../../lib/format';
import { ReportStatusBadge, ReportTypeLabel } from './report-labels';

/** Reasons are cut to this many characters in the table. */
export const REASON_PREVIEW_LENGTH = 50;

export function ReportsTable({
  reports,
  onOpen,
}: {
  reports: readonly Report[];
  onOpen: (report: Report) => void;
}) {
  const columns: DataTableColumn<Report>[] = [
    {
      key: 'reason',
      header: 'Signalement',
      cell: (report) => truncate(report.reason, REASON_PREVIEW_LENGTH),
    },
    { key: 'reporter', header: 'Signalé par', cell: (report) => report.reporter_name },
    { key: 'type', header: 'Type', cell: (report) => <ReportTypeLabel type={report.type} /> },
    { key: 'date', header: 'Date', cell: (report) => formatDate(report.created_at), noWrap: true },
    { key: 'status', header: 'Statut', cell: (report) => <ReportStatusBadge status={report.status} /> },
    {
      key: 'actions',
      header: 'Actions',
      cell: (report) => (
        <Button
          size="xs"
          variant="light"
          onClick={() => onOpen(report)}
          aria-label={`Voir détails du signalement ${report.id}`}
        >
          Voir détails
        </Button>
      ),
    },
  ];
  return <DataTable rows={reports} rowKey={(report) => report.id} columns={columns} label="Signalements" />;
}
