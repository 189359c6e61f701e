/**
 * The bench's load: N connections sending the same GET for a few seconds, with throughput, latency
 * percentiles and errors.
 *
 * wrk (Debian's package `wrk`) when it is installed, autocannon otherwise. The load generator runs on
 * the same two cores as the server it measures, so its own CPU is taken from the server: one wrk
 * thread (C, epoll) costs less than autocannon in this bench's Node process. Alternated on the same
 * million-user database (16 connections, two runs each): the users list 2,266 and 2,192 requests/s
 * (p95 15.4 and 17.0 ms) with wrk, 2,025 and 1,868 (p95 16.7 and 18.4) with autocannon; the reports
 * list 2,532 and 2,463 against 2,156 and 2,218. wrk is what the first measures were taken
 * with.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

export interface Load {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

export type LoadTool = 'wrk' | 'autocannon';

export function availableLoadTool(): LoadTool {
  const probe = spawnSync('wrk', ['--version'], { stdio: 'ignore' });
  // wrk prints its usage and exits with 1 when asked its version: found is what matters.
  return probe.error ? 'autocannon' : 'wrk';
}

/** The percentile of sorted values (nearest rank). */
export function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return (
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? Number.NaN
  );
}

/** wrk's report, written by its `done` hook as one JSON line (latencies in microseconds). */
const WRK_REPORT = `done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('{"requests":%d,"duration":%d,"p50":%d,"p95":%d,"p99":%d,"errors":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(95),
    latency:percentile(99), e.connect + e.read + e.write + e.timeout + e.status))
end
`;

interface WrkReport {
  requests: number;
  duration: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

/** The load wrk's output reports (its `done` hook's line), in requests/s and milliseconds. */
export function parseWrkReport(output: string): Load | undefined {
  const line = output.split('\n').find((candidate) => candidate.startsWith('{"requests"'));
  if (!line) return undefined;
  const report = JSON.parse(line) as WrkReport;
  return {
    rps: report.requests / (report.duration / 1e6),
    p50: report.p50 / 1000,
    p95: report.p95 / 1000,
    p99: report.p99 / 1000,
    errors: report.errors,
  };
}

function loadWithWrk(url: string, token: string, connections: number, seconds: number): Promise<Load> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'kwanza-wrk-'));
  const script = path.join(folder, 'report.lua');
  writeFileSync(script, WRK_REPORT);
  // One thread: a second one takes as much CPU from the server as it adds load.
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '-H', `Authorization: Bearer ${token}`];
  const child = spawn('wrk', [...args, '-s', script, url], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return new Promise<Load>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => {
      rmSync(folder, { recursive: true, force: true });
      const report = code === 0 ? parseWrkReport(output) : undefined;
      if (report) resolve(report);
      else reject(new Error(`wrk a échoué (${code}) : ${output}`));
    });
  });
}

async function loadWithAutocannon(
  url: string,
  token: string,
  connections: number,
  seconds: number,
): Promise<Load> {
  const latencies: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url, connections, duration: seconds, headers: { authorization: `Bearer ${token}` } },
      (error, outcome) => (error ? reject(error) : resolve(outcome)),
    );
    instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
  latencies.sort((a, b) => a - b);
  return {
    rps: result.requests.average,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    errors: result.errors + result.non2xx,
  };
}

/** Loads `url` with `connections` concurrent connections for `seconds` seconds. */
export function load(
  tool: LoadTool,
  url: string,
  token: string,
  connections: number,
  seconds: number,
): Promise<Load> {
  return tool === 'wrk'
    ? loadWithWrk(url, token, connections, seconds)
    : loadWithAutocannon(url, token, connections, seconds);
}
