import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { naturalLevel, STRUCTURE_ROW, structureAtLevel } from '../db/text-index-structure.js';
import type { FromTextIndexWorker, TextIndexWorkerData, ToTextIndexWorker } from './parallel-text-indexes.js';

/*
 * The seed's text-index builder, on a thread of its own (seed/parallel-text-indexes.ts): it indexes
 * the texts the seed sends into FTS5 tables defined like the database's own, in a file of its own,
 * then merges each index into one segment, placed at the level its size gives it (`placeAtNaturalLevel`).
 * Nothing else: no content table, no trigger.
 */

const data = workerData as TextIndexWorkerData;
const port = parentPort;
if (!port) throw new Error('text-index-worker runs as a worker thread');

const db = new Database(data.file);
// A scratch file, thrown away when the seed ends: no journal, no syncing.
db.pragma('journal_mode = off');
db.pragma('synchronous = off');
db.pragma(`cache_size = ${-data.cacheKib}`);
const inserts = new Map<string, Database.Statement<[number, string | null]>>();
/** Rows indexed, by index. */
const indexed = new Map<string, number>();
for (const definition of data.definitions) {
  db.exec(definition.sql);
  const name = `"${definition.name}"`;
  db.exec(`insert into ${name} (${name}, rank) values ('hashsize', ${Math.trunc(data.hashBytes)})`);
  /* No merges while rows come: FTS5 would merge its segments four at a time as they are written
     (each text rewritten at every level), and the end's 'optimize' merges them all again anyway.
     Without them (and no forced merge before 64 segments a level), the projects' index of 200,000
     users: 5.8 s of inserts and 2.0 s of optimize → 4.1 s and 2.0 s. */
  db.exec(`insert into ${name} (${name}, rank) values ('automerge', 0)`);
  db.exec(`insert into ${name} (${name}, rank) values ('crisismerge', 64)`);
  inserts.set(
    definition.name,
    db.prepare(`insert into ${name} (rowid, "${definition.column}") values (?, ?)`),
  );
}
db.exec('begin');

function indexRows(message: Extract<ToTextIndexWorker, { kind: 'rows' }>): void {
  const insert = inserts.get(message.name);
  if (!insert) throw new Error(`unknown text index ${message.name}`);
  for (let position = 0; position < message.ids.length; position += 1) {
    insert.run(message.ids[position] ?? 0, message.texts[position] ?? null);
  }
  indexed.set(message.name, (indexed.get(message.name) ?? 0) + message.ids.length);
}

/**
 * The index `name`, one segment after 'optimize', moved to the level it would have reached had its
 * rows been written one a transaction, as the API writes them (text-index-structure `naturalLevel`).
 * 'optimize' leaves it at level 1 at most, where the segments of the next writes, merged four by four,
 * reach it after a dozen writes and merge it with theirs, then again at each level it climbs (after
 * some 60, 250, 1,000, 4,000 writes): the audit journal's index at a million users (800,000 entries,
 * 270 MB) was rewritten whole again and again under the bench's conversation reads (each writes an
 * entry), 64 pages a statement in the background, each holding the write lock up to 120 ms (a term's
 * whole list is written at once) and a core busy for minutes; the other indexes, merged inside their
 * own writes (every 64 pages written), climb the same way. At its natural level (9 for 800,000 rows)
 * it is merged once the index has taken some three times as many rows again, as in an index grown by
 * its writes. Its pages, found by the segment's id, are not touched: only the structure
 * record changes, and FTS5 reads it afresh in the database (the seed creates the table object again).
 */
function placeAtNaturalLevel(name: string): void {
  const data = `"${name}_data"`;
  const record = db
    .prepare<[], Uint8Array>(`select block from ${data} where id = ${STRUCTURE_ROW}`)
    .pluck()
    .get();
  if (!record) return;
  const placed = structureAtLevel(record, naturalLevel(indexed.get(name) ?? 0));
  if (placed) db.prepare(`update ${data} set block = ? where id = ${STRUCTURE_ROW}`).run(placed);
}

function finish(): void {
  db.exec('commit');
  // The structure records are FTS5's own rows, which the driver's defensive mode keeps from statements.
  db.unsafeMode(true);
  for (const definition of data.definitions) {
    const name = `"${definition.name}"`;
    db.exec(`insert into ${name} (${name}) values ('optimize')`);
    placeAtNaturalLevel(definition.name);
  }
  db.close();
}

port.on('message', (message: ToTextIndexWorker) => {
  if (message.kind === 'rows') {
    indexRows(message);
    const reply: FromTextIndexWorker = { kind: 'indexed', characters: message.characters };
    port.postMessage(reply);
    return;
  }
  finish();
  const reply: FromTextIndexWorker = { kind: 'built' };
  port.postMessage(reply);
});
