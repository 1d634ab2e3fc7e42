import type { SearchRequest } from '@splice/schema';
import { isIsoDate, isIsoDateTime } from '@splice/schema';
import { isSpliceProblem } from '../../client/splice-error.js';
import type { SpliceMessages } from '../../provider/messages.js';
import type { FilterRowErrors, FilterRowState } from './filter-row.js';
import type { SearchFieldOption } from './search-fields.js';
import { toFilterValue } from './search-fields.js';

export type RowErrors = Record<number, FilterRowErrors>;

/** Checks rows on the client: a field each, one condition per field, a value of the field's type. */
export function checkRows(
  rows: readonly FilterRowState[],
  options: readonly SearchFieldOption[],
  messages: SpliceMessages,
) {
  const errors: RowErrors = {};
  const fieldFilters: SearchRequest['fieldFilters'] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    const option = options.find((o) => o.name === row.fieldName);
    const rowErrors: FilterRowErrors = {};
    if (!row.fieldName) rowErrors.field = messages.searchFieldRequired;
    else if (seen.has(row.fieldName)) rowErrors.field = messages.searchFieldDuplicate;
    seen.add(row.fieldName);
    const parsed = toFilterValue(option?.kind ?? 'text', row.valueText);
    if ('error' in parsed) {
      rowErrors.value =
        parsed.error === 'required' ? messages.searchValueRequired : messages.searchValueNotNumber;
    } else if (
      option?.format &&
      !(option.format === 'date' ? isIsoDate : isIsoDateTime)(String(parsed.value))
    ) {
      rowErrors.value = option.format === 'date' ? messages.searchValueDate : messages.searchValueDatetime;
    } else if (!rowErrors.field) {
      // A value the user mapped goes out as the provider's value, on the provider field behind the name.
      const translated =
        option?.translate && typeof parsed.value === 'string'
          ? option.translate.values[parsed.value]
          : undefined;
      fieldFilters.push(
        translated !== undefined && option?.translate
          ? { fieldName: option.translate.providerField, operator: 'eq', value: translated }
          : { fieldName: row.fieldName, operator: 'eq', value: parsed.value },
      );
    }
    if (rowErrors.field || rowErrors.value) errors[row.key] = rowErrors;
  }
  return { errors, fieldFilters };
}

/**
 * Puts a 400's issues on the rows they name (`fieldFilters[1].value` is the second row sent); what names
 * no row is returned to be listed in the alert, never dropped.
 */
export function issuesToRows(error: unknown, sentKeys: readonly number[]) {
  const rows: RowErrors = {};
  const other: string[] = [];
  if (!isSpliceProblem(error)) return { rows, other };
  for (const issue of error.issues) {
    const match = /^fieldFilters\[(\d+)\](?:\.(\w+))?/.exec(issue.name);
    const key = match ? sentKeys[Number(match[1])] : undefined;
    if (key === undefined) {
      other.push(`${issue.name}: ${issue.detail}`);
      continue;
    }
    const target = match?.[2] === 'fieldName' ? 'field' : 'value';
    rows[key] = { ...rows[key], [target]: issue.detail };
  }
  return { rows, other };
}
