import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Dialog } from '../../../components/dialog';
import { errorMessage } from '../../../lib/api-errors';
import { formatNumber } from '../../../lib/format';
import { ApiError } from '../../../lib/http';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { type CatalogueKind, useDeleteCatalogueEntry } from '../api/catalogue-mutations';

export interface DeletableEntry {
  kind: CatalogueKind;
  id: number;
  name: string;
  projectsCount: number;
  /** Categories only: how many subcategories go with it. */
  subcategoriesCount?: number;
}

export interface MoveOption {
  value: string;
  label: string;
}

const DELETE_FAILED = "Impossible de supprimer l'élément";

const projets = (n: number) => (n === 1 ? '1 projet' : `${formatNumber(n)} projets`);

interface DeleteEntryModalProps {
  entry: DeletableEntry | null;
  /** Where its projects may go (every other entry of the same kind). */
  moveOptions: MoveOption[];
  onClose: () => void;
}

/**
 * Confirms a deletion. A category warns that its subcategories go too; an entry used by projects
 * says how many and asks where to move them before it can be deleted.
 */
export function DeleteEntryModal({ entry, moveOptions, onClose }: DeleteEntryModalProps) {
  const remove = useDeleteCatalogueEntry();
  const [moveTo, setMoveTo] = useState<string | null>(null);
  const [moveError, setMoveError] = useState<string | null>(null);
  const moveField = useRef<HTMLInputElement>(null);
  const resetMutation = remove.reset;

  useEffect(() => {
    if (!entry) return;
    setMoveTo(null);
    setMoveError(null);
    resetMutation();
  }, [entry, resetMutation]);

  if (!entry) return <Dialog opened={false} onClose={onClose} title="" />;
  const isCategory = entry.kind === 'category';
  // The server counts at the moment of deleting: a 409 says projects use it even if the list did not.
  const refusedInUse = remove.error instanceof ApiError && remove.error.status === 409;
  const needsMove = entry.projectsCount > 0 || refusedInUse;
  const what = isCategory ? 'la catégorie' : 'la sous-catégorie';

  const confirm = () => {
    if (needsMove && moveTo === null) {
      setMoveError(
        isCategory
          ? 'Choisissez la catégorie qui recevra les projets'
          : 'Choisissez la sous-catégorie qui recevra les projets',
      );
      // The required choice, now marked invalid with its message, takes the focus.
      requestAnimationFrame(() => moveField.current?.focus());
      return;
    }
    remove.mutate(
      { kind: entry.kind, id: entry.id, moveProjectsTo: needsMove ? Number(moveTo) : null },
      {
        onSuccess: () => {
          notifySuccess(
            isCategory ? 'Catégorie supprimée avec succès' : 'Sous-catégorie supprimée avec succès',
          );
          onClose();
        },
        onError: () => notifyError(DELETE_FAILED),
      },
    );
  };

  const failure = remove.isError ? errorMessage(remove.error, DELETE_FAILED) : null;

  return (
    <Dialog
      opened
      onClose={onClose}
      title={isCategory ? 'Supprimer la catégorie' : 'Supprimer la sous-catégorie'}
      centered
    >
      <Stack gap="sm">
        <Text size="sm">
          Voulez-vous vraiment supprimer {what} « {entry.name} » ?
          {isCategory
            ? ' Toutes ses sous-catégories seront également supprimées' +
              (entry.subcategoriesCount ? ` (${entry.subcategoriesCount}).` : '.')
            : ''}
        </Text>
        {needsMove ? (
          <>
            <Alert color="orange" variant="light" icon={<IconAlertCircle aria-hidden="true" />}>
              {`${entry.projectsCount > 0 ? `Elle est utilisée par ${projets(entry.projectsCount)}.` : 'Des projets l’utilisent.'} Ces projets seront déplacés vers ${
                isCategory ? 'la catégorie' : 'la sous-catégorie'
              } choisie ci-dessous.`}
            </Alert>
            <Select
              ref={moveField}
              label={isCategory ? 'Déplacer les projets vers' : 'Déplacer les projets vers la sous-catégorie'}
              required
              searchable
              data={moveOptions}
              value={moveTo}
              onChange={(value) => {
                setMoveTo(value);
                setMoveError(null);
              }}
              error={moveError}
              nothingFoundMessage="Aucun résultat"
            />
          </>
        ) : null}
        {failure ? (
          <Alert color="red" variant="light" role="alert">
            {failure}
          </Alert>
        ) : null}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            Annuler
          </Button>
          <Button
            color="red"
            onClick={confirm}
            loading={remove.isPending}
            disabled={needsMove && moveOptions.length === 0}
          >
            Supprimer
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
