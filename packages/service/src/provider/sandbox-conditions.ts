/**
 * The WHERE terms of a sandbox query's conditions, shared by search and the bulk reads: one term per
 * condition, `= ?` for one value and `IN (?, ...)` when the field may equal any of several, ANDed by the
 * caller. Each value is first checked against the field's type (./sandbox-columns): a value of the wrong
 * type can match no record, so it is dropped, and a condition left with no value matches nothing.
 */
import { UnknownFieldError } from './errors.js';
import { type FieldFilter, valuesOf } from './provider-contract.js';
import { noMatch } from './sandbox-columns.js';
import { providerName, type SandboxTable } from './sandbox-tables.js';

export interface ConditionTerms {
  /** One SQL term per condition, in the conditions' order. */
  terms: string[];
  /** The terms' parameters, in order. */
  params: Array<string | number | null>;
  /**
   * The fields and how many values each term compares with: queries of one shape differ only in their
   * parameters, so a statement prepared for a shape serves them all.
   */
  shape: string;
}

/**
 * The terms of `conditions` on `table`, or `noMatch` when one of them can match no record. Throws
 * `UnknownFieldError` for a field the table lacks, whatever the values.
 */
export function conditionTerms(
  table: SandboxTable,
  conditions: readonly FieldFilter[],
): ConditionTerms | typeof noMatch {
  const columns = conditions.map((condition) => {
    const column = table.columnsByField.get(condition.fieldName);
    if (column === undefined)
      throw new UnknownFieldError(providerName, table.objectName, condition.fieldName);
    return column;
  });
  const terms: string[] = [];
  const params: Array<string | number | null> = [];
  const shape: string[] = [];
  for (const [index, column] of columns.entries()) {
    const matchable = new Set<string | number | null>();
    for (const value of valuesOf(conditions[index]!)) {
      const param = column.codec.filterParam(value);
      if (param !== noMatch) matchable.add(param);
    }
    if (matchable.size === 0) return noMatch;
    terms.push(
      matchable.size === 1
        ? `${column.sql} = ?`
        : `${column.sql} IN (${Array.from(matchable, () => '?').join(', ')})`,
    );
    params.push(...matchable);
    shape.push(`${column.fieldName}\u0001${matchable.size}`);
  }
  return { terms, params, shape: shape.join('\u0000') };
}
