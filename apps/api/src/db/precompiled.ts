import type { Compilable, CompiledQuery, Kysely, QueryId } from 'kysely';
import type { Dialect } from './database.js';
import { nameOnPostgres } from './prepared-statements.js';
import type { Database } from './schema.js';
import { dialectOf } from './sql.js';

/*
 * Statements on every request's path whose shape never changes (the session check, the lists'
 * counters): Kysely builds and compiles a query on each call, 30–45 µs for the session check's join,
 * more than running it on its index. A precompiled query is built and compiled once per dialect,
 * with a marker in place of each value, and then run with each call's values in the markers' places.
 *
 * A value must be one the builder would bind as it is (a string or a number): one that would change
 * the SQL text (an array for `in`, a null for `is`) cannot take a marker's place.
 */

const MARKER_PREFIX = '\u0000precompiled-value-';

interface Compiled<R> {
  query: CompiledQuery<R>;
  /** For each parameter of the SQL: the index of the call's value it takes, or -1 (a constant). */
  slots: number[];
}

/**
 * The SQL of each precompiled statement by its query id: a plugin sees a precompiled statement's
 * result but not its query (test/statement-recorder records what a list runs).
 */
const sqlByQueryId = new WeakMap<QueryId, string>();

export function precompiledSql(queryId: QueryId): string | undefined {
  return sqlByQueryId.get(queryId);
}

export interface PrecompiledQuery<Values extends readonly (string | number)[], Row> {
  execute(db: Kysely<Database>, ...values: Values): Promise<Row[]>;
  executeTakeFirst(db: Kysely<Database>, ...values: Values): Promise<Row | undefined>;
}

/**
 * `build` receives markers in place of the values (typed as the values, so that the builder checks
 * the columns they are compared with) and must use each of them.
 */
export function precompiled<Values extends readonly (string | number)[], Row>(
  valueCount: Values['length'],
  build: (db: Kysely<Database>, ...values: Values) => Compilable<Row>,
  options: {
    /**
     * Run named on PostgreSQL (default), for a statement whose plan never depends on its values;
     * false for one whose plan does (a page's ids under its filters): planned at each run.
     */
    named?: boolean;
  } = {},
): PrecompiledQuery<Values, Row> {
  const byDialect = new Map<Dialect, Compiled<Row>>();

  function compiledFor(db: Kysely<Database>): Compiled<Row> {
    const dialect = dialectOf(db);
    let compiled = byDialect.get(dialect);
    if (!compiled) {
      const markers = Array.from({ length: valueCount }, (_, index) => `${MARKER_PREFIX}${index}`);
      // The markers stand for the values: strings in place of whatever the values are.
      const query = build(db, ...(markers as unknown as Values)).compile();
      const slots = query.parameters.map((parameter) =>
        typeof parameter === 'string' ? markers.indexOf(parameter) : -1,
      );
      const unused = markers.filter((_, index) => !slots.includes(index));
      if (unused.length > 0) {
        throw new Error(`Requête précompilée : ${unused.length} valeur(s) absente(s) du SQL.`);
      }
      compiled = { query, slots };
      sqlByQueryId.set(query.queryId, query.sql);
      byDialect.set(dialect, compiled);
      // Its plan never depends on its values: PostgreSQL may keep one (db/prepared-statements).
      if (dialect === 'postgres' && options.named !== false) nameOnPostgres(query.sql);
    }
    return compiled;
  }

  async function execute(db: Kysely<Database>, ...values: Values): Promise<Row[]> {
    const { query, slots } = compiledFor(db);
    const parameters = slots.map((slot, index) => (slot === -1 ? query.parameters[index] : values[slot]));
    const result = await db.executeQuery<Row>({ ...query, parameters });
    return result.rows;
  }

  return {
    execute,
    async executeTakeFirst(db, ...values) {
      return (await execute(db, ...values))[0];
    },
  };
}
