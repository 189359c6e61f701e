import { EmptyState as MantineEmptyState } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';

interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  /** Buttons offered below the text. */
  children?: ReactNode;
  /**
   * Makes the title a heading of this level: 1 when the empty state is the whole screen ('Projet non
   * trouvé'), so that the screen still has its level-1 title.
   */
  titleOrder?: 1 | 2 | 3;
}

/** What a list shows when it has nothing to show. */
export function EmptyState({ title, description, icon, children, titleOrder }: EmptyStateProps) {
  return (
    <MantineEmptyState
      py="xl"
      title={titleOrder ? undefined : title}
      description={titleOrder ? undefined : description}
      icon={icon ?? <IconInbox size={32} stroke={1.5} aria-hidden />}
      withIndicatorBackground
    >
      {titleOrder ? <MantineEmptyState.Title order={titleOrder}>{title}</MantineEmptyState.Title> : null}
      {titleOrder && description ? (
        <MantineEmptyState.Description>{description}</MantineEmptyState.Description>
      ) : null}
      {children ? <MantineEmptyState.Actions>{children}</MantineEmptyState.Actions> : null}
    </MantineEmptyState>
  );
}
