/*
 * SQLite: the text indexes whose segments are merged in the background, not by the writes that add
 * to them (FTS5 `automerge = 0`, migration 2026-11-27-0038). Without it a write paid for a unit of
 * merging every so many pages, and a unit ends only between two terms, so over a large segment it
 * wrote a common trigram's whole list: on a copy of the bench's database at a million users (26
 * segments, a merge of the large one under way), 5,000 single inserts into the audit journal had a
 * p99 of 26 ms, 60 over 20 ms and one of 1.6 s, each holding its process's event loop (reading a
 * conversation records an entry).
 *
 * The server runs the merges apart from the requests: in the supervising process when there are
 * several API processes (it serves no request; the API processes wait for the write lock without
 * blocking theirs, see sqlite-dialect.ts), in the API process itself when it is alone. Once an index
 * holds more than 8 segments, FTS5's own tiers are merged (a positive 'merge': the level holding the
 * most segments, 4 or more), a statement at a time with a pause between two; otherwise nothing but a
 * look at the structure record once a second. Merging as soon as a level held 4 segments climbed the
 * tiers up to the large segment during the bench's writes (221 steps behind after it, up to 196 ms
 * each); past 8 it merges the small new segments. Inserts then pay FTS5's crisis merge only (a level
 * of 16 segments), which the loop keeps away. On the same copy, 20,000 single inserts beside the
 * merges (past 6 segments there): p99 8.9 ms, the longest 79 ms (waiting for a merge statement to
 * release the lock).
 * A merge that fails (the lock not obtained in time) is reported and tried again at the next turn.
 */

import { type BackgroundLoop, startBackgroundLoop } from './background-loop.js';

/** The FTS5 indexes merged in the background. */
export const BACKGROUND_MERGED_INDEXES: readonly string[] = ['audit_entries_fts'];

/**
 * What the loop needs of a connection: no database library here, so that the supervising process
 * loads none (a bare better-sqlite3 connection, server/sqlite-upkeep.ts; Kysely in the API process,
 * text-index-merge.ts's `indexMergesOf`).
 */
export interface TextIndexMerges {
  /** Segments `index` holds (its structure record). */
  segments(index: string): Promise<number>;
  /** One merge statement over FTS5's tiers (`mergeStatement`); true when it merged something. */
  mergeStep(index: string, pages: number): Promise<boolean>;
}

export interface TextIndexUpkeepOptions {
  indexes?: readonly string[];
  /** Merges start once an index holds more segments than this. */
  segmentsAllowed?: number;
  /** Pages a merge statement writes, about (FTS5 ends it at the next term). */
  pagesPerStep?: number;
  /** Pause after a statement that merged something. */
  stepPauseMs?: number;
  /** Pause once nothing is left to merge. */
  idleMs?: number;
  onError?: (error: unknown) => void;
}

/** Ends the loop once its current statement is done (`stop`). */
export type TextIndexUpkeep = BackgroundLoop;

const DEFAULTS = { segmentsAllowed: 8, pagesPerStep: 64, stepPauseMs: 20, idleMs: 1000 };

/** Starts merging `indexes` in the background through `merges`, until `stop`. */
export function startTextIndexUpkeep(
  merges: TextIndexMerges,
  options: TextIndexUpkeepOptions = {},
): TextIndexUpkeep {
  const indexes = options.indexes ?? BACKGROUND_MERGED_INDEXES;
  const { segmentsAllowed, pagesPerStep, stepPauseMs, idleMs } = { ...DEFAULTS, ...options };
  return startBackgroundLoop(async (stopped) => {
    let merged = false;
    for (const index of indexes) {
      if (stopped()) break;
      try {
        if ((await merges.segments(index)) > segmentsAllowed) {
          merged = (await merges.mergeStep(index, pagesPerStep)) || merged;
        }
      } catch (error) {
        options.onError?.(error);
      }
    }
    return merged ? stepPauseMs : idleMs;
  });
}
