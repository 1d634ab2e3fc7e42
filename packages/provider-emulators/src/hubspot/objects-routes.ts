/**
 * `/crm/v3/objects/{objectType}`: list with paging, one record by id (or a unique property), create, update,
 * archive, and search.
 */
import { Hono } from 'hono';
import {
  type AssociationInput,
  associationsOf,
  associationTypes,
  withAssociatedCompany,
} from './associations.js';
import type { CrmRecord } from './crm-record.js';
import type { CrmStore } from './crm-store.js';
import { validationError } from './errors.js';
import type { ObjectType } from './object-types.js';
import { propertyList, viewRecord } from './record-view.js';
import { booleanParam, intParam, jsonBody, objectTypeOf } from './request.js';
import { type SearchRequest, search } from './search.js';

const maxListLimit = 100;

interface WriteBody {
  properties?: unknown;
  associations?: AssociationInput[];
}

/** The properties a write answers with: the ones it holds a value for, as HubSpot echoes a write. */
const written = (properties: Record<string, string | null>) =>
  Object.keys(properties).filter((name) => properties[name] !== null);

export function objectsRoutes(store: CrmStore, options: { searchResultCap?: number } = {}) {
  /** A record with its properties and the associations of the types `associations` asks for. */
  const view = (type: ObjectType, record: CrmRecord, properties?: string[], asked: ObjectType[] = []) =>
    viewRecord(
      type,
      record,
      properties,
      asked.length > 0 ? associationsOf(store, type, record, asked) : undefined,
    );

  return new Hono()
    .get('/:objectType', (c) => {
      const type = objectTypeOf(c);
      const limit = intParam(c, 'limit', 10, maxListLimit);
      const properties = propertyList(c.req.queries('properties'));
      const asked = associationTypes(c.req.queries('associations'));
      const after = c.req.query('after') || undefined;
      if (after !== undefined && !/^\d+$/.test(after)) {
        throw validationError(`after must be a paging cursor from a previous page, it was ${after}.`);
      }
      const page = store.page(type, {
        limit,
        archived: booleanParam(c, 'archived'),
        ...(after && { after }),
      });
      const link = new URL(c.req.url);
      if (page.nextAfter !== undefined) link.searchParams.set('after', page.nextAfter);
      return c.json({
        results: page.results.map((record) => view(type, record, properties, asked)),
        ...(page.nextAfter !== undefined && { paging: { next: { after: page.nextAfter, link: link.href } } }),
      });
    })
    .get('/:objectType/:objectId', (c) => {
      const type = objectTypeOf(c);
      const record = store.get(type, c.req.param('objectId'), c.req.query('idProperty') || undefined);
      const asked = associationTypes(c.req.queries('associations'));
      return c.json(view(type, record, propertyList(c.req.queries('properties')), asked));
    })
    .post('/:objectType/search', async (c) => {
      const type = objectTypeOf(c);
      const request = await jsonBody<SearchRequest>(c);
      const index = store.searchIndex(type);
      const page = search(type, index.records, request, options.searchResultCap, index);
      const properties = request.properties && request.properties.length > 0 ? request.properties : undefined;
      return c.json({
        total: page.total,
        results: page.results.map((record) => viewRecord(type, record, properties)),
        ...(page.nextAfter !== undefined && { paging: { next: { after: page.nextAfter } } }),
      });
    })
    .post('/:objectType', async (c) => {
      const type = objectTypeOf(c);
      const body = await jsonBody<WriteBody>(c);
      const [record] = store.create(type, [
        withAssociatedCompany(store, type, body.properties ?? {}, body.associations),
      ]);
      return c.json(viewRecord(type, record!, written(record!.properties)), 201);
    })
    .patch('/:objectType/:objectId', async (c) => {
      const type = objectTypeOf(c);
      const body = await jsonBody<WriteBody>(c);
      const id = c.req.param('objectId');
      const record = store.update(type, id, body.properties ?? {}, c.req.query('idProperty') || undefined);
      return c.json(viewRecord(type, record, written(record.properties)));
    })
    .delete('/:objectType/:objectId', (c) => {
      store.archive(objectTypeOf(c), c.req.param('objectId'));
      return c.body(null, 204);
    });
}
