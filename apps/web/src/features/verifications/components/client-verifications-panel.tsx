import type { ClientVerification, DocumentType } from '@kwanza/contract';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { LoadingState } from '../../../components/loading-state';
import { PaginationFooter } from '../../../components/pagination-footer';
import { useLastPageClamp } from '../../../lib/use-last-page-clamp';
import { useDecideClientVerification } from '../api/decide-client-verification';
import { useClientVerificationStats } from '../api/get-client-verification-stats';
import { useClientVerifications } from '../api/list-client-verifications';
import { VERIFICATION_PAGE_SIZE } from '../api/verification-keys';
import { useVerificationParams } from '../use-verification-params';
import { ClientVerificationDetailDialog } from './client-verification-detail-dialog';
import { type ClientAction, ClientVerificationsTable } from './client-verifications-table';
import { VerificationActionDialog, type VerificationActionInput } from './verification-action-dialog';
import { VerificationFilters } from './verification-filters';
import { VerificationStatCards } from './verification-stat-cards';

const DOCUMENT_OPTIONS = [
  { value: '', label: 'Tous les documents' },
  { value: 'id_card', label: "Carte d'identité" },
  { value: 'passport', label: 'Passeport' },
];

const SUCCESS: Record<ClientAction, string> = {
  approve: 'Vérification approuvée',
  reject: 'Vérification rejetée',
  reset: 'Vérification réinitialisée',
};

/** Stat cards, filters, table, pagination, detail dialog and confirm dialog of client verifications. */
export function ClientVerificationsPanel({ identity }: { identity: 'name' | 'username' }) {
  const [params, update] = useVerificationParams();
  const [pending, setPending] = useState<{ action: ClientAction; row: ClientVerification } | null>(null);
  const stats = useClientVerificationStats();
  const list = useClientVerifications({
    page: params.page,
    page_size: VERIFICATION_PAGE_SIZE,
    verification_status: params.status || undefined,
    document_type:
      params.type === 'id_card' || params.type === 'passport' ? (params.type as DocumentType) : undefined,
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
    if (list.error) console.error('Chargement des vérifications clients impossible', list.error);
    if (stats.error) console.error('Chargement des statistiques clients impossible', stats.error);
  }, [list.error, stats.error]);
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
    notifications.show({ color: 'green', message: SUCCESS[action] });
  };

  return (
    <>
      <VerificationStatCards counts={stats.data} />
      <VerificationFilters
        status={params.status}
        onStatusChange={(status) => update({ status: status as typeof params.status, page: 1 })}
        type={{
          label: 'Type de document',
          value: params.type === 'id_card' || params.type === 'passport' ? params.type : '',
          options: DOCUMENT_OPTIONS,
          onChange: (type) => update({ type, page: 1 }),
        }}
        search={params.search}
        onSearchChange={(search) => update({ search, page: 1 })}
      />
      {list.data ? (
        <>
          <ClientVerificationsTable
            rows={list.data.results}
            identity={identity}
            onView={(id) => update({ client: id })}
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
        <ClientVerificationsTable rows={[]} identity={identity} onView={() => {}} onAction={() => {}} />
      )}
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
