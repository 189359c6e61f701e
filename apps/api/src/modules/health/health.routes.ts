import { HealthResponse } from '@kwanza/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { public: true },
      schema: {
        tags: ['Santé'],
        summary: 'État du service et de la base de données',
        security: [],
        response: { 200: HealthResponse, 503: HealthResponse },
      },
    },
    async (request, reply) => {
      let databaseOk = true;
      try {
        await sql`select 1`.execute(app.db);
      } catch (error) {
        request.log.error({ err: error }, 'database health check failed');
        databaseOk = false;
      }
      const body = {
        status: databaseOk ? ('ok' as const) : ('error' as const),
        database: { status: databaseOk ? ('ok' as const) : ('error' as const), dialect: app.dialect },
        version: '1.0.0',
      };
      return reply.status(databaseOk ? 200 : 503).send(body);
    },
  );
};
