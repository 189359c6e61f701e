export { periodStart } from '../../lib/periods.js';

/* French wording of durations and relative times, and the start of each list period. */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const dateFormat = new Intl.DateTimeFormat('fr-FR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'Africa/Luanda',
});

/** Time from a conversation's creation to its last activity: '12 min', '5 h', '3 jours'. */
export function describeDuration(fromIso: string, toIso: string): string {
  const elapsed = Math.max(0, Date.parse(toIso) - Date.parse(fromIso));
  if (elapsed < MINUTE) return 'Moins d’une minute';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)} h`;
  const days = Math.floor(elapsed / DAY);
  return days === 1 ? '1 jour' : `${days} jours`;
}

/** 'À l'instant', 'Il y a N min', 'Il y a Nh', 'Il y a Nj', else 'Le dd/mm/yyyy'. */
export function describeTimeAgo(iso: string, now: Date): string {
  const elapsed = Math.max(0, now.getTime() - Date.parse(iso));
  if (elapsed < MINUTE) return 'À l’instant';
  if (elapsed < HOUR) return `Il y a ${Math.floor(elapsed / MINUTE)} min`;
  if (elapsed < DAY) return `Il y a ${Math.floor(elapsed / HOUR)}h`;
  if (elapsed < 7 * DAY) return `Il y a ${Math.floor(elapsed / DAY)}j`;
  return `Le ${dateFormat.format(new Date(iso))}`;
}

/** Start of the "recent conversations" window of the statistics (24 hours). */
export function recentStart(now: Date): Date {
  return new Date(now.getTime() - DAY);
}
