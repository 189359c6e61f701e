import type { User } from '@kwanza/contract';
import { Anchor, Group, Paper, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { openConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState } from '../../components/empty-state';
import { ErrorAlert } from '../../components/error-alert';
import { LoadingState } from '../../components/loading-state';
import { PageHeader } from '../../components/page-header';
import { PaginationFooter } from '../../components/pagination-footer';
import { formatCount } from '../../lib/format';
import { ApiError } from '../../lib/http';
import { useLastPageClamp } from '../../lib/use-last-page-clamp';
import { useDeleteUser } from './api/delete-user';
import { useUsers } from './api/list-users';
import { useToggleUserStatus } from './api/toggle-user-status';
import { useToggleUserVerification } from './api/toggle-user-verification';
import { EditUserModal } from './components/edit-user-modal';
import { UserFilters } from './components/user-filters';
import { UserStats } from './components/user-stats';
import { UsersTable } from './components/users-table';
import { USERS_PAGE_SIZE, useUserListParams } from './use-user-list-params';

/** A failed action as a red notification: the spec's message, with the server's reason when it gave one. */
function notifyFailure(title: string, error: unknown) {
  notifications.show({
    color: 'red',
    title,
    message: error instanceof ApiError && error.serverDetail ? error.serverDetail : 'Veuillez réessayer.',
  });
}

export default function UsersPage() {
  const [params, setParams] = useUserListParams();
  const navigate = useNavigate();
  const users = useUsers({
    page: params.page,
    page_size: USERS_PAGE_SIZE,
    search: params.search || undefined,
    role: params.role || undefined,
    verification_status: params.verification || undefined,
  });
  const deletion = useDeleteUser();
  const statusToggle = useToggleUserStatus();
  const verificationToggle = useToggleUserVerification();
  const [editedUser, setEditedUser] = useState<User | null>(null);
  const [busyUserId, setBusyUserId] = useState<number | null>(null);

  const page = users.data;
  const results = users.isError ? [] : (page?.results ?? []);
  const total = users.isError ? 0 : (page?.count ?? 0);

  // A page past the end (rows deleted elsewhere, a shared link to a shorter list): show the last page.
  useLastPageClamp({
    page: params.page,
    total,
    pageSize: USERS_PAGE_SIZE,
    settled: Boolean(page) && !users.isPlaceholderData,
    goToPage: (last) => setParams({ page: last }, { replace: true }),
  });

  const confirmDelete = (user: User) =>
    openConfirmDialog({
      title: "Supprimer l'utilisateur",
      message: `Êtes-vous sûr de vouloir supprimer l'utilisateur ${user.username} ?`,
      confirmLabel: 'Supprimer',
      destructive: true,
      onConfirm: () => {
        setBusyUserId(user.id);
        deletion.mutate(user.id, {
          onSuccess: () => {
            notifications.show({ color: 'green', message: 'Utilisateur supprimé avec succès' });
            // The last row of a page is gone: step back so the list is not empty.
            if (results.length === 1 && params.page > 1) setParams({ page: params.page - 1 });
          },
          onError: (error) => notifyFailure("Erreur lors de la suppression de l'utilisateur", error),
          onSettled: () => setBusyUserId(null),
        });
      },
    });

  const toggleStatus = (user: User) => {
    setBusyUserId(user.id);
    statusToggle.mutate(user.id, {
      onError: (error) => notifyFailure('Erreur lors du changement de statut', error),
      onSettled: () => setBusyUserId(null),
    });
  };

  const toggleVerified = (user: User) => {
    setBusyUserId(user.id);
    verificationToggle.mutate(user.id, {
      onError: (error) => notifyFailure('Erreur lors du changement de vérification', error),
      onSettled: () => setBusyUserId(null),
    });
  };

  const viewVerification = (user: User) => {
    const verification = user.provider_verification;
    if (user.role === 'provider' && verification.exists && verification.id !== null) {
      navigate(`/user-verification?verification=${verification.id}`);
      return;
    }
    notifications.show({ color: 'red', message: 'Aucune vérification trouvée pour cet utilisateur' });
  };

  return (
    <>
      <PageHeader
        title="Gestion des utilisateurs"
        description={
          page || users.isError
            ? `Un total de ${formatCount(total, page?.count_capped)} utilisateurs trouvés`
            : 'Chargement...'
        }
        actions={
          <Anchor component={Link} to="/user-verification">
            Vérifications détaillées
          </Anchor>
        }
      />
      <UserStats stats={users.isError ? undefined : (page?.stats ?? undefined)} />
      <Paper withBorder radius="md" p="md">
        <UserFilters params={params} onChange={setParams} />
        {users.isError ? (
          <ErrorAlert
            title="Erreur lors du chargement"
            message="Impossible de charger les utilisateurs. Veuillez réessayer."
            onRetry={() => void users.refetch()}
          />
        ) : users.isPending ? (
          <LoadingState />
        ) : results.length === 0 ? (
          <EmptyState title="Aucun utilisateur trouvé" />
        ) : (
          <UsersTable
            users={results}
            actions={{
              onToggleVerified: toggleVerified,
              onToggleStatus: toggleStatus,
              onViewVerification: viewVerification,
              onEdit: setEditedUser,
              onDelete: confirmDelete,
              busyUserId,
            }}
          />
        )}
        {!users.isError && total > 0 ? (
          <PaginationFooter
            page={params.page}
            pageSize={USERS_PAGE_SIZE}
            total={total}
            capped={page?.count_capped}
            onPageChange={(next) => setParams({ page: next })}
          />
        ) : null}
        {users.isFetching && !users.isPending ? (
          <Group justify="center" mt="xs">
            <Text size="xs" c="dimmed" role="status">
              Mise à jour...
            </Text>
          </Group>
        ) : null}
      </Paper>
      <EditUserModal user={editedUser} onClose={() => setEditedUser(null)} />
    </>
  );
}
