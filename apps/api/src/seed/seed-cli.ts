import { parseArgs } from 'node:util';
import { Presets, SingleBar } from 'cli-progress';
import { ensureFirstAdmin, type FirstAdmin } from '../bootstrap.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { DocumentStorage, documentsDir } from '../storage/document-storage.js';
import { resetSeedData } from './reset-seed-data.js';
import { DEFAULT_SEED, type SeedSummary, seedDatabase } from './seed-database.js';
import { formatPhaseTimings, PhaseClock } from './seed-phases.js';

/*
 * `npm run seed -- [--users N] [--seed N] [--reset] [--phases]`: fills the configured database (DATA_DIR or
 * DATABASE_URL) with demo data.
 */

const DEFAULT_USERS = 300;
/** From this size on the progress bar is shown even when the output is not a terminal. */
const LARGE_RUN = 10_000;

const USAGE = `Usage : npm run seed -- [--users N] [--seed N] [--reset] [--phases]
  --users N   nombre d'utilisateurs à créer (défaut ${DEFAULT_USERS})
  --seed N    graine du générateur (défaut ${DEFAULT_SEED}) : même graine, mêmes données
  --reset     supprime d'abord les données existantes (les administrateurs avec mot de passe sont gardés)
  --phases    affiche la durée de chaque étape (temps écoulé et temps processeur)`;

const SUMMARY_LABELS: Record<keyof SeedSummary, string> = {
  users: 'Utilisateurs',
  provider_profiles: 'Profils prestataires',
  provider_verifications: 'Vérifications prestataires',
  client_verifications: 'Vérifications clients',
  categories: 'Catégories',
  subcategories: 'Sous-catégories',
  projects: 'Projets',
  offers: 'Offres',
  disputes: 'Litiges',
  dispute_evidence: 'Preuves de litiges',
  dispute_status_history: 'Changements de statut des litiges',
  reports: 'Signalements',
  conversations: 'Conversations',
  messages: 'Messages',
  notifications: 'Notifications',
  notification_broadcasts: 'Diffusions de notifications',
  audit_entries: "Entrées du journal d'audit",
  documents: 'Fichiers de documents',
};

class UsageError extends Error {}

const KNOWN_FLAGS = new Set(['--users', '--seed', '--reset', '--phases', '--help', '-h']);

interface CliOptions {
  users: number;
  seed: number;
  reset: boolean;
  phases: boolean;
  help: boolean;
}

function positiveInteger(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value.replaceAll('_', '')) || Number(value.replaceAll('_', '')) < 1) {
    throw new UsageError(`--${name} attend un entier positif (reçu : ${value})`);
  }
  return Number(value.replaceAll('_', ''));
}

function parseOptions(args: string[]): CliOptions {
  let values: { users?: string; seed?: string; reset?: boolean; phases?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      args,
      options: {
        users: { type: 'string' },
        seed: { type: 'string' },
        reset: { type: 'boolean' },
        phases: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch {
    const unknown = args.find((arg) => arg.startsWith('-') && !KNOWN_FLAGS.has(arg.split('=')[0] ?? arg));
    throw new UsageError(unknown ? `Option inconnue : ${unknown}` : `Options invalides : ${args.join(' ')}`);
  }
  return {
    users: positiveInteger(values.users, 'users', DEFAULT_USERS),
    seed: positiveInteger(values.seed, 'seed', DEFAULT_SEED),
    reset: values.reset ?? false,
    phases: values.phases ?? false,
    help: values.help ?? false,
  };
}

function formatSummary(summary: SeedSummary, seconds: number, seed: number): string {
  const width = Math.max(...Object.values(SUMMARY_LABELS).map((label) => label.length)) + 2;
  const numbers = new Intl.NumberFormat('fr-FR');
  const lines = (Object.keys(SUMMARY_LABELS) as (keyof SeedSummary)[]).map(
    (key) => `  ${SUMMARY_LABELS[key].padEnd(width, '.')} ${numbers.format(summary[key]).padStart(10)}`,
  );
  const duration = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 }).format(seconds);
  return [`Remplissage terminé en ${duration} s (graine ${seed}) :`, ...lines].join('\n');
}

function loginHint(admin: FirstAdmin): string {
  if (admin.generatedPassword) {
    return `Connexion : ${admin.email} / ${admin.generatedPassword}\nCe mot de passe ne sera plus affiché : notez-le, ou fixez ADMIN_PASSWORD pour le changer.`;
  }
  return `Connexion : ${admin.email} (mot de passe de ADMIN_PASSWORD ou défini à la création du compte)`;
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  if (options.help) {
    console.log(USAGE);
    return;
  }
  const config = loadConfig();
  const handle = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const storage = new DocumentStorage(documentsDir(config.dataDir));
  const showProgress = process.stdout.isTTY === true || options.users >= LARGE_RUN;
  const bar = new SingleBar(
    {
      format: 'Remplissage [{bar}] {percentage}% | {value}/{total} | {duration_formatted}',
      stream: process.stderr,
      hideCursor: true,
      noTTYOutput: options.users >= LARGE_RUN,
      notTTYSchedule: 5000,
    },
    Presets.shades_classic,
  );
  let barStarted = false;
  try {
    await migrateToLatest(handle.db);
    if (options.reset) {
      console.error('Suppression des données existantes...');
      await resetSeedData(handle.db, storage);
    }
    /* The login admin exists before the seed, as when the server starts, so that it gets notifications. */
    const admin = await ensureFirstAdmin(handle.db, config);
    const started = performance.now();
    const clock = new PhaseClock();
    const summary = await seedDatabase(handle.db, {
      users: options.users,
      seed: options.seed,
      storage,
      onPhase: (phase) => clock.end(phase),
      onProgress: (done, total) => {
        if (!showProgress) return;
        if (!barStarted) {
          bar.start(total, done);
          barStarted = true;
        } else bar.update(done);
      },
    });
    if (barStarted) bar.stop();
    barStarted = false;
    console.log(formatSummary(summary, (performance.now() - started) / 1000, options.seed));
    if (options.phases) console.log(formatPhaseTimings(clock.timings));
    console.log(loginHint(admin));
  } finally {
    if (barStarted) bar.stop();
    await handle.close();
  }
}

try {
  await main();
} catch (error) {
  if (error instanceof UsageError) console.error(`${error.message}\n${USAGE}`);
  else console.error(`Échec du remplissage : ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
