import type { DisputeDetail } from '@kwanza/contract';
import { Alert, Badge, Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { ObjectHistory } from '../../components/object-history';
import { PendingState } from '../../components/query-state';
import { formatDate } from '../../lib/format';
import { ApiError } from '../../lib/http';
import { useDispute } from './api/get-dispute';
import { DisputeEvidenceList } from './components/dispute-evidence-list';
import { DisputeHistory } from './components/dispute-history';
import { DisputeResolutionForm } from './components/dispute-resolution-form';
import { DisputeStatusBadge } from './components/dispute-status-badge';

function BackToDisputes() {
  return (
    <Button component={Link} to="/disputes" variant="subtle" leftSection={<IconArrowLeft size={16} />} px={0}>
      Retour aux litiges
    </Button>
  );
}

function Info({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

function DisputeView({ dispute }: { dispute: DisputeDetail }) {
  return (
    <Stack gap="lg">
      <Group>
        <BackToDisputes />
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <Paper withBorder radius="md" p="lg">
              <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
                <Title order={1} size="h2">
                  {dispute.title}
                </Title>
                <Group gap="xs">
                  <DisputeStatusBadge value={dispute.status} />
                  <Badge variant="outline" color="gray" radius="sm" tt="none">
                    ID: {dispute.id}
                  </Badge>
                </Group>
              </Group>
              <Stack gap="xs" mt="lg">
                <Title order={2} size="h4">
                  Description
                </Title>
                <Text style={{ whiteSpace: 'pre-wrap' }}>{dispute.description || 'Aucune description'}</Text>
              </Stack>
              <Stack mt="lg">
                <DisputeEvidenceList evidence={dispute.evidence} />
              </Stack>
            </Paper>
            {/* Keyed by dispute only: a save keeps the same form, so the focus stays on its button. */}
            <DisputeResolutionForm key={dispute.id} dispute={dispute} />
            <DisputeHistory history={dispute.history} />
            <Paper withBorder radius="md" p="lg">
              <ObjectHistory type="dispute" id={dispute.id} />
            </Paper>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="dispute-info-title">
            <Title order={2} size="h4" id="dispute-info-title" mb="md">
              Informations
            </Title>
            <Stack gap="md">
              <Info label="Client">
                <Text>{dispute.client_name}</Text>
              </Info>
              <Info label="Prestataire">
                <Text>{dispute.provider_name}</Text>
              </Info>
              {dispute.service_title ? (
                <Info label="Service concerné">
                  <Text>{dispute.service_title}</Text>
                </Info>
              ) : null}
              <Info label="Date de création">
                <Text>{formatDate(dispute.created_at)}</Text>
              </Info>
              {dispute.project ? (
                <Button component={Link} to={`/projects/${dispute.project.id}`} variant="light">
                  Voir le projet
                </Button>
              ) : null}
              {dispute.conversation_id !== null ? (
                <Button component={Link} to={`/conversations/${dispute.conversation_id}`} variant="light">
                  Voir la conversation
                </Button>
              ) : null}
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

export default function DisputeDetailPage() {
  const { id = '' } = useParams();
  const dispute = useDispute(id);
  useDocumentTitle(`${dispute.data?.title ?? 'Détail du litige'} · Kwanza Admin`);

  // A failed background refresh (of the evidence links) keeps the case file on screen.
  if (dispute.isError && !dispute.data) {
    const notFound =
      dispute.error instanceof ApiError && (dispute.error.status === 404 || dispute.error.status === 400);
    return notFound ? (
      <EmptyState title="Litige non trouvé" titleOrder={1}>
        <BackToDisputes />
      </EmptyState>
    ) : (
      <Alert color="red" variant="light" icon={<IconAlertCircle />} title="Erreur" role="alert">
        <Stack gap="sm" align="flex-start">
          <Text>Impossible de charger les détails du litige.</Text>
          <BackToDisputes />
        </Stack>
      </Alert>
    );
  }
  if (!dispute.data) return <PendingState query={dispute} />;
  return <DisputeView dispute={dispute.data} />;
}
