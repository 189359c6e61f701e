import type { Provider } from '@kwanza/contract';
import { Button, Group, Paper, Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { EmptyState } from '../../components/empty-state';
import { ErrorAlert } from '../../components/error-alert';
import { LoadingState } from '../../components/loading-state';
import { PageHeader } from '../../components/page-header';
import { PaginationFooter } from '../../components/pagination-footer';
import { formatCount, formatNumber } from '../../lib/format';
import { useLastPageClamp } from '../../lib/use-last-page-clamp';
import { useProviders } from './api/list-providers';
import { useSetProviderVerified } from './api/set-provider-verified';
import { ProviderCard } from './components/provider-card';
import { ProviderDetailsModal } from './components/provider-details-modal';
import {
  PROVIDERS_PAGE_SIZE,
  type ProviderStatusFilter,
  useProviderListParams,
} from './use-provider-list-params';

export const PROVIDER_SEARCH_DEBOUNCE_MS = 500;

const STATUS_OPTIONS = [
  { value: 'all', label: 'Tous les statuts' },
  { value: 'verified', label: 'Vérifiés' },
  { value: 'pending', label: 'En attente' },
];

function Counter({ label, value }: { label: string; value: number | undefined }) {
  return (
    <Paper withBorder p="md" radius="md" role="group" aria-label={label}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="xl">
        {value === undefined ? '—' : formatNumber(value)}
      </Text>
    </Paper>
  );
}

export default function ProvidersPage() {
  const [params, setParams] = useProviderListParams();
  const [draft, setDraft] = useState(params.search);
  const [detailed, setDetailed] = useState<Provider | null>(null);
  const [pendingId, setPendingId] = useState<number | null>(null);

  // The URL changed (back, reset, shared link): the box shows its search. The box keeps what is being
  // typed when it only differs by spaces (the applied search is trimmed: 'Ana ' must not become 'Ana').
  useEffect(
    () => setDraft((current) => (current.trim() === params.search ? current : params.search)),
    [params.search],
  );
  const applySearch = useDebouncedCallback((value: string) => {
    setParams({ search: value.trim(), page: 1 });
  }, PROVIDER_SEARCH_DEBOUNCE_MS);

  const providers = useProviders({
    page: params.page,
    page_size: PROVIDERS_PAGE_SIZE,
    search: params.search || undefined,
    is_verified: params.status === '' ? undefined : params.status === 'verified',
  });
  const verification = useSetProviderVerified();

  const page = providers.isError ? undefined : providers.data;
  const results = page?.results ?? [];
  const total = page?.count ?? 0;
  const filtered = Boolean(params.search || params.status || draft.trim());

  // A page past the end (its last card verified away under a status filter, a shared link to a shorter
  // list): show the last page.
  useLastPageClamp({
    page: params.page,
    total,
    pageSize: PROVIDERS_PAGE_SIZE,
    settled: Boolean(page) && !providers.isPlaceholderData,
    goToPage: (last) => setParams({ page: last }, { replace: true }),
  });

  const toggleVerified = (provider: Provider) => {
    setPendingId(provider.id);
    verification.mutate(
      { id: provider.id, isVerified: !provider.is_verified },
      {
        onSuccess: (updated) => {
          if (detailed?.id === updated.id) setDetailed(updated);
        },
        onError: () =>
          notifications.show({
            color: 'red',
            message: 'Une erreur est survenue lors de la mise à jour du statut de vérification.',
          }),
        onSettled: () => setPendingId(null),
      },
    );
  };

  return (
    <>
      <PageHeader
        title="Gestion des prestataires"
        description={
          page ? `Un total de ${formatCount(total, page.count_capped)} prestataire(s) trouvé(s)` : undefined
        }
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }} mb="lg">
        <Counter label="Total" value={page?.stats?.total} />
        <Counter label="Vérifiés" value={page?.stats?.verified} />
        <Counter label="En attente" value={page?.stats?.pending} />
      </SimpleGrid>
      <Group align="flex-end" gap="sm" mb="md">
        <TextInput
          label="Recherche"
          placeholder="Nom, entreprise, ville, email..."
          leftSection={<IconSearch size={16} />}
          value={draft}
          onChange={(event) => {
            setDraft(event.currentTarget.value);
            applySearch(event.currentTarget.value);
          }}
          style={{ flex: 1, minWidth: 220 }}
        />
        <Select
          label="Statut"
          data={STATUS_OPTIONS}
          value={params.status || 'all'}
          allowDeselect={false}
          onChange={(value) => {
            const status: ProviderStatusFilter = value === 'verified' || value === 'pending' ? value : '';
            setParams({ status, page: 1 });
          }}
          w={200}
        />
        {filtered ? (
          <Button
            variant="default"
            onClick={() => {
              applySearch.cancel();
              setDraft('');
              setParams({ search: '', status: '', page: 1 });
            }}
          >
            Réinitialiser
          </Button>
        ) : null}
      </Group>
      {providers.isError ? (
        <ErrorAlert
          message="Impossible de charger les prestataires. Veuillez réessayer."
          onRetry={() => void providers.refetch()}
        />
      ) : providers.isPending ? (
        <LoadingState />
      ) : results.length === 0 ? (
        <EmptyState
          title="Aucun prestataire trouvé"
          description={
            params.search || params.status
              ? 'Essayez de modifier vos critères de recherche'
              : "Aucun prestataire n'est encore inscrit"
          }
        />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {results.map((provider) => (
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
      {page && total > 0 ? (
        <PaginationFooter
          mode="ellipsis"
          page={params.page}
          pageSize={PROVIDERS_PAGE_SIZE}
          capped={page.count_capped}
          total={total}
          onPageChange={(next) => setParams({ page: next })}
        />
      ) : null}
      <ProviderDetailsModal provider={detailed} onClose={() => setDetailed(null)} />
    </>
  );
}
