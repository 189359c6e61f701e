import { HealthResponse } from '@kwanza/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { classifyDatabaseFailure, DATABASE_RETRY_AFTER_SECONDS } from '../../lib/database-errors.js';

/** Health answers within this delay even when the database does not answer at all. */
const HEALTH_TIMEOUT_MS = 3_000;

class HealthTimeout extends Error {}

function withTimeout<T>(work: Promise<T>, milliseconds: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new HealthTimeout()), milliseconds);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** The French reason shown by health for a failed check. */
function reasonOf(error: unknown, timeoutMs: number): { detail: string; code: string } {
  if (error instanceof HealthTimeout) {
    return {
      detail: `Base de données indisponible : aucune réponse en ${timeoutMs / 1000} s.`,
      code: 'database_timeout',
    };
  }
  const failure = classifyDatabaseFailure(error);
  if (failure)
    return { detail: `Base de données indisponible : ${failure.reason}.`, code: `database_${failure.kind}` };
  return {
    detail: 'Base de données indisponible : erreur inattendue (voir les journaux du serveur).',
    code: 'database_error',
  };
}

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { public: true },
      schema: {
        tags: ['Santé'],
        summary: 'État du service et de la base de données',
        description:
          'Interroge la base de données (3 s au plus). 200 quand elle répond ; sinon 503 avec Retry-After et, ' +
          'dans database.detail, la raison en français (connexion refusée, délai dépassé, connexion perdue…). ' +
          'Le service reprend de lui-même quand la base revient, sans redémarrage.',
        security: [],
        response: { 200: HealthResponse, 503: HealthResponse },
      },
    },
    async (request, reply) => {
      const timeoutMs = Math.min(HEALTH_TIMEOUT_MS, app.config.databaseQueryTimeoutMs);
      try {
        await withTimeout(sql`select 1`.execute(app.db), timeoutMs);
      } catch (error) {
        request.log.error({ err: error }, 'database health check failed');
        return reply
          .status(503)
          .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
          .send({
            status: 'error' as const,
            database: { status: 'error' as const, dialect: app.dialect, ...reasonOf(error, timeoutMs) },
            version: '1.0.0',
          });
      }
      return {
        status: 'ok' as const,
        database: { status: 'ok' as const, dialect: app.dialect },
        version: '1.0.0',
      };
    },
  );
};
