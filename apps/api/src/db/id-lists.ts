/*
 * Lists of ids written into a statement (`id in (…)`): a page read among a search's matches, the
 * counters of those matches. Each id is a placeholder of the statement's text, and SQLite keeps one
 * prepared statement per text (db/statement-cache): every number of matches was a statement of its
 * own, prepared again when met (380 ids: 1.3 ms, against 0.21 ms for one kept) and pushing the lists'
 * other statements out of the cache. Padded to a few lengths, a list's statements are a handful.
 */

/** Lengths up to this one are powers of two; longer lists take multiples of it. */
const LARGEST_POWER = 1024;

/** The length `count` ids are padded to: the next power of two, then the next multiple of 1,024. */
export function paddedLength(count: number): number {
  if (count <= 1) return count;
  if (count > LARGEST_POWER) return Math.ceil(count / LARGEST_POWER) * LARGEST_POWER;
  return 2 ** Math.ceil(Math.log2(count));
}

/**
 * `ids`, then its last id repeated up to `paddedLength`: the same set for `in (…)`, in one of a few
 * statements' shapes.
 */
export function paddedIds(ids: readonly number[]): number[] {
  const padded = [...ids];
  const last = ids.at(-1);
  if (last === undefined) return padded;
  while (padded.length < paddedLength(ids.length)) padded.push(last);
  return padded;
}
