/**
 * A separate API process for tests of several processes on one database (the API on every core):
 * `node --import tsx request-runner.ts` with RUNNER_ENV (the configuration, JSON) and RUNNER_PLAN
 * (the requests, JSON). It builds the application on its own connection, prints `ready`, waits for
 * `go` on its standard input so that every process fires at once, sends all its requests
 * concurrently and prints their status codes and bodies as one JSON line.
 */
import { createInterface } from 'node:readline';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';

interface PlannedRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  authorization?: string;
  payload?: unknown;
  remoteAddress?: string;
}

const config = loadConfig(JSON.parse(process.env.RUNNER_ENV ?? '{}') as Record<string, string>);
const plan = JSON.parse(process.env.RUNNER_PLAN ?? '[]') as PlannedRequest[];
const app = await buildApp(config);
await app.ready();
process.stdout.write('ready\n');
const lines = createInterface({ input: process.stdin });
for await (const line of lines) {
  if (line.trim() === 'go') break;
}
const answers = await Promise.all(
  plan.map((request) =>
    app.inject({
      method: request.method,
      url: request.url,
      ...(request.authorization ? { headers: { authorization: request.authorization } } : {}),
      ...(request.payload !== undefined ? { payload: request.payload as object } : {}),
      ...(request.remoteAddress ? { remoteAddress: request.remoteAddress } : {}),
    }),
  ),
);
process.stdout.write(
  `${JSON.stringify(answers.map((answer) => ({ status: answer.statusCode, body: answer.body })))}\n`,
);
await app.close();
process.exit(0);
