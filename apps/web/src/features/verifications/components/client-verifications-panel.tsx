import type { ClientVerification } from '@kwanza/contract';
import { useState } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { ListView } from '../../../components/list-view';
import { loadedData } from '../../../components/query-state';
import { focusKeySelector, focusSoon } from '../../../lib/focus';
import { DOCUMENT_TYPE_LABELS, optionsOf } from '../../../lib/labels';
import { notifySuccess } from '../../../lib/notify';
import { useDecideClientVerification } from '../api/decide-client-verification';
import { useClientVerificationStats } from '../api/get-client-verification-stats';
import { useClientVerifications } from '../api/list-client-verifications';
import { VERIFICATION_PAGE_SIZE } from '../api/verification-keys';
import { documentTypeFilter, useVerificationParams } from '../use-verification-params';
import { ClientVerificationDetailDialog } from './client-verification-detail-dialog';
import { type ClientAction, ClientVerificationsTable } from './client-verifications-table';
import { VerificationActionDialog, type VerificationActionInput } from './verification-action-dialog';
import { VERIFICATIONS_LOAD_ERROR, viewKey } from './verification-badges';
import { VerificationFilters } from './verification-filters';
import { VerificationStats } from './verification-stats';

const DOCUMENT_OPTIONS = optionsOf(DOCUMENT_TYPE_LABELS, { all: 'Tous les documents' });

const SUCCESS: Record<ClientAction, string> = {
  approve: 'Vérification approuvée',
  reject: 'Vérification rejetée',
  reset: 'Vérification réinitialisée',
};

/** Stat cards, filters, table, pagination, detail dialog and confirm dialog of client verifications. */
export function ClientVerificationsPanel({ identity }: { identity: 'name' | 'username' }) {
  const list = useVerificationParams();
  const { params, update } = list;
  const [pending, setPending] = useState<{ action: ClientAction; row: ClientVerification } | null>(null);
  const stats = useClientVerificationStats();
  const verifications = useClientVerifications({
    page: params.page,
    page_size: VERIFICATION_PAGE_SIZE,
    verification_status: params.status || undefined,
    document_type: documentTypeFilter(params.type),
    search: params.search || undefined,
  });
  const decide = useDecideClientVerification();

  const confirm = async (input: VerificationActionInput) => {
    if (!pending) return;
    const { action, row } = pending;
    if (action === 'reset') await decide.mutateAsync({ action, id: row.id });
    else if (action === 'reject')
      await decide.mutateAsync({
        action,
        id: row.id,
        rejection_reason: input.rejection_reason ?? '',
        ...notesOf(input),
      });
    else await decide.mutateAsync({ action, id: row.id, ...notesOf(input) });
    notifySuccess(SUCCESS[action]);
    // The row's decision buttons changed: the focus goes to its 'Voir'.
    focusSoon([focusKeySelector(viewKey(row.id))]);
  };

  return (
    <>
      <VerificationStats counts={loadedData(stats)} />
      <VerificationFilters list={list} type={{ label: 'Type de document', options: DOCUMENT_OPTIONS }} />
      <ListView
        query={verifications}
        page={params.page}
        pageSize={VERIFICATION_PAGE_SIZE}
        onPageChange={(page, options) => update({ page }, options)}
        errorMessage={VERIFICATIONS_LOAD_ERROR}
        empty={<EmptyState title="Aucune vérification trouvée" />}
      >
        {(data) => (
          <ClientVerificationsTable
            rows={data.results}
            identity={identity}
            onView={(id) => update({ client: id })}
            onAction={(action, row) => setPending({ action, row })}
          />
        )}
      </ListView>
      <ClientVerificationDetailDialog id={params.client} onClose={() => update({ client: null })} />
      <VerificationActionDialog
        action={pending?.action ?? null}
        subject={pending ? `la vérification de ${pending.row.client_name}` : ''}
        onClose={() => setPending(null)}
        onConfirm={confirm}
      />
    </>
  );
}

function notesOf(input: VerificationActionInput): { admin_notes?: string } {
  return input.admin_notes ? { admin_notes: input.admin_notes } : {};
}
