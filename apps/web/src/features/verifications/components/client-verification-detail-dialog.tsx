import { Alert, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Dialog } from '../../../components/dialog';
import { ObjectHistory } from '../../../components/object-history';
import { PendingState } from '../../../components/query-state';
import { formatDateTime } from '../../../lib/format';
import { DOCUMENT_TYPE_LABELS, labelOf } from '../../../lib/labels';
import { useClientVerification } from '../api/get-client-verification';
import { DocumentImage } from './document-image';
import { DETAIL_LOAD_ERROR } from './provider-verification-detail-modal';
import { VerificationStatusBadge } from './verification-badges';

/** 'Vérification de {name}': documents open full screen in a new window; reason and notes; 'Fermer'. */
export function ClientVerificationDetailDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const query = useClientVerification(id);
  const verification = query.data;
  const name = verification ? verification.client_name || verification.full_name : '';

  return (
    <Dialog
      opened={id !== null}
      onClose={onClose}
      title={verification ? `Vérification de ${name}` : 'Vérification'}
      size="lg"
      centered
    >
      {query.isPending ? <PendingState query={query} /> : null}
      {query.isError ? (
        <Alert color="red" variant="light" role="alert">
          {DETAIL_LOAD_ERROR}
        </Alert>
      ) : null}
      {verification ? (
        <Stack gap="sm">
          <Text size="sm">{verification.client_email}</Text>
          <Group gap="md">
            <Text size="sm">
              Document : {labelOf(DOCUMENT_TYPE_LABELS, verification.document_type).label}
            </Text>
            <VerificationStatusBadge value={verification.verification_status} />
            <Text size="sm" c="dimmed">
              Soumis le {formatDateTime(verification.submitted_at)}
            </Text>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {verification.document_type === 'id_card' ? (
              <>
                <DocumentImage label="Recto de la carte" url={verification.id_card_front} open="window" />
                <DocumentImage label="Verso de la carte" url={verification.id_card_back} open="window" />
              </>
            ) : (
              <DocumentImage label="Page du passeport" url={verification.passport_image} open="window" />
            )}
          </SimpleGrid>
          {verification.verification_status === 'rejected' ? (
            <div>
              <Text size="sm" fw={500}>
                Raison du rejet
              </Text>
              <Text size="sm">{verification.rejection_reason || '—'}</Text>
            </div>
          ) : null}
          <div>
            <Text size="sm" fw={500}>
              Notes administratives
            </Text>
            <Text size="sm">{verification.admin_notes || '—'}</Text>
          </div>
          <ObjectHistory type="client_verification" id={verification.id} order={3} />
        </Stack>
      ) : null}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          Fermer
        </Button>
      </Group>
    </Dialog>
  );
}
