import { EmptyState as MantineEmptyState } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  /** Buttons offered below the text. */
  children?: ReactNode;
}

/** What a list shows when it has nothing to show. */
export function EmptyState({ title, description, icon, children }: EmptyStateProps) {
  return (
    <MantineEmptyState
      py="xl"
      title={title}
      description={description}
      icon={icon ?? <IconInbox size={32} stroke={1.5} />}
      withIndicatorBackground
    >
      {children ? <MantineEmptyState.Actions>{children}</MantineEmptyState.Actions> : null}
    </MantineEmptyState>
  );
}
