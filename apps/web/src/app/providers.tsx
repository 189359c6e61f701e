import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import 'dayjs/locale/fr';
import { type ReactNode, useEffect } from 'react';
import { LiveAnnouncer } from '../components/live-announcer';
import { colorSchemeManager } from '../lib/color-scheme';
import { setUnauthorizedHandler } from '../lib/http';
import { clearSession } from '../lib/session';
import { cssVariablesResolver, theme } from './theme';

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

/**
 * Theme, notifications, modals, dates in French, the live region of announcements and server state,
 * around the whole console.
 */
export function AppProviders({ queryClient, children }: AppProvidersProps) {
  useEffect(
    () =>
      // A 401 ends the session and drops the cached answers; the route guard then shows /login.
      setUnauthorizedHandler(() => {
        clearSession();
        queryClient.clear();
      }),
    [queryClient],
  );

  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        colorSchemeManager={colorSchemeManager}
        defaultColorScheme="light"
      >
        <DatesProvider settings={{ locale: 'fr', firstDayOfWeek: 1 }}>
          <ModalsProvider labels={{ confirm: 'Confirmer', cancel: 'Annuler' }}>
            {/* Bottom right: toasts never cover the header (user block, logout). */}
            <Notifications position="bottom-right" autoClose={3000} />
            <LiveAnnouncer />
            {children}
          </ModalsProvider>
        </DatesProvider>
      </MantineProvider>
    </QueryClientProvider>
  );
}
