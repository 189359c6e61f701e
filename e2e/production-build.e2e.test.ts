import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiGet } from './support/api';
import { fetchSession, type StoredSession } from './support/browser';
import { type RunningServer, startServer } from './support/server';

/*
 * `npm start` runs the built API (apps/api/dist/server.js, made by `npm run build`), not the
 * TypeScript sources: this checks that build on its own, with two API processes behind one port
 * and the preparation in a child process.
 */

let server: RunningServer;
let session: StoredSession;

beforeAll(async () => {
  server = await startServer({ entry: 'apps/api/dist/server.js', env: { WORKERS: '2' } });
  session = await fetchSession(server);
});

afterAll(async () => {
  await server?.stop();
});

describe('the built server', () => {
  it('has prepared the database (demo data, admin) and serves the API and the console on one port', async () => {
    const health = await fetch(`${server.baseUrl}/api/health/`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok' });

    // The API answers with the token of a session (apiGet throws on any other status than 2xx).
    const page = await apiGet<{ count: number; results: unknown[] }>(server, session, '/users/?page_size=5');
    expect(page.count).toBeGreaterThan(100);
    expect(page.results).toHaveLength(5);

    const console = await fetch(`${server.baseUrl}/users`);
    expect(console.status).toBe(200);
    expect(await console.text()).toContain('<div id="root">');
  });

  it('answers many requests in parallel across its processes', async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        fetch(`${server.baseUrl}/api/categories/`, {
          headers: { authorization: `Bearer ${session.access}` },
        }),
      ),
    );
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
  });
});
