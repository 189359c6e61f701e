import { defineConfig } from 'vitest/config';

/**
 * Test projects:
 * - unit:          pure helpers, `*.test.ts` beside the code (not `*.api.test.ts`)
 * - web:           console components and hooks (`apps/web/src/**\/*.test.{ts,tsx}`), jsdom
 * - api-sqlite:    `*.api.test.ts` through `app.inject` on a fresh SQLite database per file
 * - api-postgres:  the same files on a fresh PostgreSQL database per file
 *   (faults that exist on one database only live in `*.sqlite.api.test.ts` / `*.postgres.api.test.ts`,
 *   run by that database's project alone)
 * - e2e:           `e2e/**\/*.e2e.test.ts`, Debian Chromium against the real built server
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/api/src/**/*.test.ts',
            'apps/api/bench/**/*.test.ts',
          ],
          exclude: ['**/*.api.test.ts', '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          // Whole-console renders on a shared 2-core machine: the first lazy screen of a file can be slow.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'api-sqlite',
          include: ['apps/api/src/**/*.api.test.ts'],
          exclude: ['**/*.postgres.api.test.ts', '**/node_modules/**'],
          environment: 'node',
          env: { TEST_DATABASE: 'sqlite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api-postgres',
          include: ['apps/api/src/**/*.api.test.ts'],
          exclude: ['**/*.sqlite.api.test.ts', '**/node_modules/**'],
          environment: 'node',
          env: { TEST_DATABASE: 'postgres' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
