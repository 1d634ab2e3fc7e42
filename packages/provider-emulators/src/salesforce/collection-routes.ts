/**
 * The sObject collections under `/services/data/vXX.X/composite/sobjects`: create, update and delete up to
 * 200 records in one request, answered per record as SaveResults `{ id, success, errors: [{ statusCode,
 * message, fields }] }`; with `allOrNone`, one failure leaves every record unwritten, as in Salesforce.
 */
import { Hono } from 'hono';
import { type ErrorEntry, SalesforceError, salesforceError } from './errors.js';
import { checkFieldValues } from './field-values.js';
import type { OrgStore } from './org-store.js';
import { jsonBody, sobjectOf } from './request.js';
import { keyPrefix, sobjectNames } from './sobjects.js';

export const maxCollectionRecords = 200;

/** A record's error in a SaveResult: the code is `statusCode` there, not the REST error body's `errorCode`. */
type SaveError = { statusCode: ErrorEntry['errorCode']; message: string; fields: string[] };
type Outcome = { id: string | null; success: boolean; errors: SaveError[] };

const saveErrors = (entries: ErrorEntry[]): SaveError[] =>
  entries.map(({ errorCode, message, fields }) => ({ statusCode: errorCode, message, fields: fields ?? [] }));

/** Runs each record's write; with `allOrNone`, one failure leaves every record unwritten, as in Salesforce. */
function collection<Input>(
  inputs: Input[],
  allOrNone: boolean,
  check: (input: Input) => void,
  write: (input: Input) => string,
): Outcome[] {
  if (inputs.length > maxCollectionRecords) {
    throw salesforceError('JSON_PARSER_ERROR', `A collection takes at most ${maxCollectionRecords} records.`);
  }
  const failures = inputs.map((input) => {
    try {
      check(input);
      return undefined;
    } catch (error) {
      if (error instanceof SalesforceError) return error.entries;
      throw error;
    }
  });
  const anyFailed = failures.some(Boolean);
  return inputs.map((input, index) => {
    const errors = failures[index];
    if (errors) return { id: null, success: false, errors: saveErrors(errors) };
    if (allOrNone && anyFailed) {
      return {
        id: null,
        success: false,
        errors: [
          {
            statusCode: 'ALL_OR_NONE_OPERATION_ROLLED_BACK',
            message:
              'Record rolled back because not all records were valid and the request was using AllOrNone header',
            fields: [],
          },
        ],
      };
    }
    return { id: write(input), success: true, errors: [] };
  });
}

type CollectionRecord = Record<string, unknown> & {
  attributes?: { type?: string };
  id?: string;
  Id?: string;
};

export function collectionRoutes(store: OrgStore) {
  return new Hono()
    .post('/:version/composite/sobjects', async (c) => {
      const body = await jsonBody<{ allOrNone?: boolean; records?: CollectionRecord[] }>(c);
      const typed = (body.records ?? []).map((record) => {
        const { attributes, ...fields } = record;
        return { sobject: sobjectOf(c, attributes?.type ?? ''), fields };
      });
      const outcomes = collection(
        typed,
        body.allOrNone === true,
        ({ sobject, fields }) => checkFieldValues(sobject, fields, true),
        ({ sobject, fields }) => store.create(sobject, fields).Id as string,
      );
      return c.json(outcomes);
    })
    .patch('/:version/composite/sobjects', async (c) => {
      const body = await jsonBody<{ allOrNone?: boolean; records?: CollectionRecord[] }>(c);
      const typed = (body.records ?? []).map((record) => {
        const { attributes, id, Id, ...fields } = record;
        return { sobject: sobjectOf(c, attributes?.type ?? ''), id: String(id ?? Id), fields };
      });
      const outcomes = collection(
        typed,
        body.allOrNone === true,
        ({ sobject, id, fields }) => {
          store.get(sobject, id);
          checkFieldValues(sobject, fields, false);
        },
        ({ sobject, id, fields }) => store.update(sobject, id, fields).Id as string,
      );
      return c.json(outcomes.map((outcome, index) => ({ ...outcome, id: outcome.id ?? typed[index]!.id })));
    })
    .delete('/:version/composite/sobjects', (c) => {
      const ids = (c.req.query('ids') ?? '').split(',').filter(Boolean);
      const sobjectOfId = (id: string) => sobjectNames.find((name) => id.startsWith(keyPrefix[name]));
      const outcomes = collection(
        ids,
        c.req.query('allOrNone') === 'true',
        (id) => {
          const sobject = sobjectOfId(id);
          if (!sobject) throw salesforceError('NOT_FOUND', 'entity is deleted or does not exist');
          store.get(sobject, id);
        },
        (id) => {
          store.delete(sobjectOfId(id)!, id);
          return id;
        },
      );
      return c.json(outcomes.map((outcome, index) => ({ ...outcome, id: outcome.id ?? ids[index]! })));
    });
}
