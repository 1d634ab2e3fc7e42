/**
 * Salesforce's REST API under `/services/data/vXX.X`: SOQL queries with `nextRecordsUrl` paging, the global
 * and per-object describe, one record's create, read, update and delete, and the composite sObject
 * collections for up to 200 records.
 */
import { type Context, Hono } from 'hono';
import type { SObjectRecord } from './data-set.js';
import { type ErrorEntry, SalesforceError, salesforceError } from './errors.js';
import { checkFieldValues } from './field-values.js';
import type { OrgStore } from './org-store.js';
import { defaultBatchSize, type QueryEngine } from './query.js';
import { keyPrefix, resolveSObject, type SObjectName, sobjectFields, sobjectNames } from './sobjects.js';

export const maxCollectionRecords = 200;

const versions = ['58.0', '59.0', '60.0', '61.0', '62.0'];

function sobjectOf(c: Context, name = c.req.param('sobject') ?? ''): SObjectName {
  const sobject = resolveSObject(name);
  if (!sobject)
    throw salesforceError('NOT_FOUND', `The requested resource does not exist: sObject type '${name}'`);
  return sobject;
}

/** `Sforce-Query-Options: batchSize=N`, which Salesforce honours from 200 to 2,000. */
function batchSizeOf(c: Context): number {
  const asked = /batchSize=(\d+)/i.exec(c.req.header('sforce-query-options') ?? '')?.[1];
  return asked === undefined ? defaultBatchSize : Math.min(Math.max(Number(asked), 200), defaultBatchSize);
}

async function jsonBody<T>(c: Context): Promise<T> {
  try {
    return (await c.req.json()) as T;
  } catch (error) {
    throw salesforceError('JSON_PARSER_ERROR', `The request body is not JSON: ${(error as Error).message}`);
  }
}

const recordView = (sobject: SObjectName, version: string, record: SObjectRecord, fields?: string[]) => ({
  attributes: { type: sobject, url: `/services/data/${version}/sobjects/${sobject}/${record.Id}` },
  ...(fields ? Object.fromEntries(fields.map((name) => [name, record[name] ?? null])) : record),
});

const describeSObject = (sobject: SObjectName, version: string) => ({
  name: sobject,
  label: sobject,
  labelPlural: `${sobject === 'Opportunity' ? 'Opportunitie' : sobject}s`,
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

type Outcome = { id: string | null; success: boolean; errors: ErrorEntry[] };

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
    if (errors) return { id: null, success: false, errors };
    if (allOrNone && anyFailed) {
      return {
        id: null,
        success: false,
        errors: [
          {
            errorCode: 'ALL_OR_NONE_OPERATION_ROLLED_BACK',
            message:
              'Record rolled back because not all records were valid and the request was using AllOrNone header',
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

export function dataRoutes(store: OrgStore, queries: QueryEngine) {
  return new Hono()
    .get('/', (c) =>
      c.json(
        versions.map((version) => ({ label: `v${version}`, url: `/services/data/v${version}`, version })),
      ),
    )
    .get('/:version/query', (c) => {
      const soql = c.req.query('q');
      if (!soql) throw salesforceError('MALFORMED_QUERY', 'A query needs the q parameter.');
      return c.json(queries.run(soql, c.req.param('version'), batchSizeOf(c)));
    })
    .get('/:version/query/:locator', (c) =>
      c.json(queries.more(c.req.param('locator'), c.req.param('version'), batchSizeOf(c))),
    )
    .get('/:version/sobjects', (c) =>
      c.json({
        encoding: 'UTF-8',
        maxBatchSize: maxCollectionRecords,
        sobjects: sobjectNames.map((sobject) => describeSObject(sobject, c.req.param('version'))),
      }),
    )
    .get('/:version/sobjects/:sobject/describe', (c) => {
      const sobject = sobjectOf(c);
      return c.json({
        ...describeSObject(sobject, c.req.param('version')),
        fields: [...sobjectFields[sobject].values()],
        childRelationships: [],
        recordTypeInfos: [],
      });
    })
    .post('/:version/sobjects/:sobject', async (c) => {
      const record = store.create(sobjectOf(c), await jsonBody(c));
      return c.json({ id: record.Id, success: true, errors: [] }, 201);
    })
    .get('/:version/sobjects/:sobject/:id', (c) => {
      const sobject = sobjectOf(c);
      const record = store.get(sobject, c.req.param('id'));
      const asked = c.req
        .query('fields')
        ?.split(',')
        .map((name) => name.trim())
        .filter(Boolean);
      const fields = asked?.map((name) => {
        const field = [...sobjectFields[sobject].values()].find(
          (f) => f.name.toLowerCase() === name.toLowerCase(),
        );
        if (!field)
          throw salesforceError('INVALID_FIELD', `No such column '${name}' on entity '${sobject}'.`);
        return field.name;
      });
      return c.json(recordView(sobject, c.req.param('version'), record, fields));
    })
    .patch('/:version/sobjects/:sobject/:id', async (c) => {
      store.update(sobjectOf(c), c.req.param('id'), await jsonBody(c));
      return c.body(null, 204);
    })
    .delete('/:version/sobjects/:sobject/:id', (c) => {
      store.delete(sobjectOf(c), c.req.param('id'));
      return c.body(null, 204);
    })
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
