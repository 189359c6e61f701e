import { AppShell, Progress } from '@mantine/core';
import { useDisclosure, useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { useDisplayPreferences } from '../../lib/display-preferences';
import { logout as endSession } from '../../lib/http';
import { useSession } from '../../lib/session';
import { AccountSync } from '../account-sync';
import { useFocusTitleOnRouteChange } from './route-focus';
import { ShellHeader } from './shell-header';
import { Sidebar } from './sidebar';
import { SkipLink } from './skip-link';

const SIDEBAR_WIDTH = 260;
const SIDEBAR_COLLAPSED_WIDTH = 76;
export const HEADER_HEIGHT = 64;
const MAIN_CONTENT_ID = 'contenu-principal';
const NAVIGATION_ID = 'menu-principal';

/** Header, collapsible sidebar and the current screen, for every route behind the login. */
export function ShellLayout() {
  const session = useSession();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const [mobileOpened, { toggle: toggleMobile, close: closeMobile }] = useDisclosure(false);
  const [collapsed, setCollapsed] = useLocalStorage({ key: 'sidebar_collapsed', defaultValue: false });
  const isMobile = useMediaQuery('(max-width: 48em)') ?? false;
  const iconsOnly = collapsed && !isMobile;
  // The header (the bell's times) is drawn again in the admin's new time zone or language.
  useDisplayPreferences();

  const menuButton = useRef<HTMLButtonElement>(null);
  const navbar = useRef<HTMLDivElement>(null);
  useFocusTitleOnRouteChange(MAIN_CONTENT_ID);

  // Close the mobile drawer once a screen is chosen.
  useEffect(() => {
    if (pathname) closeMobile();
  }, [pathname, closeMobile]);

  // The phone menu, once open, has the focus: on the current screen's entry (else the first one).
  useEffect(() => {
    if (!mobileOpened) return;
    const frame = requestAnimationFrame(() => {
      const menu = navbar.current;
      const entry =
        menu?.querySelector<HTMLElement>('a[aria-current="page"]') ?? menu?.querySelector<HTMLElement>('a');
      entry?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [mobileOpened]);

  /** Closes the phone menu and gives the focus back to its button (the menu leaves the Tab order). */
  const closeMobileMenu = () => {
    closeMobile();
    requestAnimationFrame(() => menuButton.current?.focus());
  };

  if (!session) return null;

  const logout = () => {
    endSession();
    queryClient.clear();
    // The route guard sees the session gone and goes to /login.
  };

  return (
    <AppShell
      layout="alt"
      header={{ height: HEADER_HEIGHT }}
      navbar={{
        width: iconsOnly ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH,
        breakpoint: 'sm',
        collapsed: { mobile: !mobileOpened },
      }}
      padding="lg"
    >
      <SkipLink target={MAIN_CONTENT_ID} />
      <AccountSync />
      <AppShell.Header>
        {navigation.state === 'loading' ? (
          <Progress value={100} animated size={3} radius={0} pos="absolute" top={0} left={0} right={0} />
        ) : null}
        <ShellHeader
          user={session.user}
          mobileNavigationOpened={mobileOpened}
          mobileNavigationId={NAVIGATION_ID}
          menuButtonRef={menuButton}
          onToggleMobileNavigation={toggleMobile}
          onLogout={logout}
        />
      </AppShell.Header>
      {/* Closed on a phone, the menu is off screen: out of the Tab order and of screen readers too. */}
      {/* The one navigation landmark: brand, menu entries and the buttons that reduce or close it. */}
      <AppShell.Navbar
        ref={navbar}
        id={NAVIGATION_ID}
        aria-label="Navigation principale"
        inert={isMobile && !mobileOpened ? true : undefined}
        onKeyDown={(event) => {
          // Escape closes the phone menu.
          if (event.key === 'Escape' && isMobile && mobileOpened) closeMobileMenu();
        }}
      >
        <Sidebar
          collapsed={iconsOnly}
          headerHeight={HEADER_HEIGHT}
          onToggleCollapsed={() => setCollapsed((value) => !value)}
          onCloseMobile={closeMobileMenu}
        />
      </AppShell.Navbar>
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} bg="var(--app-page-background)">
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
