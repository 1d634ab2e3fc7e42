/**
 * Search as SOQL: one page of records whose fields equal the given values (a condition with several values
 * is an `IN`), the conditions ANDed. Field
 * names are the describe's (an unknown one is a bad request naming it) and values are literals built by
 * ./soql.ts, so no filter can change the query's shape.
 */
import { type ProviderRecord, type SearchRequest, valuesOf } from '../connector.js';
import { ProviderError } from '../provider-error.js';
import type { ProviderHttp } from '../provider-http.js';
import type { DescribedFields } from './describe.js';
import { selectedFields } from './read-page.js';
import { queryPageSchema, toProviderRecord } from './records.js';
import { dataPath, queryBatchSize, salesforceProvider } from './salesforce-api.js';
import { expectSuccess, parseAnswer } from './salesforce-errors.js';
import { buildSoql, filterLiteral, noMatch, type SoqlCondition } from './soql.js';

export async function searchSalesforce(
  http: ProviderHttp,
  described: DescribedFields,
  request: SearchRequest,
): Promise<ProviderRecord[]> {
  const unknown = request.filters.map((filter) => filter.fieldName).filter((name) => !described.get(name));
  if (unknown.length > 0) {
    throw new ProviderError(
      'badRequest',
      `${described.describe.name} has no field ${unknown.join(', ')} in Salesforce.`,
      { provider: salesforceProvider, fieldNames: [...new Set(unknown)] },
    );
  }
  const where: SoqlCondition[] = [];
  for (const filter of request.filters) {
    const field = described.get(filter.fieldName)!;
    // A value of the wrong type equals nothing: it is left out, and a condition left with no value
    // matches no record, so nothing is asked.
    const literals = [
      ...new Set(
        valuesOf(filter).flatMap((value) => {
          const literal = filterLiteral(field, value);
          return literal === noMatch ? [] : [literal];
        }),
      ),
    ];
    if (literals.length === 0) return [];
    where.push(
      literals.length === 1
        ? { field: field.name, operator: '=', literal: literals[0]! }
        : { field: field.name, operator: 'IN', literal: `(${literals.join(', ')})` },
    );
  }
  const limit = Math.min(Math.max(Math.floor(request.limit), 0), queryBatchSize.max);
  if (limit === 0) return [];
  const soql = buildSoql({
    fields: selectedFields(described, request.fields ?? described.defaultFieldNames()),
    from: described.describe.name,
    where,
    limit,
  });
  const response = await http.send({
    method: 'GET',
    path: `${dataPath}/query`,
    query: { q: soql },
    ...(request.signal && { signal: request.signal }),
  });
  const page = parseAnswer(queryPageSchema, expectSuccess(response).body, 'query');
  return page.records.map((raw) => toProviderRecord(raw, described));
}
