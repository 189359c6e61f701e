import { z } from 'zod';

export const HealthResponse = z.object({
  status: z.enum(['ok', 'error']),
  database: z.object({
    status: z.enum(['ok', 'error']),
    dialect: z.enum(['sqlite', 'postgres']),
  }),
  version: z.string(),
});
export type HealthResponse = z.infer<typeof HealthResponse>;
