import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { conflict, notFound } from './http-errors.js';

/*
 * State changes as one conditional UPDATE: the row changes only if it is still in one of the allowed
 * source states when the database applies the write, so two admins acting at once cannot both win
 * (the second finds the state already moved and gets the 409). Run it inside the caller's
 * transaction, with the other writes of the same change.
 */

/** Tables whose rows go through states, and the column holding the state. */
export const STATE_COLUMNS = {
  provider_verifications: 'verification_status',
  client_verifications: 'verification_status',
  disputes: 'status',
  reports: 'status',
  projects: 'status',
  conversations: 'status',
} as const;
export type StatefulTable = keyof typeof STATE_COLUMNS;

export interface Transition {
  table: StatefulTable;
  id: number;
  /** States the row may leave (any state when omitted). */
  from?: readonly string[];
  /** New values (the state column among them, usually). */
  set: Readonly<Record<string, unknown>>;
}

export interface TransitionDetails {
  /** French 404 detail when the row does not exist. */
  notFound: string;
  /** French 409 detail when the row is in a state it may not leave this way. */
  refused: string;
  /** Machine code of the 409 (default invalid_transition). */
  code?: string;
}

/** The one place the typed schema is bridged to a table chosen at run time. */
type UntypedDatabase = Record<string, Record<string, unknown>>;
const untyped = (db: Kysely<Database>) => db as unknown as Kysely<UntypedDatabase>;

/** Applies the transition if the row is in an allowed state; true when it changed. */
export async function tryTransition(db: Kysely<Database>, transition: Transition): Promise<boolean> {
  let update = untyped(db)
    .updateTable(transition.table)
    .set({ ...transition.set })
    .where('id', '=', transition.id);
  if (transition.from) {
    if (transition.from.length === 0) return false;
    update = update.where(STATE_COLUMNS[transition.table], 'in', [...transition.from]);
  }
  const result = await update.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Applies the transition or throws: 404 when the row does not exist, 409 when it exists in a state
 * it may not leave (told apart by a read only after the update changed nothing).
 */
export async function applyTransition(
  db: Kysely<Database>,
  transition: Transition,
  details: TransitionDetails,
): Promise<void> {
  if (await tryTransition(db, transition)) return;
  const row = await untyped(db)
    .selectFrom(transition.table)
    .select('id')
    .where('id', '=', transition.id)
    .executeTakeFirst();
  if (!row) throw notFound(details.notFound);
  throw conflict(details.refused, details.code ?? 'invalid_transition');
}
