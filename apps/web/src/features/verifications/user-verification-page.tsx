import { Badge, Button, Tabs } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { notifyError } from '../../lib/notify';
import { useExportProviderVerifications } from './api/export-provider-verifications';
import { useClientVerificationStats } from './api/get-client-verification-stats';
import { useProviderVerificationStatistics } from './api/get-provider-verification-statistics';
import { ClientVerificationsPanel } from './components/client-verifications-panel';
import { ProviderVerificationDetailModal } from './components/provider-verification-detail-modal';
import { ProviderVerificationsPanel } from './components/provider-verifications-panel';
import { isBusinessFilter, useVerificationParams, type VerificationTab } from './use-verification-params';

export const EXPORT_ERROR = "Erreur lors de l'export";

function PendingBadge({ count }: { count: number | undefined }) {
  if (count === undefined) return null;
  return (
    <Badge color="yellow" size="sm" circle={count < 10} aria-label={`${count} en attente`}>
      {count}
    </Badge>
  );
}

/** /user-verification: provider and client verifications in two tabs. */
export default function UserVerificationPage() {
  const { params, update } = useVerificationParams();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const providerStatistics = useProviderVerificationStatistics();
  const clientStats = useClientVerificationStats();
  const exportCsv = useExportProviderVerifications();

  const switchTab = (tab: VerificationTab) => {
    // A new tab starts clean: no filters, no selection, no open detail.
    setSelected(new Set());
    update({ tab, status: '', type: '', search: '', page: 1, verification: null, client: null });
  };

  const downloadExport = () =>
    exportCsv.mutate(
      {
        status: params.status || undefined,
        is_business: isBusinessFilter(params.type),
        search: params.search || undefined,
      },
      { onError: () => notifyError(EXPORT_ERROR, 'Erreur') },
    );

  return (
    <>
      <PageHeader
        title="Gestion des Vérifications"
        actions={
          params.tab === 'providers' ? (
            <Button
              leftSection={<IconDownload size={16} />}
              onClick={downloadExport}
              loading={exportCsv.isPending}
            >
              Exporter CSV
            </Button>
          ) : null
        }
      />
      <Tabs
        value={params.tab}
        onChange={(value) => switchTab(value === 'clients' ? 'clients' : 'providers')}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab
            value="providers"
            rightSection={<PendingBadge count={providerStatistics.data?.status_distribution.pending} />}
          >
            Prestataires
          </Tabs.Tab>
          <Tabs.Tab value="clients" rightSection={<PendingBadge count={clientStats.data?.pending} />}>
            Clients
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="providers">
          <ProviderVerificationsPanel selected={selected} onSelectionChange={setSelected} />
        </Tabs.Panel>
        <Tabs.Panel value="clients">
          <ClientVerificationsPanel identity="name" />
        </Tabs.Panel>
      </Tabs>
      <ProviderVerificationDetailModal
        id={params.verification}
        onClose={() => update({ verification: null })}
      />
    </>
  );
}
