import { Alert, Button } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface ErrorAlertProps {
  message: ReactNode;
  /** Default 'Erreur'. */
  title?: string;
  /** Shows a 'Réessayer' button. */
  onRetry?: () => void;
}

/** A red alert box for a failed load or action. */
export function ErrorAlert({ message, title = 'Erreur', onRetry }: ErrorAlertProps) {
  return (
    <Alert color="red" variant="light" title={title} icon={<IconAlertCircle />} role="alert">
      {message}
      {onRetry ? (
        <Button variant="subtle" color="red" size="compact-sm" ml="sm" onClick={onRetry}>
          Réessayer
        </Button>
      ) : null}
    </Alert>
  );
}
