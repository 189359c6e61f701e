import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { defaultWorkers } from './server/default-workers.js';

/** Root of the repository (two levels above apps/api/src). */
export const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  WORKERS: z.coerce
    .number()
    .int()
    .min(1, { message: 'WORKERS doit valoir au moins 1' })
    .max(64, { message: 'WORKERS doit valoir au plus 64' })
    .optional(),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || /^postgres(ql)?:\/\//.test(value), {
      message: 'DATABASE_URL doit être une URL postgres:// ou postgresql://',
    }),
  JWT_SECRET: z.string().min(32, { message: 'JWT_SECRET doit contenir au moins 32 caractères' }).optional(),
  JWT_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60, { message: 'JWT_TTL_SECONDS doit valoir au moins 60 secondes' })
    .default(30 * 60),
  SESSION_MAX_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(12 * 3600),
  ADMIN_EMAIL: z.string().email().default('admin@example.com'),
  ADMIN_PASSWORD: z
    .string()
    .min(8, { message: 'ADMIN_PASSWORD doit contenir au moins 8 caractères' })
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_ON_EMPTY: z.enum(['true', 'false']).default('true'),
  KEPT_RESPONSES: z.enum(['true', 'false']).default('true'),
  WEB_DIST: z.string().optional(),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  LOGIN_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60),
  LOGIN_BASE_DELAY_SECONDS: z.coerce.number().int().positive().default(30),
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .transform((value, context): boolean | number | string[] => {
      if (value === '' || value === 'false') return false;
      if (value === 'true') return true;
      if (/^[0-9]+$/.test(value)) return Number(value);
      const addresses = value.split(',').map((item) => item.trim());
      if (addresses.every((item) => /^[0-9a-fA-F.:]+(\/[0-9]{1,3})?$/.test(item))) return addresses;
      context.addIssue({
        code: 'custom',
        message:
          'TRUST_PROXY attend false, true, un nombre de relais ou une liste d’adresses IP ou de plages CIDR séparées par des virgules',
      });
      return z.NEVER;
    }),
  PUBLIC_URL: z
    .string()
    .optional()
    .transform((value) => (value ? value.replace(/\/+$/, '') : undefined))
    .refine((value) => value === undefined || /^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?$/.test(value), {
      message:
        'PUBLIC_URL doit être une URL http:// ou https:// sans paramètres (par exemple https://admin.kwanza.ao)',
    }),
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(10),
  SQLITE_CACHE_MB: z.coerce
    .number({ message: 'SQLITE_CACHE_MB attend un nombre de mégaoctets' })
    .int({ message: 'SQLITE_CACHE_MB attend un nombre entier de mégaoctets' })
    .min(1, { message: 'SQLITE_CACHE_MB doit valoir au moins 1' })
    .max(4096, { message: 'SQLITE_CACHE_MB doit valoir au plus 4096' })
    .default(16),
  EXPORT_MAX_CONCURRENT: z.coerce.number().int().positive().default(2),
  EXPORT_MAX_PER_MINUTE: z.coerce.number().int().positive().default(10),
  EXPORT_QUERY_SLOTS: z.coerce.number().int().positive().default(2),
  BULK_MAX_CONCURRENT: z.coerce.number().int().positive().default(2),
  BULK_MAX_PER_MINUTE: z.coerce.number().int().positive().default(30),
  VERIFICATION_URGENT_HOURS: z.coerce.number().int().positive().default(72),
  DOCUMENT_URL_TTL_SECONDS: z.coerce.number().int().positive().default(300),
  AUDIT_RETENTION_DAYS: z.coerce
    .number({ message: 'AUDIT_RETENTION_DAYS attend un nombre de jours' })
    .int({ message: 'AUDIT_RETENTION_DAYS attend un nombre entier de jours' })
    .min(0, { message: 'AUDIT_RETENTION_DAYS vaut 0 (tout garder) ou un nombre de jours' })
    .default(0),
});

