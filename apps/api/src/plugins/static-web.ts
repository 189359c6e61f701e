import { createReadStream } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { type AppConfig, webDistExists } from '../config.js';

/**
 * Serves the built console from the same port as the API. Hashed assets are cached for a year;
 * index.html never is. Unknown non-API paths fall back to index.html (client-side routing), see
 * `serveConsoleIndex`.
 */
export async function registerStaticWeb(app: FastifyInstance, config: AppConfig): Promise<boolean> {
  if (!webDistExists(config)) return false;
  await app.register(fastifyStatic, {
    root: config.webDist,
    prefix: '/',
    wildcard: false,
    index: false,
    cacheControl: false,
    setHeaders(response, filePath) {
      // Vite writes every hashed file under static/ (static/js, static/assets); see vite.config.ts.
      const [topFolder] = path.relative(config.webDist, filePath).split(path.sep);
      const immutable = topFolder === 'static' || topFolder === 'assets';
      response.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  return true;
}

export function consoleIndexStream(config: AppConfig) {
  return createReadStream(path.join(config.webDist, 'index.html'));
}
