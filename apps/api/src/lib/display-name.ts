/** The name parts a person row gives (columns may be null through outer joins). */
export interface NamedPerson {
  first_name: string | null;
  last_name: string | null;
  username: string | null;
}

/**
 * How the console names a person everywhere: 'Prénom Nom', else the username, else `fallback`
 * (a person who no longer exists, or has no name at all).
 */
export function displayName(person: NamedPerson, fallback = ''): string {
  const fullName = `${person.first_name ?? ''} ${person.last_name ?? ''}`.trim();
  return fullName || person.username || fallback;
}
