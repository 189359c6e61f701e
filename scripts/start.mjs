#!/usr/bin/env node
// `npm start`: builds the console when its sources are newer than the last build, then starts the
// server (API + console on one port), which migrates the database and loads demo data when empty.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distIndex = path.join(root, 'apps/web/dist/index.html');
const sources = ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/contract/src'];

function newestChange(target) {
  if (!existsSync(target)) return 0;
  const info = statSync(target);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestChange(path.join(target, entry)));
  return newest;
}

const builtAt = existsSync(distIndex) ? statSync(distIndex).mtimeMs : 0;
const sourcesAt = Math.max(...sources.map((source) => newestChange(path.join(root, source))));
if (sourcesAt > builtAt) {
  console.log('Construction de la console...');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('La construction de la console a échoué.');
    process.exit(build.status ?? 1);
  }
}

// The API runs as built JavaScript (apps/api/dist), rebuilt when its sources changed.
const apiEntry = path.join(root, 'apps/api/dist/server.js');
const apiSources = ['apps/api/src', 'packages/contract/src', 'apps/api/build.mjs'];
const apiBuiltAt = existsSync(apiEntry) ? statSync(apiEntry).mtimeMs : 0;
if (Math.max(...apiSources.map((source) => newestChange(path.join(root, source)))) > apiBuiltAt) {
  console.log("Construction de l'API...");
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/api'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error("La construction de l'API a échoué.");
    process.exit(build.status ?? 1);
  }
}

const server = spawn(process.execPath, ['--enable-source-maps', apiEntry], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
