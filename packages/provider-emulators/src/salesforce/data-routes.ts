/**
 * Salesforce's REST API under `/services/data/vXX.X`: SOQL queries with `nextRecordsUrl` paging, the global
 * and per-object describe, and one record's create, read, update and delete (the collections are
 * ./collection-routes.ts).
 */
import { type Context, Hono } from 'hono';
import { collectionRoutes, maxCollectionRecords } from './collection-routes.js';
import type { SObjectRecord } from './data-set.js';
import { describeSObject } from './describe.js';
import { salesforceError } from './errors.js';
import type { OrgStore } from './org-store.js';
import { defaultBatchSize, type QueryEngine } from './query.js';
import { jsonBody, sobjectOf } from './request.js';
import { resolveField, type SObjectName, sobjectFields, sobjectNames } from './sobjects.js';

const versions = ['58.0', '59.0', '60.0', '61.0', '62.0'];

/** `Sforce-Query-Options: batchSize=N`, which Salesforce honours from 200 to 2,000. */
function batchSizeOf(c: Context): number {
  const asked = /batchSize=(\d+)/i.exec(c.req.header('sforce-query-options') ?? '')?.[1];
  return asked === undefined ? defaultBatchSize : Math.min(Math.max(Number(asked), 200), defaultBatchSize);
}

const recordView = (sobject: SObjectName, version: string, record: SObjectRecord, fields?: string[]) => ({
  attributes: { type: sobject, url: `/services/data/${version}/sobjects/${sobject}/${record.Id}` },
  ...(fields ? Object.fromEntries(fields.map((name) => [name, record[name] ?? null])) : record),
});

function soqlOf(c: Context): string {
  const soql = c.req.query('q');
  if (!soql) throw salesforceError('MALFORMED_QUERY', 'A query needs the q parameter.');
  return soql;
}

export function dataRoutes(store: OrgStore, queries: QueryEngine) {
  return (
    new Hono()
      .route('/', collectionRoutes(store))
      .get('/', (c) =>
        c.json(
          versions.map((version) => ({ label: `v${version}`, url: `/services/data/v${version}`, version })),
        ),
      )
      .get('/:version/query', (c) => c.json(queries.run(soqlOf(c), c.req.param('version'), batchSizeOf(c))))
      .get('/:version/queryAll', (c) =>
        c.json(queries.run(soqlOf(c), c.req.param('version'), batchSizeOf(c), 'all')),
      )
      // A queryAll result pages on from `query/{locator}` too, the URL its nextRecordsUrl names.
      .get('/:version/query/:locator', (c) =>
        c.json(queries.more(c.req.param('locator'), c.req.param('version'), batchSizeOf(c))),
      )
      .get('/:version/queryAll/:locator', (c) =>
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
          const field = resolveField(sobject, name);
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
  );
}
