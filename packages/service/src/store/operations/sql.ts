/** Small builders for the operation store's statements, in the SQL both databases accept. */

/**
 * Rows one multi-row statement carries at most: well inside both databases' limits on parameters (SQLite
 * 32,766, PostgreSQL 65,535), and it caps the distinct statement texts the access layer caches.
 */
export const rowsAtOnce = 500;

/** `items` in runs of at most `rowsAtOnce`. */
export function chunks<T>(items: readonly T[]): T[][] {
  const runs: T[][] = [];
  for (let start = 0; start < items.length; start += rowsAtOnce) {
    runs.push(items.slice(start, start + rowsAtOnce));
  }
  return runs;
}

/** `(?, ?, ...)` with `count` parameters: the list of an `IN`. */
export const inList = (count: number): string => `(${Array.from({ length: count }, () => '?').join(', ')})`;

/** `row` repeated `count` times, comma-separated: the rows of a multi-row `VALUES`. */
export const valueRows = (count: number, row: string): string =>
  Array.from({ length: count }, () => row).join(', ');
