import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** Root of the repository (two levels above apps/api/src). */
export const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
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
    .positive()
    .default(12 * 3600),
  ADMIN_EMAIL: z.string().email().default('admin@example.com'),
  ADMIN_PASSWORD: z
    .string()
    .min(8, { message: 'ADMIN_PASSWORD doit contenir au moins 8 caractères' })
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_ON_EMPTY: z.enum(['true', 'false']).default('true'),
  WEB_DIST: z.string().optional(),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  LOGIN_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60),
  VERIFICATION_URGENT_HOURS: z.coerce.number().int().positive().default(72),
  DOCUMENT_URL_TTL_SECONDS: z.coerce.number().int().positive().default(300),
});

export interface AppConfig {
  port: number;
  host: string;
  /** Absolute path of the data folder (SQLite file, documents, generated secret). */
  dataDir: string;
  /** PostgreSQL URL; SQLite in `dataDir` when absent. */
  databaseUrl: string | undefined;
  /** HS256 secret; when absent a secret is generated once and kept in the data folder. */
  jwtSecret: string | undefined;
  jwtTtlSeconds: number;
  adminEmail: string;
  adminPassword: string | undefined;
  logLevel: string;
  seedOnEmpty: boolean;
  /** Folder of the built console; not served when it does not exist. */
  webDist: string;
  loginMaxFailures: number;
  loginWindowSeconds: number;
  verificationUrgentHours: number;
  documentUrlTtlSeconds: number;
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
    host: values.HOST,
    dataDir: path.resolve(repositoryRoot, values.DATA_DIR),
    databaseUrl: values.DATABASE_URL,
    jwtSecret: values.JWT_SECRET,
    jwtTtlSeconds: values.JWT_TTL_SECONDS,
    adminEmail: values.ADMIN_EMAIL.toLowerCase(),
    adminPassword: values.ADMIN_PASSWORD,
    logLevel: values.LOG_LEVEL,
    seedOnEmpty: values.SEED_ON_EMPTY === 'true',
    webDist,
    loginMaxFailures: values.LOGIN_MAX_FAILURES,
    loginWindowSeconds: values.LOGIN_WINDOW_SECONDS,
    verificationUrgentHours: values.VERIFICATION_URGENT_HOURS,
    documentUrlTtlSeconds: values.DOCUMENT_URL_TTL_SECONDS,
  };
}

export function webDistExists(config: AppConfig): boolean {
  return existsSync(path.join(config.webDist, 'index.html'));
}
