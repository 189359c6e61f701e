import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.js';
import { type DatabaseHandle, ensurePrivateDirectory, openDatabase } from './db/database.js';
import './fastify-types.js';
import { SessionService } from './lib/sessions.js';
import { resolveJwtSecret, TokenService } from './lib/tokens.js';
import { WorkLane } from './lib/work-lane.js';
import { apiModules } from './modules/index.js';
import { registerApiDocs } from './plugins/api-docs.js';
import { registerAuditTrail } from './plugins/audit-trail.js';
import { registerAuthGuard } from './plugins/auth-guard.js';
import { answerClientError, answerFrameworkError, registerErrorHandlers } from './plugins/error-handler.js';
import { registerKeptResponses } from './plugins/kept-responses.js';
import { limitRulesOf, registerRequestLimits } from './plugins/rate-limit.js';
import { responseSerializerCompiler } from './plugins/response-serializer.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { consoleIndexStream, registerStaticWeb } from './plugins/static-web.js';
import { DocumentStorage, documentsDir } from './storage/document-storage.js';

export interface BuildAppOptions {
  /** An already opened database (tests); otherwise one is opened from the config and closed with the app. */
  database?: DatabaseHandle;
  /** Where pino writes (tests capture it); standard output by default. */
  logStream?: NodeJS.WritableStream;
  /**
   * A successful write that recorded nothing in the audit journal answers 500 instead of only being
   * logged (the tests turn it on, so that a route forgetting its entry fails them).
   */
  strictAudit?: boolean;
  /**
   * Each response is checked against its route's zod schema before it is written (the tests turn it
   * on; plugins/response-serializer.ts).
   */
  checkResponses?: boolean;
  /**
   * SQLite: the answers of the routes that opt in are kept while the tables they read are unchanged
   * (plugins/kept-responses.ts); KEPT_RESPONSES (on by default) unless given.
   */
  keptResponses?: boolean;
}

/** The URL with the value of a `signature` query parameter masked. */
export function redactSignature(url: string): string {
  return url.replace(/([?&]signature=)[^&#]*/gi, '$1[masqué]');
}

/** TRUST_PROXY as Fastify takes it: a number of hops becomes "trust the N nearest hops". */
function trustProxyOption(
  value: AppConfig['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address: string, hop: number) => hop < value : value;
}

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

/** Builds the whole application without listening: the server and the tests use the same one. */
export async function buildApp(config: AppConfig, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      serializers: {
        // Signed document links carry a short-lived credential: keep it out of the logs.
        req: (request: { method: string; url: string; hostname?: string; ip?: string }) => ({
          method: request.method,
          url: redactSignature(request.url),
          host: request.hostname,
          remoteAddress: request.ip,
        }),
      },
      redact: {
        paths: ['req.headers.authorization', 'req.headers.cookie', 'password', '*.password', 'access'],
        censor: '[masqué]',
      },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    // Not `requestIdHeader`: Fastify would then take the header as is and skip genReqId's check.
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    bodyLimit: 1024 * 1024,
    // Only the proxies named by TRUST_PROXY may tell the client's address and protocol.
    trustProxy: trustProxyOption(config.trustProxy),
    // Malformed URLs and over-long parameters: the one French error shape, without echoing the URL.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler({ checkContract: options.checkResponses === true }));

  const database = options.database ?? openDatabase(config);
  // A lost connection is logged, never fatal: requests answer 503 until the database is back.
  database.setErrorListener?.((error) => app.log.warn({ err: error }, 'database connection lost'));
  app.decorate('db', database.db);
  app.decorate('dialect', database.dialect);
  app.decorate('config', config);
  app.decorate(
    'tokens',
    new SessionService(database.db, new TokenService(resolveJwtSecret(config.jwtSecret, config.dataDir)), {
      ttlSeconds: config.jwtTtlSeconds,
      maxSeconds: config.sessionMaxSeconds,
    }),
  );
  // The data folder and the documents are private to the server's account (0700 / 0600).
  ensurePrivateDirectory(config.dataDir);
  ensurePrivateDirectory(documentsDir(config.dataDir));
  app.decorate('storage', new DocumentStorage(documentsDir(config.dataDir)));
  app.decorate('exportLane', new WorkLane(config.exportQuerySlots));
  if (!options.database) app.addHook('onClose', () => database.close());

  app.decorate('registeredRoutes', []);
  app.addHook('onRoute', (route) => {
    if (/^\/api\/docs(\/|$)/.test(route.url)) route.config = { ...route.config, public: true };
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      app.registeredRoutes.push({
        method,
        url: route.url,
        isPublic: route.config?.public === true,
        audit: route.config?.audit,
        responses: { ...(route.schema?.response as Record<string, unknown> | undefined) },
      });
    }
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorHandlers(app);
  // Headers first: an onRequest hook that throws (the guard's 401/403) skips the hooks after it.
  registerSecurityHeaders(app);
  // Before the guard: the audit scope must enclose every later hook and the handler.
  registerAuditTrail(app, { strict: options.strictAudit === true });
  registerAuthGuard(app);
  registerKeptResponses(app, { enabled: options.keptResponses ?? config.keptResponses });
  registerRequestLimits(app, limitRulesOf(config.limits));
  await registerApiDocs(app);

  await app.register(
    async (api) => {
      for (const module of apiModules) await api.register(module);
    },
    { prefix: '/api' },
  );

  const servesConsole = await registerStaticWeb(app, config);
  app.setNotFoundHandler((request, reply) => {
    const isApi = /^\/api(\/|\?|$)/.test(request.url);
    // A missing built file (an old tab after a redeploy) is a 404, not the console's page.
    const isBuiltFile = /^\/(static|assets)\//.test(request.url);
    if (!isApi && !isBuiltFile && servesConsole && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(consoleIndexStream(config));
    }
    // Never echo the URL: it is the client's input.
    return reply.status(404).send({
      detail: isApi
        ? 'Ressource introuvable : aucune route de l’API ne correspond à cette adresse.'
        : 'Page introuvable.',
      code: 'not_found',
    });
  });

  return app;
}
