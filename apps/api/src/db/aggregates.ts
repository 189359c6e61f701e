import { type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';

/*
 * Portable counting. These count the rows of a query as it is filtered: use them for bounded sets
 * (one user's rows, one page's ids, a small table). Whole-list totals come from the kept counters
 * (db/counters.ts), never from a count over a large table per request.
 */

/** `sum(case when condition then 1 else 0 end)`: a count of the rows matching a condition (both databases). */
export function countWhere<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  condition: Expression<SqlBool>,
) {
  return eb.fn.sum<number | string | null>(eb.case().when(condition).then(eb.lit(1)).else(eb.lit(0)).end());
}

/** A SQL count (number, numeric string, bigint or null on PostgreSQL) as a number. */
export function toCount(value: number | string | bigint | null | undefined): number {
  return Number(value ?? 0);
}

/**
 * How many rows of `query` hold each value of an enum column: one GROUP BY, every value of `values`
 * present in the answer (zero when no row has it); values outside the enum are ignored.
 */
export async function countEach<DB, TB extends keyof DB, O, V extends string>(
  query: SelectQueryBuilder<DB, TB, O>,
  column: Expression<string>,
  values: readonly V[],
): Promise<Record<V, number>> {
  const rows = await query
    .clearSelect()
    .clearOrderBy()
    .select((eb) => [sql<string>`${column}`.as('value'), eb.fn.countAll<number | string>().as('n')])
    .groupBy(sql`${column}`)
    .execute();
  const counts = Object.fromEntries(values.map((value) => [value, 0])) as Record<V, number>;
  for (const row of rows as unknown as { value: string; n: number | string }[]) {
    if ((values as readonly string[]).includes(row.value)) counts[row.value as V] = toCount(row.n);
  }
  return counts;
}
