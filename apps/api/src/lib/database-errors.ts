import { HttpError } from './http-errors.js';

interface DriverError {
  code?: unknown;
  message?: unknown;
  errors?: unknown;
}

function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as DriverError).code;
  return typeof code === 'string' ? code : undefined;
}

function messageOf(error: unknown): string {
  if (typeof error !== 'object' || error === null) return '';
  const message = (error as DriverError).message;
  return typeof message === 'string' ? message : '';
}

/**
 * Maps constraint violations that slipped past a repository's own checks to a 409 instead of a 500
 * (SQLite and PostgreSQL codes).
 */
export function constraintViolationToHttpError(error: unknown): HttpError | null {
  const code = codeOf(error);
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

/** Socket errors of Node when the database host cannot be reached or drops the connection. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** Messages of `pg` and `pg-pool` for a connection that is gone or never came. */
const LOST_CONNECTION_MESSAGES = [
  /^Connection terminated/,
  /^Client has encountered a connection error/,
  /^Client was closed and is not queryable/,
  /^timeout exceeded when trying to connect/,
  /^Query read timeout/,
  /^Cannot use a pool after calling end/,
  /^The database connection is not open/,
];

/**
 * Why the database could not serve a query, when the cause is the database being out of reach, too
 * slow or too busy (not a bug of the query): the answer is then a 503, and health tells the reason.
 */
export type DatabaseFailure =
  | { kind: 'unreachable'; reason: string }
  | { kind: 'timeout'; reason: string }
  | { kind: 'busy'; reason: string };

function socketCode(error: unknown): string | undefined {
  const code = codeOf(error);
  if (code && SOCKET_CODES.has(code)) return code;
  // Node's "happy eyeballs" reports one error per address in an AggregateError.
  const inner = typeof error === 'object' && error !== null ? (error as DriverError).errors : undefined;
  if (Array.isArray(inner)) {
    for (const item of inner) {
      const innerCode = codeOf(item);
      if (innerCode && SOCKET_CODES.has(innerCode)) return innerCode;
    }
  }
  return undefined;
}

/** Classifies an error thrown by a query; null when it is not about the database's availability. */
export function classifyDatabaseFailure(error: unknown): DatabaseFailure | null {
  const code = codeOf(error);
  const message = messageOf(error);
  const socket = socketCode(error);
  if (socket === 'ECONNREFUSED') return { kind: 'unreachable', reason: 'connexion refusée par le serveur' };
  if (socket === 'ENOTFOUND' || socket === 'EAI_AGAIN') {
    return { kind: 'unreachable', reason: 'nom d’hôte du serveur introuvable' };
  }
  if (socket === 'ETIMEDOUT' || socket === 'EHOSTUNREACH' || socket === 'ENETUNREACH') {
    return { kind: 'unreachable', reason: 'serveur injoignable sur le réseau' };
  }
  if (socket) return { kind: 'unreachable', reason: 'connexion interrompue' };
  if (
    /^timeout exceeded when trying to connect|^Connection terminated due to connection timeout/.test(message)
  ) {
    return { kind: 'timeout', reason: 'délai de connexion dépassé' };
  }
  if (/^Query read timeout/.test(message)) {
    return { kind: 'timeout', reason: 'le serveur ne répond plus dans le délai imparti' };
  }
  if (LOST_CONNECTION_MESSAGES.some((pattern) => pattern.test(message))) {
    return { kind: 'unreachable', reason: 'connexion perdue' };
  }
  if (!code) return null;
  // PostgreSQL SQLSTATE codes.
  if (code.startsWith('08')) return { kind: 'unreachable', reason: 'connexion perdue' };
  if (code === '57P01' || code === '57P02' || code === '57P05' || code === '25P03') {
    return { kind: 'unreachable', reason: 'connexion fermée par le serveur' };
  }
  if (code === '57P03') return { kind: 'unreachable', reason: 'le serveur démarre ou s’arrête' };
  if (code === '28P01' || code === '28000')
    return { kind: 'unreachable', reason: 'authentification refusée' };
  if (code === '3D000') return { kind: 'unreachable', reason: 'base de données introuvable' };
  if (code === '53300') return { kind: 'busy', reason: 'trop de connexions ouvertes sur le serveur' };
  if (code.startsWith('53')) return { kind: 'busy', reason: 'ressources du serveur épuisées' };
  if (code === '57014') return { kind: 'timeout', reason: 'requête interrompue après le délai imparti' };
  if (code === '55P03') return { kind: 'busy', reason: 'verrou non obtenu dans le délai imparti' };
  // SQLite result codes (better-sqlite3 reports the extended code).
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) {
    return { kind: 'busy', reason: 'base verrouillée par une autre écriture' };
  }
  if (
    code.startsWith('SQLITE_IOERR') ||
    code.startsWith('SQLITE_CANTOPEN') ||
    code.startsWith('SQLITE_READONLY') ||
    code === 'SQLITE_FULL' ||
    code === 'SQLITE_NOTADB' ||
    code.startsWith('SQLITE_CORRUPT')
  ) {
    return { kind: 'unreachable', reason: 'fichier de la base de données inaccessible' };
  }
  return null;
}

/**
 * True when the connection itself is unusable after this error (lost, or still waiting for an answer
 * that timed out on our side): the pool must not hand it out again.
 */
export function isConnectionLost(error: unknown): boolean {
  const failure = classifyDatabaseFailure(error);
  if (!failure) return false;
  const code = codeOf(error);
  // A statement cancelled by the server or a lock time-out leaves a healthy connection.
  return !(code === '57014' || code === '55P03' || code?.startsWith('53'));
}

/**
 * PostgreSQL serialization failures and deadlocks: the transaction was rolled back and may simply
 * run again. (SQLite has neither: its transactions take the write lock when they begin, waiting up
 * to the lock time-out (db/sqlite-dialect.ts); a lock still held after that is a busy database,
 * answered with a 503.)
 */
export function isRetryableTransactionError(error: unknown): boolean {
  const code = codeOf(error);
  return code === '40001' || code === '40P01';
}

const UNAVAILABLE_DETAILS: Record<DatabaseFailure['kind'], string> = {
  unreachable: 'La base de données est momentanément injoignable. Réessayez dans quelques instants.',
  timeout: 'La base de données n’a pas répondu à temps. Réessayez dans quelques instants.',
  busy: 'La base de données est momentanément surchargée. Réessayez dans quelques instants.',
};

/** Seconds a client should wait before retrying after a 503 caused by the database. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** The 503 answered while the database is out of reach, too slow or too busy; null otherwise. */
export function databaseUnavailableToHttpError(error: unknown): HttpError | null {
  const failure = classifyDatabaseFailure(error);
  if (!failure) return null;
  return new HttpError(503, UNAVAILABLE_DETAILS[failure.kind], {
    code: `database_${failure.kind}`,
    headers: { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
  });
}
