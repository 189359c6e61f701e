#!/usr/bin/env node
// `npm test`: every check and test level, in order, with one summary line at the end.
// lint → typecheck → unit + web + API on SQLite → API on PostgreSQL → console build → end to end.
// With CI=true a missing PostgreSQL fails the run; otherwise its suite is skipped loudly.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { stripVTControlCharacters } from 'node:util';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reportDir = mkdtempSync(path.join(os.tmpdir(), 'kwanza-tests-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
const failedTests = [];

function run(label, command, args) {
  console.log(`\n━━━ ${label} ━━━`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env });
  if (result.status !== 0) failures.push(label);
  return result.status === 0;
}

function vitest(label, projects) {
  const report = path.join(reportDir, `${label.replace(/\W+/g, '-')}.json`);
  const args = ['vitest', 'run', ...projects.flatMap((project) => ['--project', project])];
  args.push('--reporter=default', '--reporter=json', `--outputFile.json=${report}`);
  const ok = run(label, 'npx', args);
  try {
    const summary = JSON.parse(readFileSync(report, 'utf8'));
    totals.passed += summary.numPassedTests ?? 0;
    totals.failed += summary.numFailedTests ?? 0;
    totals.skipped += (summary.numPendingTests ?? 0) + (summary.numTodoTests ?? 0);
    if (!ok && (summary.numFailedTests ?? 0) === 0) totals.failed += 1;
    failedTests.push(...failedTestsOf(summary, label));
  } catch {
    if (!ok) totals.failed += 1;
  }
  return ok;
}

// CI shows only the end of the output: name each failed test there, with its error's first lines.
function firstLines(text) {
  const lines = stripVTControlCharacters(text).split('\n');
  return lines
    .filter((line) => line.trim() !== '')
    .slice(0, 4)
    .join('\n    ');
}

function failedTestsOf(summary, label) {
  const failed = [];
  for (const file of summary.testResults ?? []) {
    const where = path.relative(root, file.name ?? '');
    const tests = file.assertionResults ?? [];
    for (const test of tests.filter(({ status }) => status === 'failed')) {
      const message = (test.failureMessages ?? []).join('\n');
      failed.push(`[${label}] ${where} › ${test.fullName}\n    ${firstLines(message)}`);
    }
    if (tests.length === 0 && file.status === 'failed') {
      failed.push(`[${label}] ${where}\n    ${firstLines(String(file.message ?? ''))}`);
    }
  }
  return failed;
}

function postgresReachable() {
  const url = new URL(process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  return new Promise((resolve) => {
    const socket = net.connect({ host: url.hostname, port: Number(url.port || 5432) });
    socket.setTimeout(3000);
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

run('Lint (Biome)', 'npx', ['biome', 'check', '.']);
run('Typecheck', 'npm', ['run', 'typecheck', '--silent']);
vitest('Unit, web and API tests on SQLite', ['unit', 'web', 'api-sqlite']);

if (await postgresReachable()) {
  vitest('API tests on PostgreSQL', ['api-postgres']);
} else if (process.env.CI === 'true') {
  console.error('\nPostgreSQL est injoignable : en CI, la suite PostgreSQL est obligatoire.');
  failures.push('API tests on PostgreSQL (PostgreSQL unreachable)');
  totals.failed += 1;
} else {
  console.warn(`\n${'!'.repeat(78)}`);
  console.warn('!!! PostgreSQL is unreachable: the API suite on PostgreSQL was SKIPPED.');
  console.warn('!!! Start PostgreSQL on 127.0.0.1:5432 (or set TEST_POSTGRES_URL) to run it.');
  console.warn('!'.repeat(78));
}

if (run('Console build', 'npm', ['run', 'build', '--silent'])) {
  vitest('End-to-end tests (Chromium)', ['e2e']);
} else {
  totals.failed += 1;
}

rmSync(reportDir, { recursive: true, force: true });
console.log('');
if (failedTests.length) console.log(`Failed tests:\n${failedTests.join('\n')}\n`);
if (failures.length) console.log(`Failed steps: ${failures.join('; ')}`);
console.log(`tests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length ? 1 : 0);
