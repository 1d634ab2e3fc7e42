/**
 * Where the Salesforce REST API answers under a connection's instance URL, and the names this connector
 * lets into a path or a query. API names of objects, fields and records are checked here before they
 * reach a URL; field names are further checked against the object's describe (./describe.ts).
 */
import { ProviderError } from '../provider-error.js';

export const salesforceProvider = 'salesforce';

/** The REST API version every path uses (Spring '24). */
export const apiVersion = '60.0';

export const dataPath = `/services/data/v${apiVersion}`;

/** The most records one sObject collection request takes. */
export const collectionLimit = 200;

/** Salesforce's page size bounds for a query (`Sforce-Query-Options: batchSize`). */
export const queryBatchSize = { min: 200, max: 2_000 } as const;

// An API name: a letter, then letters, digits and underscores (custom names end in `__c`).
const apiNamePattern = /^[A-Za-z][A-Za-z0-9_]{0,79}$/;
// Record ids are 15 (case-sensitive) or 18 (case-safe) alphanumeric characters.
const recordIdPattern = /^[A-Za-z0-9]{15}(?:[A-Za-z0-9]{3})?$/;

export const isRecordId = (value: string): boolean => recordIdPattern.test(value);

/** The object's API name, or a bad request: anything else must not reach a path or a query. */
export function checkedObjectName(objectName: string): string {
  if (!apiNamePattern.test(objectName)) {
    throw new ProviderError('badRequest', `"${objectName}" is not a Salesforce object name.`, {
      provider: salesforceProvider,
    });
  }
  return objectName;
}

export const sobjectPath = (objectName: string, recordId?: string): string =>
  `${dataPath}/sobjects/${checkedObjectName(objectName)}${recordId === undefined ? '' : `/${encodeURIComponent(recordId)}`}`;
