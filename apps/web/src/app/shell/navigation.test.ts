import { describe, expect, it } from 'vitest';
import { findNavigationEntry, NAVIGATION_ENTRIES } from './navigation';

describe('navigation entries', () => {
  it('lists the sidebar in the specified order', () => {
    expect(NAVIGATION_ENTRIES.map((entry) => [entry.label, entry.path])).toEqual([
      ['Tableau de bord', '/dashboard'],
      ['Utilisateurs', '/users'],
      ['Vérifications', '/user-verification'],
      ['Prestataires', '/providers'],
      ['Projets', '/projects'],
      ['Litiges', '/disputes'],
      ['Conversations', '/conversations'],
      ['Catégories', '/categories'],
      ['Notifications', '/notifications'],
      ['Rapports', '/reports'],
      ["Journal d'audit", '/audit'],
      ['Paramètres', '/settings'],
    ]);
  });

  it('finds the entry of a path, a sub-path and an associated screen', () => {
    expect(findNavigationEntry('/projects')?.label).toBe('Projets');
    expect(findNavigationEntry('/projects/12')?.label).toBe('Projets');
    expect(findNavigationEntry('/conversations/7/')?.label).toBe('Conversations');
    expect(findNavigationEntry('/client-verification')?.label).toBe('Vérifications');
    expect(findNavigationEntry('/audit')?.label).toBe("Journal d'audit");
  });

  it('finds nothing for an unknown path or a mere prefix', () => {
    expect(findNavigationEntry('/nope')).toBeUndefined();
    expect(findNavigationEntry('/usersX')).toBeUndefined();
    expect(findNavigationEntry('/')).toBeUndefined();
  });
});
