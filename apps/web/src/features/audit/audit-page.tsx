import { Button, Paper } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { EmptyState } from '../../components/empty-state';
import { ListView } from '../../components/list-view';
import { PageHeader } from '../../components/page-header';
import { loadedData } from '../../components/query-state';
import { useAuditEntries } from '../../lib/audit';
import { formatCount } from '../../lib/format';
import { useListParams } from '../../lib/list-params';
import { notifyError } from '../../lib/notify';
import { useExportAudit } from './api/export-audit';
import { AUDIT_LIST_PARAMS, AUDIT_PAGE_SIZE } from './audit-list-params';
import { AuditEntryDrawer } from './components/audit-entry-drawer';
import { AuditFilters } from './components/audit-filters';
import { AuditTable } from './components/audit-table';

export const AUDIT_LOAD_ERROR = "Impossible de charger le journal d'audit. Veuillez réessayer.";
export const AUDIT_EXPORT_ERROR = "Erreur lors de l'export";

/** /audit: every administrator action and every look at private data, newest first. */
export default function AuditPage() {
  const list = useListParams(AUDIT_LIST_PARAMS);
  const { params, update } = list;
  const { entry, ...filters } = params;
  const entries = useAuditEntries({ ...filters, page_size: AUDIT_PAGE_SIZE });
  const exportCsv = useExportAudit();
  const page = loadedData(entries);
  const filtered = Boolean(
    filters.search ||
      filters.admin ||
      filters.action ||
      filters.object_type ||
      filters.object_id ||
      filters.date_from ||
      filters.date_to,
  );
  const { page: _page, ...exportFilters } = filters;

  return (
    <>
      <PageHeader
        title="Journal d'audit"
        description={
          page
            ? `${formatCount(page.count, page.count_capped)} entrée(s)`
            : entries.isError
              ? undefined
              : 'Chargement...'
        }
        actions={
          <Button
            leftSection={<IconDownload size={16} />}
            loading={exportCsv.isPending}
            onClick={() =>
              exportCsv.mutate(exportFilters, { onError: () => notifyError(AUDIT_EXPORT_ERROR) })
            }
          >
            Exporter CSV
          </Button>
        }
      />
      <Paper withBorder radius="md" p="md">
        <AuditFilters list={list} />
        <ListView
          query={entries}
          page={params.page}
          pageSize={AUDIT_PAGE_SIZE}
          onPageChange={(next, options) => update({ page: next }, options)}
          errorMessage={AUDIT_LOAD_ERROR}
          empty={
            <EmptyState
              title="Aucune entrée trouvée"
              description={
                filtered ? 'Essayez de modifier vos critères de recherche' : "Le journal d'audit est vide"
              }
            />
          }
        >
          {(data) => <AuditTable entries={data.results} onOpen={(id) => update({ entry: id })} />}
        </ListView>
      </Paper>
      <AuditEntryDrawer id={entry} loaded={page?.results ?? []} onClose={() => update({ entry: null })} />
    </>
  );
}
