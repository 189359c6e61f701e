import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { precompiled } from '../db/precompiled.js';
import type { Database } from '../db/schema.js';
import type { AuthenticatedAdmin } from '../fastify-types.js';
import { forbidden, unauthorized } from './http-errors.js';
import type { TokenService } from './tokens.js';

export interface SessionOptions {
  /** Lifetime of one access token (JWT_TTL_SECONDS). */
  ttlSeconds: number;
  /** Absolute lifetime of a session (SESSION_MAX_SECONDS). */
  maxSeconds: number;
  now?: () => Date;
}

export interface Authentication {
  admin: AuthenticatedAdmin;
  /** A fresh token of the same session when the one presented is past half of its life. */
  renewedToken: string | null;
}

/** Sessions ended more than this long ago are deleted when someone logs in. */
const KEEP_ENDED_SESSIONS_MS = 24 * 3600 * 1000;

export const SESSION_CLOSED = 'Votre session a expiré ou a été fermée. Reconnectez-vous.';
export const INVALID_TOKEN = 'Jeton d’authentification invalide ou expiré.';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The check of every request: the session and its account, in one query (compiled once). */
const sessionAndAccount = precompiled(2, (db, sessionId: string, userId: number) =>
  db
    .selectFrom('admin_sessions')
    .innerJoin('users', 'users.id', 'admin_sessions.user_id')
    .select([
      'admin_sessions.expires_at',
      'admin_sessions.revoked_at',
      'users.id',
      'users.username',
      'users.email',
      'users.role',
      'users.is_active',
      'users.deleted_at',
    ])
    .where('admin_sessions.id', '=', sessionId)
    .where('admin_sessions.user_id', '=', userId),
);

/**
 * Revocable admin sessions, kept in the database so that every API process sees a logout at once.
 *
 * A login opens a session row; its access tokens are short-lived JWTs naming the session (`sid`).
 * Each request checks the token's signature and expiry, then the session row and the account in one
 * query: a revoked or ended session, a deactivated or deleted account answers 401, a non-admin 403.
 * A token used past half of its life is replaced by a new one of the same session (sliding renewal,
 * sent in the `X-Access-Token` response header), never past the session's absolute end.
 *
 * Revoking: `revokeSession` (logout), `revokeUserSessions` (password change or reset, deactivation,
 * deletion; optionally keeping the current session).
 */
export class SessionService {
  readonly #db: Kysely<Database>;
  readonly #tokens: TokenService;
  readonly #ttlSeconds: number;
  readonly #maxSeconds: number;
  readonly #now: () => Date;

  constructor(db: Kysely<Database>, tokens: TokenService, options: SessionOptions) {
    this.#db = db;
    this.#tokens = tokens;
    this.#ttlSeconds = options.ttlSeconds;
    this.#maxSeconds = options.maxSeconds;
    this.#now = options.now ?? (() => new Date());
  }

  get ttlSeconds(): number {
    return this.#ttlSeconds;
  }

  /**
   * Opens a session for the user and returns its first access token. (Named `sign` because every
   * token the API hands out, to the login as to tests and benches, must belong to a session.)
   */
  async sign(userId: number, _role?: string): Promise<string> {
    return (await this.open(this.#db, userId)).token;
  }

  /** Opens a session (in the caller's transaction when given one). */
  async open(executor: Kysely<Database>, userId: number): Promise<{ token: string; sessionId: string }> {
    const now = this.#now();
    const sessionId = randomBytes(32).toString('base64url');
    const end = new Date(now.getTime() + this.#maxSeconds * 1000);
    await executor
      .deleteFrom('admin_sessions')
      .where('expires_at', '<', new Date(now.getTime() - KEEP_ENDED_SESSIONS_MS).toISOString())
      .execute();
    await executor
      .insertInto('admin_sessions')
      .values({
        id: sessionId,
        user_id: userId,
        created_at: now.toISOString(),
        last_seen_at: now.toISOString(),
        expires_at: end.toISOString(),
        revoked_at: null,
      })
      .execute();
    const token = await this.#tokens.sign({
      userId,
      sessionId,
      issuedAt: seconds(now),
      expiresAt: Math.min(seconds(now) + this.#ttlSeconds, seconds(end)),
    });
    return { token, sessionId };
  }

  /** Checks a Bearer token; throws the French 401/403 the guard answers. */
  async authenticate(token: string): Promise<Authentication> {
    const claims = await this.#tokens.verify(token);
    if (!claims) throw unauthorized(INVALID_TOKEN);
    const row = await sessionAndAccount.executeTakeFirst(this.#db, claims.sessionId, claims.userId);
    const now = this.#now();
    if (!row || row.revoked_at !== null || new Date(row.expires_at).getTime() <= now.getTime()) {
      throw unauthorized(SESSION_CLOSED);
    }
    if (row.deleted_at !== null || !row.is_active)
      throw unauthorized('Ce compte est introuvable ou désactivé.');
    if (row.role !== 'admin') throw forbidden('Accès réservé aux administrateurs.');
    const admin = { id: row.id, username: row.username, email: row.email, sessionId: claims.sessionId };
    return { admin, renewedToken: await this.#renewal(claims, row.expires_at, now) };
  }

  async #renewal(
    claims: { userId: number; sessionId: string; expiresAt: number },
    sessionEnd: string,
    now: Date,
  ): Promise<string | null> {
    const nowSeconds = seconds(now);
    if (claims.expiresAt - nowSeconds >= this.#ttlSeconds / 2) return null;
    const expiresAt = Math.min(nowSeconds + this.#ttlSeconds, seconds(new Date(sessionEnd)));
    if (expiresAt <= claims.expiresAt) return null;
    await this.#db
      .updateTable('admin_sessions')
      .set({ last_seen_at: now.toISOString() })
      .where('id', '=', claims.sessionId)
      .execute();
    return this.#tokens.sign({
      userId: claims.userId,
      sessionId: claims.sessionId,
      issuedAt: nowSeconds,
      expiresAt,
    });
  }
}

/** Ends one session (logout). */
export async function revokeSession(executor: Kysely<Database>, sessionId: string): Promise<void> {
  await executor
    .updateTable('admin_sessions')
    .set({ revoked_at: new Date().toISOString() })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Ends every session of a user (password change or reset, deactivation, deletion), except `keep`
 * when given: the session that changed its own password stays open.
 */
export async function revokeUserSessions(
  executor: Kysely<Database>,
  userId: number,
  options: { keep?: string } = {},
): Promise<void> {
  let query = executor
    .updateTable('admin_sessions')
    .set({ revoked_at: new Date().toISOString() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null);
  if (options.keep) query = query.where('id', '!=', options.keep);
  await query.execute();
}
