import type { AuditEntry } from '@kwanza/contract';
import { Alert, Divider, Drawer, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Field } from '../../../components/field';
import { LoadingState } from '../../../components/loading-state';
import {
  actionLabel,
  actorLabel,
  detailLines,
  fieldLabel,
  formatAuditValue,
  useAuditEntry,
} from '../../../lib/audit';
import { formatDateTime } from '../../../lib/format';
import { AuditObjectLink } from './audit-object-link';

export const ENTRY_LOAD_ERROR = "Impossible de charger l'entrée du journal.";

/** The changed fields, before and after side by side. */
function ChangesTable({ entry }: { entry: AuditEntry }) {
  if (entry.changes.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        Aucune valeur modifiée.
      </Text>
    );
  }
  const type = entry.object?.type;
  return (
    <Table withTableBorder withColumnBorders aria-label="Valeurs avant et après">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Champ</Table.Th>
          <Table.Th scope="col">Avant</Table.Th>
          <Table.Th scope="col">Après</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {entry.changes.map((change) => (
          <Table.Tr key={change.field}>
            <Table.Th scope="row">{fieldLabel(change.field)}</Table.Th>
            <Table.Td style={{ whiteSpace: 'pre-wrap' }}>
              {formatAuditValue(type, change.field, change.before)}
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'pre-wrap' }}>
              {formatAuditValue(type, change.field, change.after)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function EntryDetail({ entry }: { entry: AuditEntry }) {
  const context = detailLines(entry);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Field label="Date">{formatDateTime(entry.created_at)}</Field>
        <Field label="Administrateur">{actorLabel(entry)}</Field>
        <Field label="Action">{actionLabel(entry.action)}</Field>
        <Field label="Objet">
          <AuditObjectLink object={entry.object} />
        </Field>
        <Field label="Adresse IP">{entry.ip_address ?? '—'}</Field>
        <Field label="Identifiant de requête">{entry.request_id ?? '—'}</Field>
      </SimpleGrid>
      <Divider />
      <Title order={3} size="h4">
        Modifications
      </Title>
      <ChangesTable entry={entry} />
      {context.length > 0 ? (
        <>
          <Title order={3} size="h4">
            Contexte
          </Title>
          <Stack gap={2}>
            {context.map((line) => (
              <Text key={line} size="sm">
                {line}
              </Text>
            ))}
          </Stack>
        </>
      ) : null}
    </Stack>
  );
}

/**
 * One entry of the journal in a side panel: who, when, from where, the object, and its values
 * before and after side by side. The entry comes from the page shown when it is there, else from
 * the API (a link to `?entry=<id>`).
 */
export function AuditEntryDrawer({
  id,
  loaded,
  onClose,
}: {
  id: number | null;
  loaded: readonly AuditEntry[];
  onClose: () => void;
}) {
  const fromPage = id === null ? undefined : loaded.find((entry) => entry.id === id);
  const fetched = useAuditEntry(fromPage || id === null ? null : id);
  const entry = fromPage ?? fetched.data;
  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={id === null ? '' : `Entrée n° ${id} du journal`}
    >
      {entry ? <EntryDetail entry={entry} /> : null}
      {!entry && fetched.isError ? (
        <Alert color="red" variant="light" role="alert">
          {ENTRY_LOAD_ERROR}
        </Alert>
      ) : null}
      {!entry && fetched.isFetching ? <LoadingState /> : null}
    </Drawer>
  );
}
