/** What the global describe lists for each sObject, and the head of its own describe. */
import { keyPrefix, labels, type SObjectName } from './sobjects.js';

export const describeSObject = (sobject: SObjectName, version: string) => ({
  name: sobject,
  ...labels[sobject],
  keyPrefix: keyPrefix[sobject],
  custom: false,
  createable: true,
  updateable: true,
  deletable: true,
  queryable: true,
  searchable: true,
  urls: {
    sobject: `/services/data/${version}/sobjects/${sobject}`,
    describe: `/services/data/${version}/sobjects/${sobject}/describe`,
    rowTemplate: `/services/data/${version}/sobjects/${sobject}/{ID}`,
  },
});
