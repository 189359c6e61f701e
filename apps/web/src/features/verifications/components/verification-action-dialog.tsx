import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { verificationErrorMessage } from '../api/verification-request';

export type VerificationAction = 'approve' | 'reject' | 'reset' | 'bulk-approve' | 'bulk-reject';

export const REJECTION_REASON_REQUIRED = 'La raison du rejet est obligatoire';

const TITLES: Record<VerificationAction, string> = {
  approve: 'Approuver la vérification',
  reject: 'Rejeter la vérification',
  reset: 'Réinitialiser la vérification',
  'bulk-approve': 'Approuver les vérifications sélectionnées',
  'bulk-reject': 'Rejeter les vérifications sélectionnées',
};

const CONFIRM_LABELS: Record<VerificationAction, string> = {
  approve: 'Approuver',
  reject: 'Rejeter',
  reset: 'Réinitialiser',
  'bulk-approve': 'Approuver la sélection',
  'bulk-reject': 'Rejeter la sélection',
};

export interface VerificationActionInput {
  rejection_reason?: string;
  admin_notes?: string;
}

interface VerificationActionDialogProps {
  /** The action to confirm; null closes the dialog. */
  action: VerificationAction | null;
  /** What the action applies to ('la vérification de Ana', '3 vérifications'). */
  subject: string;
  onClose: () => void;
  /** Runs the action; a rejection keeps the dialog open and shows 'Erreur: …'. */
  onConfirm: (input: VerificationActionInput) => Promise<unknown>;
}

/**
 * The confirm dialog of every verification action, with a title per action. A rejection requires a
 * reason ('Raison du rejet *'); optional admin notes are offered for every action except reset.
 */
export function VerificationActionDialog({
  action,
  subject,
  onClose,
  onConfirm,
}: VerificationActionDialogProps) {
  const [reason, setReason] = useState('');
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    if (action) {
      setReason('');
      setNotes('');
      setError(null);
    }
  }, [action]);

  const isRejection = action === 'reject' || action === 'bulk-reject';
  const submit = async () => {
    if (!action) return;
    if (isRejection && !reason.trim()) {
      setError(REJECTION_REASON_REQUIRED);
      return;
    }
    setError(null);
    setPending(true);
    try {
      await onConfirm({
        ...(isRejection ? { rejection_reason: reason.trim() } : {}),
        ...(action !== 'reset' && notes.trim() ? { admin_notes: notes.trim() } : {}),
      });
      onClose();
    } catch (failure) {
      setError(`Erreur: ${verificationErrorMessage(failure)}`);
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal
      opened={action !== null}
      onClose={onClose}
      title={action ? TITLES[action] : ''}
      centered
      zIndex={300}
    >
      <Stack gap="sm">
        <Text size="sm">Confirmez-vous cette action pour {subject} ?</Text>
        {error ? (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        ) : null}
        {isRejection ? (
          <Textarea
            label="Raison du rejet *"
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            autosize
            minRows={3}
          />
        ) : null}
        {action && action !== 'reset' ? (
          <Textarea
            label="Notes administratives (optionnel)"
            value={notes}
            onChange={(event) => setNotes(event.currentTarget.value)}
            autosize
            minRows={2}
          />
        ) : null}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose} disabled={pending}>
            Annuler
          </Button>
          <Button
            color={isRejection ? 'red' : action === 'reset' ? 'orange' : 'green'}
            onClick={submit}
            loading={pending}
          >
            {action ? CONFIRM_LABELS[action] : 'Confirmer'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
