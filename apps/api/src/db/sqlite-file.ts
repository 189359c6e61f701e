import path from 'node:path';

/** The SQLite database file in the data folder. */
export function sqliteFilePath(dataDir: string): string {
  return path.join(dataDir, 'kwanza.sqlite');
}
