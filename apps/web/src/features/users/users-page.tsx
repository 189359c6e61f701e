import type { User } from '@kwanza/contract';
import { Anchor, Paper } from '@mantine/core';
import { type ComponentType, useState } from 'react';
import { Link } from 'react-router';
import { openConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState } from '../../components/empty-state';
import { ListView } from '../../components/list-view';
import { PageHeader } from '../../components/page-header';
import { loadedData } from '../../components/query-state';
import { StatGrid } from '../../components/stat-grid';
import { errorMessage } from '../../lib/api-errors';
import { focusSoon, neighbourKeys } from '../../lib/focus';
import { formatCount } from '../../lib/format';
import { useListParams } from '../../lib/list-params';
import { announce, notifyError, notifySuccess } from '../../lib/notify';
import { useDeleteUser } from './api/delete-user';
import { useUsers } from './api/list-users';
import { useToggleUserStatus } from './api/toggle-user-status';
import { useToggleUserVerification } from './api/toggle-user-verification';
import { EditUserModal } from './components/edit-user-modal';
import { UserFilters } from './components/user-filters';
import { deleteUserKey, UsersTable } from './components/users-table';
import { USER_LIST_PARAMS, USERS_PAGE_SIZE } from './user-list-params';

/** A failed action as a red notification: the spec's message, with the server's reason when it gave one. */
function notifyFailure(title: string, error: unknown) {
  notifyError(errorMessage(error, 'Veuillez réessayer.'), title);
}

/**
 * What shows a provider's verification detail over the list ('Voir'). It belongs to the verifications
 * feature: app/ (the composition root) hands it to this page, since features never import each other.
 */
export type VerificationDetailView = ComponentType<{ id: number | null; onClose: () => void }>;

export default function UsersPage({
  verificationDetail: VerificationDetail,
}: {
  verificationDetail: VerificationDetailView;
}) {
  const list = useListParams(USER_LIST_PARAMS);
  const { params, update } = list;
  const users = useUsers({ ...params, page_size: USERS_PAGE_SIZE });
  const deletion = useDeleteUser();
  const statusToggle = useToggleUserStatus();
  const verificationToggle = useToggleUserVerification();
  const [editedUser, setEditedUser] = useState<User | null>(null);
  const [busyUserId, setBusyUserId] = useState<number | null>(null);
  // The open verification detail is screen state, not a URL: the admin stays on /users, and Back never
  // reopens a closed dialog.
  const [viewedVerificationId, setViewedVerificationId] = useState<number | null>(null);
  const page = loadedData(users);
  const stats = page?.stats ?? undefined;

  const confirmDelete = (user: User) => {
    // Once the row is gone, the focus goes to the delete button of the row after it (or before it).
    const neighbours = neighbourKeys(page?.results ?? [], (row) => row.id, user.id, deleteUserKey);
    openConfirmDialog({
      title: "Supprimer l'utilisateur",
      message: `Êtes-vous sûr de vouloir supprimer l'utilisateur ${user.username} ?`,
      confirmLabel: 'Supprimer',
      destructive: true,
      onConfirm: () => {
        setBusyUserId(user.id);
        deletion.mutate(user.id, {
          onSuccess: () => {
            notifySuccess('Utilisateur supprimé avec succès');
            // The last row of a page is gone: step back so the list is not empty.
            if (page?.results.length === 1 && params.page > 1) update({ page: params.page - 1 });
            focusSoon(neighbours);
          },
          onError: (error) => notifyFailure("Erreur lors de la suppression de l'utilisateur", error),
          onSettled: () => setBusyUserId(null),
        });
      },
    });
  };

  /**
   * A toggle of a row: the control keeps the focus (it is never disabled meanwhile; a second press
   * while the first is running is ignored) and the new state is announced.
   */
  const runOnUser = (
    user: User,
    mutate: typeof statusToggle.mutate,
    failure: string,
    done: (updated: User) => string,
  ) => {
    if (busyUserId === user.id) return;
    setBusyUserId(user.id);
    mutate(user.id, {
      onSuccess: (updated) => announce(done(updated)),
      onError: (error) => notifyFailure(failure, error),
      onSettled: () => setBusyUserId(null),
    });
  };

  const viewVerification = (user: User) => {
    const verification = user.provider_verification;
    if (user.role === 'provider' && verification.exists && verification.id !== null) {
      setViewedVerificationId(verification.id);
      return;
    }
    notifyError('Aucune vérification trouvée pour cet utilisateur');
  };

  return (
    <>
      <PageHeader
        title="Gestion des utilisateurs"
        description={
          page
            ? `Un total de ${formatCount(page.count, page.count_capped)} utilisateurs trouvés`
            : users.isError
              ? undefined
              : 'Chargement...'
        }
        actions={
          <Anchor component={Link} to="/user-verification">
            Vérifications détaillées
          </Anchor>
        }
      />
      <StatGrid
        items={[
          { label: 'En attente', value: stats?.pending, color: 'yellow' },
          { label: 'Vérifiés', value: stats?.verified, color: 'green' },
          { label: 'Rejetés', value: stats?.rejected, color: 'red' },
          { label: 'Tél. vérifiés', value: stats?.phone_verified, color: 'blue' },
        ]}
      />
      <Paper withBorder radius="md" p="md">
        <UserFilters list={list} />
        <ListView
          query={users}
          page={params.page}
          pageSize={USERS_PAGE_SIZE}
          onPageChange={(next, options) => update({ page: next }, options)}
          errorTitle="Erreur lors du chargement"
          errorMessage="Impossible de charger les utilisateurs. Veuillez réessayer."
          empty={<EmptyState title="Aucun utilisateur trouvé" />}
        >
          {(data) => (
            <UsersTable
              users={data.results}
              actions={{
                onToggleVerified: (user) =>
                  runOnUser(
                    user,
                    verificationToggle.mutate,
                    'Erreur lors du changement de vérification',
                    (updated) =>
                      `${updated.username} : ${updated.is_verified ? 'marqué comme vérifié' : 'vérification retirée'}`,
                  ),
                onToggleStatus: (user) =>
                  runOnUser(
                    user,
                    statusToggle.mutate,
                    'Erreur lors du changement de statut',
                    (updated) =>
                      `${updated.username} : ${updated.is_active ? 'compte activé' : 'compte désactivé'}`,
                  ),
                onViewVerification: viewVerification,
                onEdit: setEditedUser,
                onDelete: confirmDelete,
                busyUserId,
              }}
            />
          )}
        </ListView>
      </Paper>
      <EditUserModal user={editedUser} onClose={() => setEditedUser(null)} />
      <VerificationDetail id={viewedVerificationId} onClose={() => setViewedVerificationId(null)} />
    </>
  );
}
