/*
 * Multi-row inserts cut into batches that stay under the bind-parameter limits of both databases
 * (PostgreSQL 65 535, SQLite 32 766).
 */

const MAX_BIND_PARAMETERS = 30_000;

export function batchSizeFor(row: object): number {
  return Math.max(1, Math.floor(MAX_BIND_PARAMETERS / Math.max(1, Object.keys(row).length)));
}

/** Inserts `rows` batch by batch and returns the generated ids in row order. */
export async function insertReturningIds<Row extends object>(
  rows: readonly Row[],
  insert: (batch: Row[]) => Promise<readonly { id: number }[]>,
): Promise<number[]> {
  const first = rows[0];
  if (first === undefined) return [];
  const size = batchSizeFor(first);
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += size) {
    const batch = rows.slice(start, start + size);
    const inserted = await insert(batch);
    if (inserted.length !== batch.length) throw new Error('Insertion incomplète pendant le remplissage');
    for (const row of inserted) ids.push(row.id);
  }
  return ids;
}

/** Inserts `rows` batch by batch when the ids are not needed. */
export async function insertAll<Row extends object>(
  rows: readonly Row[],
  insert: (batch: Row[]) => Promise<unknown>,
): Promise<void> {
  const first = rows[0];
  if (first === undefined) return;
  const size = batchSizeFor(first);
  for (let start = 0; start < rows.length; start += size) await insert(rows.slice(start, start + size));
}
