import type { Provider } from '@kwanza/contract';

/** Full name, else username, else 'Sans nom'. */
export function providerName(provider: Provider): string {
  return provider.full_name.trim() || provider.user.username || 'Sans nom';
}

export function providerInitial(provider: Provider): string {
  return providerName(provider).charAt(0).toUpperCase();
}

/** '1 service', '3 services' (French: 0 and 1 are singular). */
export function formatServiceCount(count: number): string {
  return `${count} ${count > 1 ? 'services' : 'service'}`;
}

/** '1 projet terminé', '27 projets terminés'. */
export function formatCompletedProjects(count: number): string {
  return count > 1 ? `${count} projets terminés` : `${count} projet terminé`;
}
