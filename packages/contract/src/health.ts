import { z } from 'zod';

export const HealthResponse = z.object({
  status: z.enum(['ok', 'error']),
  database: z.object({
    status: z.enum(['ok', 'error']),
    dialect: z.enum(['sqlite', 'postgres']),
    /** Why the database is not available (French), only when status is error. */
    detail: z.string().optional(),
    /** database_unreachable, database_timeout or database_busy, only when status is error. */
    code: z.string().optional(),
  }),
  version: z.string(),
});
export type HealthResponse = z.infer<typeof HealthResponse>;
