/*
 * PostgreSQL sends a timestamp as text ('2026-11-28 03:54:05.438123+00' in a UTC session); the API
 * answers ISO strings ('2026-11-28T03:54:05.438Z', as SQLite stores them). Parsing each into a Date
 * to print it again (postgres-date, then toISOString) was 3 % of an API process's CPU on a users
 * page: a UTC timestamp is rewritten as text instead, and any other (another time zone, a year past
 * 9999, BC, infinity) still goes through the Date.
 */

const UTC_TIMESTAMP = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?\+00$/;

/** The ISO string of PostgreSQL's text of a timestamp; `slow` for one not in UTC's plain form. */
export function isoFromPostgresTimestamp(text: string, slow: (text: string) => string): string {
  const match = UTC_TIMESTAMP.exec(text);
  if (!match) return slow(text);
  // Milliseconds, truncated as a Date keeps them.
  const millis = (match[3] ?? '').padEnd(3, '0').slice(0, 3);
  return `${match[1]}T${match[2]}.${millis}Z`;
}
