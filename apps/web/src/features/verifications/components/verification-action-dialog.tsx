import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Dialog } from '../../../components/dialog';
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
 * reason ('Raison du rejet *', marked required, its error tied to it and focused; the focus starts
 * there); other actions start on 'Annuler'. Optional admin notes are offered for every action except
 * reset.
 */
export function VerificationActionDialog({
  action,
  subject,
  onClose,
  onConfirm,
}: VerificationActionDialogProps) {
  const [reason, setReason] = useState('');
  const [notes, setNotes] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const reasonField = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    if (action) {
      setReason('');
      setNotes('');
      setReasonError(null);
      setError(null);
    }
  }, [action]);

  const isRejection = action === 'reject' || action === 'bulk-reject';
  const submit = async () => {
    if (!action) return;
    if (isRejection && !reason.trim()) {
      // The reason's error is tied to the field, announced, and the field takes the focus.
      setReasonError(REJECTION_REASON_REQUIRED);
      reasonField.current?.focus();
      return;
    }
    setReasonError(null);
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
    <Dialog
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
            ref={reasonField}
            label="Raison du rejet"
            required
            data-autofocus
            value={reason}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              if (event.currentTarget.value.trim()) setReasonError(null);
            }}
            error={reasonError}
            errorProps={{ role: 'alert' }}
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
          <Button
            variant="default"
            onClick={onClose}
            disabled={pending}
            data-autofocus={!isRejection || undefined}
          >
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
    </Dialog>
  );
}
