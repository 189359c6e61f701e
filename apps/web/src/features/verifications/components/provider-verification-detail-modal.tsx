import { Alert, Divider, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Dialog } from '../../../components/dialog';
import { Field } from '../../../components/field';
import { ObjectHistory } from '../../../components/object-history';
import { PendingState } from '../../../components/query-state';
import { formatDateTime } from '../../../lib/format';
import { ACCOUNT_TYPE_LABELS, accountTypeOf, DOCUMENT_TYPE_LABELS, labelOf } from '../../../lib/labels';
import { useProviderVerification } from '../api/get-provider-verification';
import { DocumentImage } from './document-image';
import { VerificationStatusBadge } from './verification-badges';

export const DETAIL_LOAD_ERROR = 'Impossible de charger les détails de la vérification';

/** 'Détail de la vérification' of a provider: general info, business, documents and history. */
export function ProviderVerificationDetailModal({ id, onClose }: { id: number | null; onClose: () => void }) {
  const query = useProviderVerification(id);
  const verification = query.data;

  return (
    <Dialog opened={id !== null} onClose={onClose} title="Détail de la vérification" size="xl" centered>
      {query.isPending ? <PendingState query={query} /> : null}
      {query.isError ? (
        <Alert color="red" variant="light" role="alert">
          {DETAIL_LOAD_ERROR}
        </Alert>
      ) : null}
      {verification ? (
        <Stack gap="md">
          <Title order={3} size="h4">
            Informations générales
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Field label="Nom d'utilisateur">{verification.provider_info.username}</Field>
            <Field label="Email">{verification.provider_info.email}</Field>
            <Field label="Téléphone">{verification.provider_info.phone_number}</Field>
            <Field label="Type">{ACCOUNT_TYPE_LABELS[accountTypeOf(verification.is_business)].label}</Field>
            <Field label="Statut">
              <VerificationStatusBadge value={verification.verification_status} />
            </Field>
            <Field label="Date de soumission">{formatDateTime(verification.submitted_at)}</Field>
          </SimpleGrid>

          {verification.is_business ? (
            <>
              <Divider />
              <Title order={3} size="h4">
                Informations de l'entreprise
              </Title>
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <Field label="Nom de l'entreprise">{verification.business_name}</Field>
                <Field label="NIF">{verification.business_nif}</Field>
                <Field label="Numéro d'enregistrement">{verification.business_registration_number}</Field>
              </SimpleGrid>
              <Field label="Description">{verification.business_description}</Field>
            </>
          ) : null}

          <Divider />
          <Title order={3} size="h4">
            Documents d'identité
          </Title>
          <Field label="Type de document">
            {labelOf(DOCUMENT_TYPE_LABELS, verification.document_type).label}
          </Field>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
            {verification.document_type === 'id_card' ? (
              <>
                <DocumentImage label="Carte d'identité (recto)" url={verification.id_card_front} />
                <DocumentImage label="Carte d'identité (verso)" url={verification.id_card_back} />
              </>
            ) : (
              <DocumentImage label="Passeport" url={verification.passport_image} />
            )}
            <DocumentImage label="Selfie" url={verification.selfie_image} />
          </SimpleGrid>

          <Divider />
          <ObjectHistory type="provider_verification" id={verification.id} order={3}>
            <Stack gap={4}>
              <Text size="sm">Soumis le {formatDateTime(verification.submitted_at)}</Text>
              {verification.verified_at ? (
                <Text size="sm">
                  {verification.verification_status === 'verified' ? 'Approuvé' : 'Traité'} le{' '}
                  {formatDateTime(verification.verified_at)}
                  {verification.verified_by ? ` par ${verification.verified_by.username}` : ''}
                </Text>
              ) : null}
              {verification.rejection_reason ? (
                <Group gap={4} align="baseline">
                  <Text size="sm" fw={500}>
                    Raison du rejet :
                  </Text>
                  <Text size="sm">{verification.rejection_reason}</Text>
                </Group>
              ) : null}
              {verification.admin_notes ? (
                <Group gap={4} align="baseline">
                  <Text size="sm" fw={500}>
                    Notes administratives :
                  </Text>
                  <Text size="sm">{verification.admin_notes}</Text>
                </Group>
              ) : null}
            </Stack>
          </ObjectHistory>
        </Stack>
      ) : null}
    </Dialog>
  );
}
