import { HttpError } from './http-errors.js';

interface DriverError {
  code?: unknown;
}

/**
 * Maps constraint violations that slipped past a repository's own checks to a 409 instead of a 500
 * (SQLite and PostgreSQL codes).
 */
export function constraintViolationToHttpError(error: unknown): HttpError | null {
  const code = typeof error === 'object' && error !== null ? (error as DriverError).code : undefined;
  if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === '23505') {
    return new HttpError(409, 'Cette valeur est déjà utilisée par un autre enregistrement.', {
      code: 'unique_violation',
    });
  }
  if (code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503') {
    return new HttpError(409, 'Opération impossible : des enregistrements liés en dépendent.', {
      code: 'foreign_key_violation',
    });
  }
  // PostgreSQL refuses NUL characters in text and integers beyond the column's range.
  if (code === '22021' || code === '22P05') {
    return new HttpError(400, 'Le texte envoyé contient un caractère non autorisé.', { code: 'invalid' });
  }
  if (code === '22003') {
    return new HttpError(400, 'Une valeur numérique dépasse les limites autorisées.', { code: 'invalid' });
  }
  if (code === 'SQLITE_CONSTRAINT_CHECK' || code === '23514') {
    return new HttpError(400, 'Valeur refusée par les règles de la base de données.', { code: 'invalid' });
  }
  return null;
}
