import { type Report, ReportStatus } from '@kwanza/contract';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { Dialog } from '../../../components/dialog';
import { formatDateTime } from '../../../lib/format';
import { optionsOf, REPORT_STATUS_LABELS, REPORT_TYPE_LABELS } from '../../../lib/labels';
import { ReportStatusBadge } from './report-labels';

const STATUS_OPTIONS = optionsOf(REPORT_STATUS_LABELS);
export const UPDATE_FAILED_IN_MODAL = 'Une erreur est survenue lors de la mise à jour du statut';

function Person({ label, name }: { label: string; name: string | null }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {name ? (
        <Anchor component={Link} to={`/users?search=${encodeURIComponent(name)}`}>
          {name}
        </Anchor>
      ) : (
        <Text c="dimmed">Inconnu</Text>
      )}
    </Stack>
  );
}

function Info({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <div>{children}</div>
    </Group>
  );
}

interface ReportFormProps {
  report: Report;
  saving: boolean;
  failed: boolean;
  onCancel: () => void;
  onSave: (changes: { status: ReportStatus; admin_notes: string }) => void;
}

function ReportForm({ report, saving, failed, onCancel, onSave }: ReportFormProps) {
  const [status, setStatus] = useState<ReportStatus>(report.status);
  const [notes, setNotes] = useState(report.admin_notes ?? '');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSave({ status, admin_notes: notes });
      }}
    >
      <Stack gap="md">
        {failed ? (
          <Alert color="red" variant="light" role="alert">
            {UPDATE_FAILED_IN_MODAL}
          </Alert>
        ) : null}
        <Stack gap={2}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Motif
          </Text>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{report.reason}</Text>
        </Stack>
        <Select
          label="Statut"
          data-autofocus
          data={STATUS_OPTIONS}
          value={status}
          allowDeselect={false}
          onChange={(value) => {
            const parsed = ReportStatus.safeParse(value);
            if (parsed.success) setStatus(parsed.data);
          }}
        />
        <Textarea
          label="Notes administratives"
          placeholder="Ajoutez vos notes concernant ce signalement..."
          rows={5}
          value={notes}
          onChange={(event) => setNotes(event.currentTarget.value)}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Paper withBorder radius="sm" p="sm" component="section" aria-label="Informations">
            <Stack gap="xs">
              <Info label="Type">
                <Text size="sm">{REPORT_TYPE_LABELS[report.type].label}</Text>
              </Info>
              <Info label="Statut">
                <ReportStatusBadge status={report.status} />
              </Info>
              <Info label="Date">
                <Text size="sm">{formatDateTime(report.created_at)}</Text>
              </Info>
            </Stack>
          </Paper>
          <Paper withBorder radius="sm" p="sm" component="section" aria-label="Personnes concernées">
            <Stack gap="xs">
              <Person label="Signalé par" name={report.reporter_name} />
              {report.type === 'user' ? (
                <Person label="Utilisateur signalé" name={report.reported_user_name} />
              ) : null}
              {report.type === 'provider' ? (
                <Person label="Prestataire signalé" name={report.reported_provider_name} />
              ) : null}
            </Stack>
          </Paper>
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Annuler
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? 'Enregistrement...' : 'Mettre à jour le statut'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The detail of one report: reason, status and notes to change, its information and its people. */
export function ReportDetailModal({
  report,
  ...form
}: Omit<ReportFormProps, 'report'> & { report: Report | null }) {
  return (
    <Dialog opened={report !== null} onClose={form.onCancel} title="Détails du signalement" size="lg">
      {report ? <ReportForm key={report.id} report={report} {...form} /> : null}
    </Dialog>
  );
}