export interface AppConfig {
  port: number;
  /**
   * API processes serving requests: `WORKERS`, or by default one per core, less one left to a
   * PostgreSQL on this machine (server/default-workers.ts).
   */
  workers: number;
  /**
   * `WORKERS=1`: the one process prepares and serves itself, with Node's own memory settings. Any
   * other number, the default one included, serves in processes supervised by server/supervise.ts.
   */
  standalone: boolean;
  host: string;
  /** Absolute path of the data folder (SQLite file, documents, generated secret). */
  dataDir: string;
  /** PostgreSQL URL; SQLite in `dataDir` when absent. */
  databaseUrl: string | undefined;
  /** HS256 secret; when absent a secret is generated once and kept in the data folder. */
  jwtSecret: string | undefined;
  /** Lifetime of one access token; a token used past half of it is renewed (sliding session). */
  jwtTtlSeconds: number;
  /** Absolute lifetime of a session from its login: renewals never go past it. */
  sessionMaxSeconds: number;
  adminEmail: string;
  adminPassword: string | undefined;
  logLevel: string;
  seedOnEmpty: boolean;
  /** SQLite: the lists' answers kept while the tables they read are unchanged (plugins/kept-responses.ts). */
  keptResponses: boolean;
  /** Folder of the built console; not served when it does not exist. */
  webDist: string;
  loginMaxFailures: number;
  loginWindowSeconds: number;
  /** First delay once the free failures are used up; each further failure doubles it. */
  loginBaseDelaySeconds: number;
  /** Fastify's `trustProxy`: which hops may tell the client address (X-Forwarded-For) and protocol. */
  trustProxy: boolean | number | string[];
  /** Public base URL of the console (no trailing slash); pagination links are relative without it. */
  publicUrl: string | undefined;
  databaseQueryTimeoutMs: number;
  databaseConnectTimeoutMs: number;
  databasePoolSize: number;
  /** SQLite's page cache per API process, in MB. */
  sqliteCacheMb: number;
  /** Per-admin limits of the expensive endpoints (see plugins/rate-limit.ts). */
  limits: {
    export: { maxConcurrent: number; perMinute: number };
    bulk: { maxConcurrent: number; perMinute: number };
  };
  /** Export queries running at once in one process, whatever the number of exports. */
  exportQuerySlots: number;
  verificationUrgentHours: number;
  documentUrlTtlSeconds: number;
  /** Audit entries older than this many days are purged (start-up, then daily); 0 keeps everything. */
  auditRetentionDays: number;
}

export class ConfigError extends Error {}

/** Reads the configuration from environment variables, with French messages for bad values. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Configuration invalide :\n${lines.join('\n')}`);
  }
  const values = parsed.data;
  const webDist = values.WEB_DIST
    ? path.resolve(values.WEB_DIST)
    : path.join(repositoryRoot, 'apps/web/dist');
  return {
    port: values.PORT,
    workers: values.WORKERS ?? defaultWorkers(values.DATABASE_URL, os.availableParallelism()),
    standalone: values.WORKERS === 1,
    host: values.HOST,
    dataDir: path.resolve(repositoryRoot, values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    jwtSecret: values.JWT_SECRET,
    jwtTtlSeconds: values.JWT_TTL_SECONDS,
    sessionMaxSeconds: Math.max(values.SESSION_MAX_SECONDS, values.JWT_TTL_SECONDS),
    adminEmail: values.ADMIN_EMAIL.toLowerCase(),
    adminPassword: values.ADMIN_PASSWORD,
    logLevel: values.LOG_LEVEL,
    seedOnEmpty: values.SEED_ON_EMPTY === 'true',
    keptResponses: values.KEPT_RESPONSES === 'true',
    webDist,
    loginMaxFailures: values.LOGIN_MAX_FAILURES,
    loginWindowSeconds: values.LOGIN_WINDOW_SECONDS,
    loginBaseDelaySeconds: values.LOGIN_BASE_DELAY_SECONDS,
    trustProxy: values.TRUST_PROXY,
    publicUrl: values.PUBLIC_URL,
    databaseQueryTimeoutMs: values.DATABASE_QUERY_TIMEOUT_MS,
    databaseConnectTimeoutMs: values.DATABASE_CONNECT_TIMEOUT_MS,
    databasePoolSize: values.DATABASE_POOL_SIZE,
    sqliteCacheMb: values.SQLITE_CACHE_MB,
    limits: {
      export: { maxConcurrent: values.EXPORT_MAX_CONCURRENT, perMinute: values.EXPORT_MAX_PER_MINUTE },
      bulk: { maxConcurrent: values.BULK_MAX_CONCURRENT, perMinute: values.BULK_MAX_PER_MINUTE },
    },
    exportQuerySlots: values.EXPORT_QUERY_SLOTS,
    verificationUrgentHours: values.VERIFICATION_URGENT_HOURS,
    documentUrlTtlSeconds: values.DOCUMENT_URL_TTL_SECONDS,
    auditRetentionDays: values.AUDIT_RETENTION_DAYS,
  };
}

export function webDistExists(config: AppConfig): boolean {
  return existsSync(path.join(config.webDist, 'index.html'));
}
