import { type DisputeDetail, DisputeStatus } from '@kwanza/contract';
import { Button, Group, Paper, Select, Stack, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { DISPUTE_STATUS_LABELS, optionsOf } from '../../../lib/labels';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useUpdateDisputeStatus } from '../api/update-dispute-status';

const STATUS_OPTIONS = optionsOf(DISPUTE_STATUS_LABELS);

/** Status select and resolution note, saved together; on success the saved values are shown. */
export function DisputeResolutionForm({ dispute }: { dispute: DisputeDetail }) {
  const [status, setStatus] = useState<DisputeStatus>(dispute.status);
  const [note, setNote] = useState(dispute.resolution_note ?? '');
  const update = useUpdateDisputeStatus(String(dispute.id));

  // The button is never disabled while saving ('Mise à jour...'): it keeps the keyboard focus.
  const save = () => {
    if (update.isPending) return;
    update.mutate(
      { status, resolution_note: note },
      {
        onSuccess: (saved) => {
          setStatus(saved.status);
          setNote(saved.resolution_note ?? '');
          notifySuccess('Statut du litige mis à jour avec succès');
        },
        onError: () => notifyError('Impossible de mettre à jour le statut du litige.'),
      },
    );
  };

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="dispute-resolution-title">
      <Title order={2} size="h4" id="dispute-resolution-title" mb="md">
        Résolution
      </Title>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <Stack gap="md">
          <Select
            label="Statut"
            data={STATUS_OPTIONS}
            value={status}
            allowDeselect={false}
            onChange={(value) => {
              const parsed = DisputeStatus.safeParse(value);
              if (parsed.success) setStatus(parsed.data);
            }}
          />
          <Textarea
            label="Note de résolution"
            placeholder="Décrivez la résolution ou les prochaines étapes..."
            rows={5}
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
          />
          <Group>
            <Button type="submit" aria-disabled={update.isPending || undefined}>
              {update.isPending ? 'Mise à jour...' : 'Mettre à jour le statut'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
