import {
  type Icon,
  IconBell,
  IconBriefcase,
  IconCategory,
  IconFlag,
  IconFolder,
  IconGavel,
  IconHistory,
  IconLayoutDashboard,
  IconMessages,
  IconSettings,
  IconShieldCheck,
  IconUsers,
} from '@tabler/icons-react';

export interface NavigationEntry {
  label: string;
  path: string;
  icon: Icon;
  /** Other screens that belong to this entry (besides its sub-paths). */
  alsoMatches?: string[];
}

/** The sidebar, in order (the spec's entries, then the audit journal of issue 17 after Rapports). */
export const NAVIGATION_ENTRIES: readonly NavigationEntry[] = [
  { label: 'Tableau de bord', path: '/dashboard', icon: IconLayoutDashboard },
  { label: 'Utilisateurs', path: '/users', icon: IconUsers },
  {
    label: 'Vérifications',
    path: '/user-verification',
    icon: IconShieldCheck,
    alsoMatches: ['/client-verification'],
  },
  { label: 'Prestataires', path: '/providers', icon: IconBriefcase },
  { label: 'Projets', path: '/projects', icon: IconFolder },
  { label: 'Litiges', path: '/disputes', icon: IconGavel },
  { label: 'Conversations', path: '/conversations', icon: IconMessages },
  { label: 'Catégories', path: '/categories', icon: IconCategory },
  { label: 'Notifications', path: '/notifications', icon: IconBell },
  { label: 'Rapports', path: '/reports', icon: IconFlag },
  { label: "Journal d'audit", path: '/audit', icon: IconHistory },
  { label: 'Paramètres', path: '/settings', icon: IconSettings },
];

/** Header title when no entry matches the location (the not-found screen). */
export const DEFAULT_HEADER_TITLE = 'Admin Panel';

function isSameOrBelow(pathname: string, base: string): boolean {
  return pathname === base || pathname.startsWith(`${base}/`);
}

/** The entry a location belongs to: its own path, a sub-path (/projects/12) or an associated screen. */
export function findNavigationEntry(pathname: string): NavigationEntry | undefined {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return NAVIGATION_ENTRIES.find(
    (entry) =>
      isSameOrBelow(normalized, entry.path) ||
      (entry.alsoMatches ?? []).some((path) => isSameOrBelow(normalized, path)),
  );
}
