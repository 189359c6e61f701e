import type { ProviderVerification } from '@kwanza/contract';
import { Button, Checkbox, Group, Table, Text } from '@mantine/core';
import { EmptyState } from '../../../components/empty-state';
import { formatDateTime } from '../../../lib/format';
import { VerificationStatusBadge } from './verification-status-badge';

interface ProviderVerificationsTableProps {
  rows: ProviderVerification[];
  selected: ReadonlySet<number>;
  onSelectionChange: (selected: Set<number>) => void;
  onView: (id: number) => void;
  onAction: (action: 'approve' | 'reject', row: ProviderVerification) => void;
}

/** Provider verifications with a selection column (pending rows only, for the bulk actions). */
export function ProviderVerificationsTable({
  rows,
  selected,
  onSelectionChange,
  onView,
  onAction,
}: ProviderVerificationsTableProps) {
  if (rows.length === 0) return <EmptyState title="Aucune vérification trouvée" />;
  const selectable = rows.filter((row) => row.verification_status === 'pending').map((row) => row.id);
  const allSelected = selectable.length > 0 && selectable.every((id) => selected.has(id));
  const toggle = (id: number, checked: boolean) => {
    const next = new Set(selected);
    if (checked) next.add(id);
    else next.delete(id);
    onSelectionChange(next);
  };

  return (
    <Table.ScrollContainer minWidth={800}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label="Tout sélectionner"
                checked={allSelected}
                indeterminate={!allSelected && selectable.some((id) => selected.has(id))}
                disabled={selectable.length === 0}
                onChange={(event) =>
                  onSelectionChange(
                    event.currentTarget.checked ? new Set([...selected, ...selectable]) : new Set(),
                  )
                }
              />
            </Table.Th>
            <Table.Th>Prestataire</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Statut</Table.Th>
            <Table.Th>Date de soumission</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>
                <Checkbox
                  aria-label={`Sélectionner ${row.provider_name}`}
                  checked={selected.has(row.id)}
                  disabled={row.verification_status !== 'pending'}
                  onChange={(event) => toggle(row.id, event.currentTarget.checked)}
                />
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {row.provider_name}
                </Text>
                <Text size="xs" c="dimmed">
                  {row.provider_email}
                </Text>
              </Table.Td>
              <Table.Td>{row.is_business ? 'Entreprise' : 'Individuel'}</Table.Td>
              <Table.Td>
                <VerificationStatusBadge status={row.verification_status} />
              </Table.Td>
              <Table.Td>{formatDateTime(row.submitted_at)}</Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Button size="compact-sm" variant="light" onClick={() => onView(row.id)}>
                    Voir
                  </Button>
                  {row.verification_status === 'pending' ? (
                    <>
                      <Button size="compact-sm" color="green" onClick={() => onAction('approve', row)}>
                        Approuver
                      </Button>
                      <Button
                        size="compact-sm"
                        color="red"
                        variant="light"
                        onClick={() => onAction('reject', row)}
                      >
                        Rejeter
                      </Button>
                    </>
                  ) : null}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
