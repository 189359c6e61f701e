import type { Provider } from '@kwanza/contract';
import { Button, Group, Select, SimpleGrid } from '@mantine/core';
import { useState } from 'react';
import { EmptyState } from '../../components/empty-state';
import { ListView } from '../../components/list-view';
import { PageHeader } from '../../components/page-header';
import { loadedData } from '../../components/query-state';
import { SearchInput } from '../../components/search-input';
import { StatGrid } from '../../components/stat-grid';
import { formatCount } from '../../lib/format';
import { useListParams } from '../../lib/list-params';
import { announce, notifyError } from '../../lib/notify';
import { useProviders } from './api/list-providers';
import { useSetProviderVerified } from './api/set-provider-verified';
import { ProviderCard } from './components/provider-card';
import { ProviderDetailsModal } from './components/provider-details-modal';
import { providerName } from './components/provider-text';
import { isVerifiedFilter, PROVIDER_LIST_PARAMS, PROVIDERS_PAGE_SIZE } from './provider-list-params';

export const PROVIDER_SEARCH_DEBOUNCE_MS = 500;

const STATUS_OPTIONS = [
  { value: '', label: 'Tous les statuts' },
  { value: 'verified', label: 'Vérifiés' },
  { value: 'pending', label: 'En attente' },
];

export default function ProvidersPage() {
  const list = useListParams(PROVIDER_LIST_PARAMS);
  const { params, update, stage } = list;
  const [detailed, setDetailed] = useState<Provider | null>(null);
  const [pendingId, setPendingId] = useState<number | null>(null);
  const providers = useProviders({
    page: params.page,
    page_size: PROVIDERS_PAGE_SIZE,
    search: params.search,
    is_verified: isVerifiedFilter(params.status),
  });
  const verification = useSetProviderVerified();
  const page = loadedData(providers);
  const filtered = Boolean(params.search || params.status);

  const toggleVerified = (provider: Provider) => {
    setPendingId(provider.id);
    verification.mutate(
      { id: provider.id, isVerified: !provider.is_verified },
      {
        onSuccess: (updated) => {
          if (detailed?.id === updated.id) setDetailed(updated);
          announce(`${providerName(updated)} : ${updated.is_verified ? 'vérifié' : 'vérification retirée'}`);
        },
        onError: () =>
          notifyError('Une erreur est survenue lors de la mise à jour du statut de vérification.'),
        onSettled: () => setPendingId(null),
      },
    );
  };

  return (
    <>
      <PageHeader
        title="Gestion des prestataires"
        description={
          page
            ? `Un total de ${formatCount(page.count, page.count_capped)} prestataire(s) trouvé(s)`
            : undefined
        }
      />
      <StatGrid
        cols={{ base: 1, sm: 3 }}
        items={[
          { label: 'Total', value: page?.stats?.total },
          { label: 'Vérifiés', value: page?.stats?.verified },
          { label: 'En attente', value: page?.stats?.pending },
        ]}
      />
      <Group align="flex-end" gap="sm" mb="md">
        <SearchInput
          label="Recherche"
          placeholder="Nom, entreprise, ville, email..."
          value={params.search ?? ''}
          onSearch={(search) => update({ search })}
          onDraftChange={(search) => stage({ search })}
          syncKey={list.urlKey}
          debounceMs={PROVIDER_SEARCH_DEBOUNCE_MS}
        />
        <Select
          label="Statut"
          data={STATUS_OPTIONS}
          value={params.status ?? ''}
          allowDeselect={false}
          onChange={(value) =>
            update({ status: PROVIDER_LIST_PARAMS.schema.shape.status.parse(value || undefined) })
          }
          w={200}
        />
        {filtered ? (
          <Button variant="default" onClick={() => update({ search: undefined, status: undefined })}>
            Réinitialiser
          </Button>
        ) : null}
      </Group>
      <ListView
        query={providers}
        page={params.page}
        pageSize={PROVIDERS_PAGE_SIZE}
        onPageChange={(next, options) => update({ page: next }, options)}
        errorMessage="Impossible de charger les prestataires. Veuillez réessayer."
        pagination="ellipsis"
        empty={
          <EmptyState
            title="Aucun prestataire trouvé"
            description={
              filtered
                ? 'Essayez de modifier vos critères de recherche'
                : "Aucun prestataire n'est encore inscrit"
            }
          />
        }
      >
        {(data) => (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {data.results.map((provider) => (
              <ProviderCard
                key={provider.id}
                provider={provider}
                pending={pendingId === provider.id}
                onShowDetails={setDetailed}
                onToggleVerified={toggleVerified}
              />
            ))}
          </SimpleGrid>
        )}
      </ListView>
      <ProviderDetailsModal provider={detailed} onClose={() => setDetailed(null)} />
    </>
  );
}
