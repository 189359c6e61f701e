import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const RUNNER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'request-runner.ts');
const START_TIMEOUT_MS = 60_000;

export interface PlannedRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  url: string;
  authorization?: string;
  payload?: unknown;
  remoteAddress?: string;
}

export interface ProcessAnswer {
  status: number;
  body: string;
}

/**
 * Runs each plan in its own API process on the same database (see request-runner.ts), all of them
 * firing at the same moment, and returns every process's answers.
 */
export async function runInProcesses(
  env: Record<string, string>,
  plans: PlannedRequest[][],
): Promise<ProcessAnswer[][]> {
  const children: ChildProcess[] = [];
  try {
    const outputs = plans.map((plan) => {
      const child = spawn(process.execPath, ['--import', 'tsx', RUNNER], {
        env: { ...process.env, RUNNER_ENV: JSON.stringify(env), RUNNER_PLAN: JSON.stringify(plan) },
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      children.push(child);
      let stdout = '';
      let stderr = '';
      const ready = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`Processus non prêt : ${stderr}`)), START_TIMEOUT_MS);
        child.stdout?.on('data', (chunk: Buffer) => {
          stdout += chunk.toString();
          if (stdout.includes('ready\n')) {
            clearTimeout(timer);
            resolve();
          }
        });
        child.stderr?.on('data', (chunk: Buffer) => {
          stderr += chunk.toString();
        });
        child.once('exit', (code) => {
          clearTimeout(timer);
          reject(new Error(`Processus arrêté (${code}) : ${stderr}`));
        });
      });
      const done = new Promise<ProcessAnswer[]>((resolve, reject) => {
        child.once('exit', (code) => {
          const line = stdout.split('\n').find((item) => item.startsWith('['));
          if (code === 0 && line) resolve(JSON.parse(line) as ProcessAnswer[]);
          else reject(new Error(`Processus en échec (${code}) : ${stderr}`));
        });
      });
      // The exit handler of `ready` must not turn a normal end into an unhandled rejection.
      ready.catch(() => undefined);
      return { child, ready, done };
    });
    await Promise.all(outputs.map((output) => output.ready));
    for (const output of outputs) output.child.stdin?.write('go\n');
    return await Promise.all(outputs.map((output) => output.done));
  } finally {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  }
}
