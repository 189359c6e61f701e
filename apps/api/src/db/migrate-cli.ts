import { loadConfig } from '../config.js';
import { openDatabase } from './database.js';
import { migrateToLatest } from './migrate.js';

const config = loadConfig();
const handle = openDatabase(config);
try {
  const applied = await migrateToLatest(handle.db);
  console.log(
    applied.length ? `Migrations appliquées : ${applied.join(', ')}` : 'Base de données déjà à jour.',
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await handle.close();
}
