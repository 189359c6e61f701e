import type { ProviderVerification } from '@kwanza/contract';
import { Button, Group, Paper, Text } from '@mantine/core';
import { useState } from 'react';
import { SELECT_ALL_SELECTOR } from '../../../components/data-table';
import { EmptyState } from '../../../components/empty-state';
import { ListView } from '../../../components/list-view';
import { loadedData } from '../../../components/query-state';
import { focusKeySelector, focusSoon } from '../../../lib/focus';
import { ACCOUNT_TYPE_LABELS, optionsOf } from '../../../lib/labels';
import { notifyError, notifySuccess, notifyWarning } from '../../../lib/notify';
import { useBulkDecideProviderVerifications } from '../api/bulk-decide-provider-verifications';
import { useDecideProviderVerification } from '../api/decide-provider-verification';
import { useProviderVerificationStatistics } from '../api/get-provider-verification-statistics';
import { useProviderVerifications } from '../api/list-provider-verifications';
import { VERIFICATION_PAGE_SIZE } from '../api/verification-keys';
import { isBusinessFilter, useVerificationParams } from '../use-verification-params';
import { ProviderVerificationsTable } from './provider-verifications-table';
import {
  type VerificationAction,
  VerificationActionDialog,
  type VerificationActionInput,
} from './verification-action-dialog';
import { VERIFICATIONS_LOAD_ERROR, viewKey } from './verification-badges';
import { VerificationFilters } from './verification-filters';
import { VerificationStats } from './verification-stats';

export const SELECTION_REQUIRED = 'Au moins une vérification doit être sélectionnée';

const ACCOUNT_OPTIONS = optionsOf(ACCOUNT_TYPE_LABELS, { all: 'Tous les comptes' });

type PendingAction =
  | { action: 'approve' | 'reject'; row: ProviderVerification }
  | { action: 'bulk-approve' | 'bulk-reject'; ids: number[] };

/** Stat cards, filters, selectable table, selection bar and confirm dialog of provider verifications. */
export function ProviderVerificationsPanel({
  selected,
  onSelectionChange,
}: {
  selected: ReadonlySet<number>;
  onSelectionChange: (selected: Set<number>) => void;
}) {
  const list = useVerificationParams();
  const { params, update } = list;
  const [pending, setPending] = useState<PendingAction | null>(null);
  const statistics = useProviderVerificationStatistics();
  const verifications = useProviderVerifications({
    page: params.page,
    page_size: VERIFICATION_PAGE_SIZE,
    status: params.status || undefined,
    is_business: isBusinessFilter(params.type),
    search: params.search || undefined,
  });
  const decide = useDecideProviderVerification();
  const bulkDecide = useBulkDecideProviderVerifications();

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
      notifySuccess(pending.action === 'approve' ? 'Vérification approuvée' : 'Vérification rejetée');
      const next = new Set(selected);
      next.delete(pending.row.id);
      onSelectionChange(next);
      // 'Approuver' and 'Rejeter' are gone from the row: the focus goes to its 'Voir'.
      focusSoon([focusKeySelector(viewKey(pending.row.id))]);
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
    const done = `${result.updated.length} vérification(s) ${pending.action === 'bulk-approve' ? 'approuvée(s)' : 'rejetée(s)'}`;
    if (result.skipped.length > 0) {
      notifyWarning(
        `${done} ; ignorée(s) : ${result.skipped.map((item) => `n° ${item.id} (${item.reason})`).join(', ')}`,
      );
    } else notifySuccess(done);
    // The selection bar is gone: the focus goes to the table's 'Tout sélectionner', else a row's 'Voir'.
    focusSoon([SELECT_ALL_SELECTOR, '[data-focus-key^="verification-view-"]']);
  };

  const openBulk = (action: 'bulk-approve' | 'bulk-reject') => {
    if (selected.size === 0) {
      notifyError(SELECTION_REQUIRED, 'Erreur');
      return;
    }
    setPending({ action, ids: [...selected] });
  };

  const loaded = loadedData(statistics);
  const counts = loaded ? { ...loaded.status_distribution, urgent: loaded.urgent_verifications } : undefined;
  const dialogAction: VerificationAction | null = pending?.action ?? null;

  return (
    <>
      <VerificationStats counts={counts} />
      <VerificationFilters
        list={list}
        type={{ label: 'Type de compte', options: ACCOUNT_OPTIONS }}
        onFilterChange={() => onSelectionChange(new Set())}
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
      <ListView
        query={verifications}
        page={params.page}
        pageSize={VERIFICATION_PAGE_SIZE}
        onPageChange={(page, options) => update({ page }, options)}
        errorMessage={VERIFICATIONS_LOAD_ERROR}
        empty={<EmptyState title="Aucune vérification trouvée" />}
      >
        {(data) => (
          <ProviderVerificationsTable
            rows={data.results}
            selected={selected}
            onSelectionChange={onSelectionChange}
            onView={(id) => update({ verification: id })}
            onAction={(action, row) => setPending({ action, row })}
          />
        )}
      </ListView>
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
