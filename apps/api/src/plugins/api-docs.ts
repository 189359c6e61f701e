import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI description built from the routes' zod schemas, and its page at /api/docs (public). */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Kwanza Admin API',
        description:
          "API de la console d'administration Kwanza. Toutes les routes exigent le jeton Bearer d'un " +
          "administrateur actif (obtenu par POST /api/auth/admin-login/), sauf la connexion, l'état de santé " +
          'et cette documentation. Erreurs : `{detail, code?, errors?}` avec un `detail` en français.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearerAuth: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
}
