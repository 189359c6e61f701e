import type { ProviderVerification } from '@kwanza/contract';
import { Button, Group, Paper, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { LoadingState } from '../../../components/loading-state';
import { PaginationFooter } from '../../../components/pagination-footer';
import { useLastPageClamp } from '../../../lib/use-last-page-clamp';
import { useBulkDecideProviderVerifications } from '../api/bulk-decide-provider-verifications';
import { useDecideProviderVerification } from '../api/decide-provider-verification';
import { useProviderVerificationStatistics } from '../api/get-provider-verification-statistics';
import { useProviderVerifications } from '../api/list-provider-verifications';
import { VERIFICATION_PAGE_SIZE } from '../api/verification-keys';
import { useVerificationParams } from '../use-verification-params';
import { ProviderVerificationsTable } from './provider-verifications-table';
import {
  type VerificationAction,
  VerificationActionDialog,
  type VerificationActionInput,
} from './verification-action-dialog';
import { VerificationFilters } from './verification-filters';
import { VerificationStatCards } from './verification-stat-cards';

export const SELECTION_REQUIRED = 'Au moins une vérification doit être sélectionnée';

const ACCOUNT_OPTIONS = [
  { value: '', label: 'Tous les comptes' },
  { value: 'individual', label: 'Individuel' },
  { value: 'business', label: 'Entreprise' },
];

type PendingAction =
  | { action: 'approve' | 'reject'; row: ProviderVerification }
  | { action: 'bulk-approve' | 'bulk-reject'; ids: number[] };

export function isBusinessFilter(type: string): boolean | undefined {
  if (type === 'business') return true;
  if (type === 'individual') return false;
  return undefined;
}

/** Stat cards, filters, selectable table, selection bar and confirm dialog of provider verifications. */
export function ProviderVerificationsPanel({
  selected,
  onSelectionChange,
}: {
  selected: ReadonlySet<number>;
  onSelectionChange: (selected: Set<number>) => void;
}) {
  const [params, update] = useVerificationParams();
  const [pending, setPending] = useState<PendingAction | null>(null);
  const statistics = useProviderVerificationStatistics();
  const list = useProviderVerifications({
    page: params.page,
    page_size: VERIFICATION_PAGE_SIZE,
    status: params.status || undefined,
    is_business: isBusinessFilter(params.type),
    search: params.search || undefined,
  });
  useLastPageClamp({
    page: params.page,
    total: list.data?.count,
    pageSize: VERIFICATION_PAGE_SIZE,
    settled: Boolean(list.data) && !list.isPlaceholderData,
    goToPage: (last) => update({ page: last }, { replace: true }),
  });
  // Section 8: list and statistics load failures are only logged; the screen keeps what it showed.
  useEffect(() => {
    if (list.error) console.error('Chargement des vérifications prestataires impossible', list.error);
    if (statistics.error)
      console.error('Chargement des statistiques prestataires impossible', statistics.error);
  }, [list.error, statistics.error]);
  const decide = useDecideProviderVerification();
  const bulkDecide = useBulkDecideProviderVerifications();

  const changeFilters = (changes: Parameters<typeof update>[0]) => {
    onSelectionChange(new Set());
    update({ ...changes, page: 1 });
  };

  const confirm = async (input: VerificationActionInput) => {
    if (!pending) return;
    const notes = input.admin_notes ? { admin_notes: input.admin_notes } : {};
    if ('row' in pending) {
      if (pending.action === 'approve')
        await decide.mutateAsync({ action: 'approve', id: pending.row.id, ...notes });
      else
        await decide.mutateAsync({
          action: 'reject',
          id: pending.row.id,
          rejection_reason: input.rejection_reason ?? '',
          ...notes,
        });
      notifications.show({
        color: 'green',
        message: pending.action === 'approve' ? 'Vérification approuvée' : 'Vérification rejetée',
      });
      const next = new Set(selected);
      next.delete(pending.row.id);
      onSelectionChange(next);
      return;
    }
    if (pending.ids.length === 0) throw new Error(SELECTION_REQUIRED);
    const result =
      pending.action === 'bulk-approve'
        ? await bulkDecide.mutateAsync({ action: 'bulk-approve', verification_ids: pending.ids, ...notes })
        : await bulkDecide.mutateAsync({
            action: 'bulk-reject',
            verification_ids: pending.ids,
            rejection_reason: input.rejection_reason ?? '',
            ...notes,
          });
    onSelectionChange(new Set());
    notifications.show({
      color: result.skipped.length > 0 ? 'yellow' : 'green',
      message:
        `${result.updated.length} vérification(s) ${pending.action === 'bulk-approve' ? 'approuvée(s)' : 'rejetée(s)'}` +
        (result.skipped.length > 0
          ? ` ; ignorée(s) : ${result.skipped.map((item) => `n° ${item.id} (${item.reason})`).join(', ')}`
          : ''),
    });
  };

  const openBulk = (action: 'bulk-approve' | 'bulk-reject') => {
    if (selected.size === 0) {
      notifications.show({ color: 'red', title: 'Erreur', message: SELECTION_REQUIRED });
      return;
    }
    setPending({ action, ids: [...selected] });
  };

  const counts = statistics.data
    ? { ...statistics.data.status_distribution, urgent: statistics.data.urgent_verifications }
    : undefined;
  const dialogAction: VerificationAction | null = pending?.action ?? null;

  return (
    <>
      <VerificationStatCards counts={counts} />
      <VerificationFilters
        status={params.status}
        onStatusChange={(status) => changeFilters({ status: status as typeof params.status })}
        type={{
          label: 'Type de compte',
          value: params.type === 'business' || params.type === 'individual' ? params.type : '',
          options: ACCOUNT_OPTIONS,
          onChange: (type) => changeFilters({ type }),
        }}
        search={params.search}
        onSearchChange={(search) => changeFilters({ search })}
      />
      {selected.size > 0 ? (
        <Paper withBorder p="sm" mb="md" role="region" aria-label="Sélection">
          <Group justify="space-between">
            <Text size="sm">{selected.size} vérification(s) sélectionnée(s)</Text>
            <Group gap="sm">
              <Button size="xs" color="green" onClick={() => openBulk('bulk-approve')}>
                Approuver la sélection
              </Button>
              <Button size="xs" color="red" variant="light" onClick={() => openBulk('bulk-reject')}>
                Rejeter la sélection
              </Button>
            </Group>
          </Group>
        </Paper>
      ) : null}
      {list.data ? (
        <>
          <ProviderVerificationsTable
            rows={list.data.results}
            selected={selected}
            onSelectionChange={onSelectionChange}
            onView={(id) => update({ verification: id })}
            onAction={(action, row) => setPending({ action, row })}
          />
          <PaginationFooter
            page={params.page}
            pageSize={VERIFICATION_PAGE_SIZE}
            total={list.data.count}
            onPageChange={(page) => update({ page })}
          />
        </>
      ) : list.isPending ? (
        <LoadingState />
      ) : (
        <ProviderVerificationsTable
          rows={[]}
          selected={selected}
          onSelectionChange={onSelectionChange}
          onView={() => {}}
          onAction={() => {}}
        />
      )}
      <VerificationActionDialog
        action={dialogAction}
        subject={
          pending === null
            ? ''
            : 'row' in pending
              ? `la vérification de ${pending.row.provider_name}`
              : `${pending.ids.length} vérification(s)`
        }
        onClose={() => setPending(null)}
        onConfirm={confirm}
      />
    </>
  );
}
