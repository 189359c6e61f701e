/*
 * SQLite: the write-ahead log copied into the database file apart from the requests.
 *
 * By default the commit that takes the log past 1,000 pages copies them into the database file and
 * syncs it (SQLite's `wal_autocheckpoint`), inside the request that made it, holding its process's
 * event loop. At a million users each journal entry (reading a conversation writes one) adds about 15
 * pages: one commit in 66 took 12–20 ms more than the others (without it, 5,000 single inserts had a
 * p99 of 0.7 ms instead of 16). With several API processes, the supervising process, which serves no
 * request, runs a passive checkpoint every so often on its own connection (server/sqlite-upkeep.ts):
 * passive, it waits for no one and stops where a reader still needs the log; the API processes keep
 * an automatic checkpoint far higher (`API_AUTOCHECKPOINT_PAGES`) in case that process stops. Alone,
 * the API process keeps SQLite's default (it has no one to hand the work to).
 */

import { type BackgroundLoop, startBackgroundLoop } from './background-loop.js';

/** The API processes' own checkpoint threshold under a supervisor (pages of 4 KB: 40 MB of log). */
export const API_AUTOCHECKPOINT_PAGES = 10_000;

/** What `pragma wal_checkpoint(…)` answers. */
export interface CheckpointResult {
  /** 1 when the checkpoint could not start or end (another one was running, a writer or reader waited on). */
  busy: number;
  /** Pages in the log. */
  log: number;
  /** Pages of the log now in the database file. */
  checkpointed: number;
}

/** The two checkpoints the loop runs, on the supervising process's connection. */
export interface WalCheckpointer {
  /** `wal_checkpoint(passive)`: copies what no reader still needs, waiting for no one. */
  passive(): CheckpointResult | undefined;
  /** `wal_checkpoint(restart)`: copies the rest and waits for the readers, so that the next writer starts the log over. */
  restart(): CheckpointResult | undefined;
}

export interface WalCheckpointOptions {
  /** Pause between two checkpoints. */
  intervalMs?: number;
  /** Pages in the log from which the log is started over. */
  restartFromPages?: number;
  onError?: (error: unknown) => void;
}

/** Ends the loop once its current checkpoint is done (`stop`). */
export type WalCheckpoints = BackgroundLoop;

/** 250 ms: at the bench's 500 journal entries a second, some 1,900 pages a checkpoint. */
const DEFAULT_INTERVAL_MS = 250;
/** SQLite's own automatic threshold: the log stays about as long as it was. */
const DEFAULT_RESTART_FROM_PAGES = 1_000;

/**
 * Checkpoints the log through `checkpointer` every `intervalMs` until `stop`: a passive checkpoint,
 * then, once the log holds `restartFromPages` pages, a restart. Passive checkpoints alone would let
 * the log grow while writes follow each other: a writer starts the log over only when it finds it
 * wholly copied, and under steady writes there is always a newer page (at 8,000 journal inserts in a
 * row, the log reached the API's own threshold, whose checkpoint took 90–100 ms). The restart holds
 * writers off while it copies what the passive ones left, syncs the file and waits for the readers:
 * under the bench's 16 connections reading conversations (820 requests/s, each writing its journal
 * entry), p50 8.5 ms, p90 13.8 (11.1 and 20.5 after a single passive checkpoint), against 30–80 ms
 * for the passive ones, which hold no one off. The API processes' writes wait for it without
 * blocking their event loops (db/sqlite-dialect.ts). A failure is reported and the loop goes on.
 */
export function startWalCheckpoints(
  checkpointer: WalCheckpointer,
  options: WalCheckpointOptions = {},
): WalCheckpoints {
  const intervalMs = options.intervalMs ?? DEFAULT_INTERVAL_MS;
  const restartFromPages = options.restartFromPages ?? DEFAULT_RESTART_FROM_PAGES;
  return startBackgroundLoop(() => {
    try {
      const passive = checkpointer.passive();
      if (passive && passive.log >= restartFromPages) {
        // Another passive one first: the restart then copies only what came during this one.
        checkpointer.passive();
        checkpointer.restart();
      }
    } catch (error) {
      options.onError?.(error);
    }
    return intervalMs;
  }, intervalMs);
}
