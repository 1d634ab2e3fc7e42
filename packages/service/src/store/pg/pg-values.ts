/**
 * A multi-row `VALUES` list for node-postgres: `($7, $8), ($9, $10)` and the rows' parameters flattened, the
 * first numbered `after + 1` (after the statement's own parameters). Several rows go out in one statement,
 * and every value is a plain parameter: node-postgres escapes each element of an array parameter with two
 * regex passes, which for a page's message bodies (hundreds of kilobytes) was a tenth of a backfill's CPU.
 */
export function valuesList(
  rows: ReadonlyArray<readonly unknown[]>,
  after = 0,
): { sql: string; params: unknown[] } {
  let next = after;
  const sql = rows.map((row) => `(${row.map(() => `$${++next}`).join(', ')})`).join(', ');
  return { sql, params: rows.flat() };
}
