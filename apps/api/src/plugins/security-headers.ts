import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** One year, subdomains included: the console and its API are only ever meant for HTTPS once served so. */
export const HSTS_VALUE = 'max-age=31536000; includeSubDomains';

/**
 * Security headers on every response. The console's CSP allows inline styles (Mantine sets style
 * attributes) but no inline or foreign scripts; images may be data/blob URLs (document viewer) or any
 * http(s) address: a category's image is any absolute http(s) URL the catalogue accepts (issue 12), and
 * its preview must show what the validation lets through (images cannot run code).
 * Strict-Transport-Security is sent when the request came over HTTPS (directly, or through a proxy
 * trusted by TRUST_PROXY that says so in X-Forwarded-Proto) or when PUBLIC_URL is an https:// URL.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'same-origin' },
  });
  const publicHttps = app.config.publicUrl?.startsWith('https://') ?? false;
  app.addHook('onRequest', async (request, reply) => {
    if (publicHttps || request.protocol === 'https') reply.header('strict-transport-security', HSTS_VALUE);
  });
}
