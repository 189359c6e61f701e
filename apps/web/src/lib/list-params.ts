import { useCallback, useMemo, useRef } from 'react';
import { type NavigateOptions, useSearchParams } from 'react-router';
import { z } from 'zod';

/**
 * Typed list state in the URL (filters, search, page), from one zod object per list.
 *
 * Why not nuqs: its engines and peers accept Node 20.19, React 19 and React Router 7, but it parses
 * each parameter with its own parser API, so every list would describe its fields twice (once in the
 * contract's zod schema, once as nuqs parsers) and the "any change but page goes back to page 1" rule
 * would still be ours. Reading the URL through the contract's own field schemas keeps one description
 * per field and fits in this file.
 */

/** Fields of a list's URL state: each reads a URL value (string) or its absence (undefined). */
export type ListParamsShape = Record<string, z.ZodType>;

export type ListState<S extends ListParamsShape> = z.output<z.ZodObject<S>>;

type UrlScalar = string | number | boolean | null | undefined;

function toUrlValue(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  return String(value as UrlScalar);
}

/** What a field reads when the URL does not name it: its default, else undefined. */
function fieldDefault(field: z.ZodType): unknown {
  const parsed = field.safeParse(undefined);
  return parsed.success ? parsed.data : undefined;
}

export interface ListParamsDefinition<S extends ListParamsShape> {
  /** The tolerant schema: every field falls back to its default on a bad value. */
  readonly schema: z.ZodObject<S>;
  readonly keys: readonly (keyof S & string)[];
  readonly defaults: ListState<S>;
  /** The state a URL describes (never throws: unknown values read as their defaults). */
  parse(search: URLSearchParams): ListState<S>;
  /**
   * The URL after applying `patch` to the state `current` describes: defaults are left out, other
   * parameters of `current` kept, and a change of anything but `page` goes back to the first page.
   */
  apply(current: URLSearchParams, patch: Partial<ListState<S>>): URLSearchParams;
}

/**
 * Builds a list's URL state from field schemas, usually picked from the contract's query schema
 * (`UserListQuery.pick({page: true, search: true, role: true})`). Each field is made tolerant
 * (`.catch(default)`): a hand-edited or outdated link shows the unfiltered list, never an error.
 * Fields must accept a missing value (optional or with a default).
 */
export function defineListParams<S extends ListParamsShape>(
  shape: S,
  options: {
    /**
     * Fields that are not filters but an open detail (`?verification=12`): opening one keeps the page,
     * and they are written after it.
     */
    details?: readonly (keyof S & string)[];
  } = {},
): ListParamsDefinition<S> {
  const keys = Object.keys(shape) as (keyof S & string)[];
  const details: readonly string[] = options.details ?? [];
  // As people read a link: the filters, the page, then an open detail ('?role=client&page=2').
  const writeOrder = [
    ...keys.filter((key) => key !== 'page' && !details.includes(key)),
    ...keys.filter((key) => key === 'page'),
    ...keys.filter((key) => details.includes(key)),
  ];
  const tolerant: Record<string, z.ZodType> = {};
  for (const key of keys) {
    const field = shape[key] as z.ZodType;
    tolerant[key] = field.catch(fieldDefault(field) as never);
  }
  const schema = z.object(tolerant) as unknown as z.ZodObject<S>;
  const read = (values: Record<string, string | undefined>) => schema.parse(values) as ListState<S>;
  const defaults = read({});

  const parse = (search: URLSearchParams) => {
    const values: Record<string, string | undefined> = {};
    for (const key of keys) values[key] = search.get(key) ?? undefined;
    return read(values);
  };

  const apply = (current: URLSearchParams, patch: Partial<ListState<S>>) => {
    const before = parse(current) as Record<string, unknown>;
    const wanted: Record<string, string | undefined> = {};
    for (const key of keys) {
      wanted[key] = toUrlValue(key in patch ? (patch as Record<string, unknown>)[key] : before[key]);
    }
    // Through the schema again, so 'Ana ' and 'Ana' are one search and a bad value is its default.
    const after = read(wanted) as Record<string, unknown>;
    const otherChange = keys.some(
      (key) => key !== 'page' && !details.includes(key) && !Object.is(after[key], before[key]),
    );
    if (otherChange && 'page' in shape && !('page' in patch)) {
      after.page = (defaults as Record<string, unknown>).page;
    }
    const next = new URLSearchParams(current);
    for (const key of keys) next.delete(key);
    for (const key of writeOrder) {
      const value = toUrlValue(after[key]);
      if (value !== undefined && !Object.is(after[key], (defaults as Record<string, unknown>)[key])) {
        next.set(key, value);
      }
    }
    return next;
  };

  return { schema, keys, defaults, parse, apply };
}

export interface ListParamsHandle<S extends ListParamsShape> {
  params: ListState<S>;
  /** The whole query string: changes whenever the URL does (a search box resyncs on it). */
  urlKey: string;
  /** Applies a change (see `apply`); staged values not overridden by `patch` are applied with it. */
  update(patch: Partial<ListState<S>>, options?: NavigateOptions): void;
  /**
   * Remembers a value typed but not yet applied (a search box's text): the next `update` (a filter
   * change, a page change) applies it too, so the list and the box never disagree.
   */
  stage(patch: Partial<ListState<S>>): void;
}

/** A list's state read from the URL, and the way to change it. */
export function useListParams<S extends ListParamsShape>(
  definition: ListParamsDefinition<S>,
): ListParamsHandle<S> {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = useMemo(() => definition.parse(searchParams), [definition, searchParams]);
  const latest = useRef(searchParams);
  latest.current = searchParams;
  const staged = useRef<Partial<ListState<S>>>({});

  const update = useCallback(
    (patch: Partial<ListState<S>>, options?: NavigateOptions) => {
      const merged = { ...staged.current, ...patch };
      staged.current = {};
      const current = latest.current;
      const next = definition.apply(current, merged);
      if (next.toString() === current.toString()) return;
      latest.current = next;
      setSearchParams(next, options);
    },
    [definition, setSearchParams],
  );
  const stage = useCallback((patch: Partial<ListState<S>>) => {
    staged.current = { ...staged.current, ...patch };
  }, []);

  const urlKey = searchParams.toString();
  return useMemo(() => ({ params, urlKey, update, stage }), [params, urlKey, update, stage]);
}
