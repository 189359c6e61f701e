import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import type { FromTextIndexWorker, TextIndexWorkerData, ToTextIndexWorker } from './parallel-text-indexes.js';

/*
 * The seed's text-index builder, on a thread of its own (seed/parallel-text-indexes.ts): it indexes
 * the texts the seed sends into FTS5 tables defined like the database's own, in a file of its own,
 * then merges each index into one segment. Nothing else: no content table, no trigger.
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
}

function finish(): void {
  db.exec('commit');
  for (const definition of data.definitions) {
    const name = `"${definition.name}"`;
    db.exec(`insert into ${name} (${name}) values ('optimize')`);
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
