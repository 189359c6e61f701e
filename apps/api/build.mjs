// `npm run build -w apps/api`: the API as plain JavaScript in apps/api/dist (server.js and its
// chunks), so production runs without compiling TypeScript at start-up (tsx) and each process loads
// only what it uses. npm packages stay external (native addons, files they read beside themselves);
// the workspace contract is bundled. dist/ sits at the same depth as src/, so paths computed from a
// module's own location (config.ts's repository root) stay right.
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const manifest = JSON.parse(readFileSync(path.join(here, 'package.json'), 'utf8'));
const external = Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@kwanza/'));
const outdir = path.join(here, 'dist');

rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: {
    server: path.join(here, 'src/server.ts'),
    // A worker thread's own entry (seed/parallel-text-indexes.ts starts it beside its chunk).
    'text-index-worker': path.join(here, 'src/seed/text-index-worker.ts'),
  },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external,
  sourcemap: 'linked',
  outExtension: { '.js': '.js' },
  // Flat: a chunk holding config.ts must sit at src/'s depth.
  chunkNames: '[name]-[hash]',
  logLevel: 'warning',
});
console.log(`API construite dans ${path.relative(process.cwd(), outdir) || outdir}`);
