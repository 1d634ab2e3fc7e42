/**
 * `/crm/v3/objects/{objectType}/batch/{read,create,update,upsert,archive}`: up to 100 inputs. Reads and
 * updates answer 207 with HubSpot's per-id errors when some ids are missing; a write with one bad input
 * fails whole, as HubSpot's does; an upsert finds its records by a unique property (a contact's email).
 */
import { type Context, Hono } from 'hono';
import { type AssociationInput, withAssociatedCompany } from './associations.js';
import type { CrmRecord } from './crm-record.js';
import type { CrmStore } from './crm-store.js';
import { validationError } from './errors.js';
import { type ObjectType, singularName } from './object-types.js';
import { propertyDefinitions } from './properties.js';
import { checkPropertyValues } from './property-values.js';
import { propertyList, viewRecord } from './record-view.js';
import { jsonBody, objectTypeOf } from './request.js';

export const maxBatchInputs = 100;

interface BatchBody<Input> {
  inputs?: Input[];
  properties?: string[];
  idProperty?: string;
}
type IdInput = { id?: string };
type UpdateInput = { id?: string; properties?: unknown };
type UpsertInput = { id?: string; idProperty?: string; properties?: unknown };
type CreateInput = { properties?: unknown; associations?: AssociationInput[] };

async function batchBody<Input>(c: Context): Promise<BatchBody<Input> & { inputs: Input[] }> {
  const body = await jsonBody<BatchBody<Input>>(c);
  if (!Array.isArray(body.inputs) || body.inputs.length === 0) {
    throw validationError('Invalid input JSON: "inputs" must be a non-empty array.', [
      { message: 'must be a non-empty array', in: 'inputs' },
    ]);
  }
  if (body.inputs.length > maxBatchInputs) {
    throw validationError(
      `Batch input limit exceeded: ${body.inputs.length} inputs, at most ${maxBatchInputs}.`,
      [{ message: `at most ${maxBatchInputs} inputs`, in: 'inputs' }],
    );
  }
  return body as BatchBody<Input> & { inputs: Input[] };
}

/** A batch answer, 207 with a StandardError listing the missing ids when there are any. */
function batchAnswer(
  c: Context,
  type: ObjectType,
  startedAt: string,
  results: unknown[],
  missing: string[],
  verb: string,
) {
  const answer = { status: 'COMPLETE', results, startedAt, completedAt: new Date().toISOString() };
  if (missing.length === 0) return c.json(answer, 200);
  const error = {
    status: 'error',
    category: 'OBJECT_NOT_FOUND',
    message: `Could not ${verb} some ${singularName[type]} objects, they may be deleted or not exist. Check that ids are valid.`,
    context: { ids: missing },
    errors: [],
    links: {},
  };
  return c.json({ ...answer, numErrors: 1, errors: [error] }, 207);
}

export function batchRoutes(store: CrmStore) {
  return new Hono()
    .post('/:objectType/batch/read', async (c) => {
      const type = objectTypeOf(c);
      const startedAt = new Date().toISOString();
      const body = await batchBody<IdInput>(c);
      const properties = propertyList(body.properties);
      const found: CrmRecord[] = [];
      const missing: string[] = [];
      for (const { id } of body.inputs) {
        const record = id === undefined ? undefined : store.find(type, String(id), body.idProperty);
        if (record) found.push(record);
        else missing.push(String(id));
      }
      const results = found.map((record) => viewRecord(type, record, properties));
      return batchAnswer(c, type, startedAt, results, missing, 'get');
    })
    .post('/:objectType/batch/create', async (c) => {
      const type = objectTypeOf(c);
      const startedAt = new Date().toISOString();
      const body = await batchBody<CreateInput>(c);
      const records = store.create(
        type,
        body.inputs.map((input) =>
          withAssociatedCompany(store, type, input.properties ?? {}, input.associations),
        ),
      );
      const results = records.map((record) => viewRecord(type, record, Object.keys(record.properties)));
      return c.json({ status: 'COMPLETE', results, startedAt, completedAt: new Date().toISOString() }, 201);
    })
    .post('/:objectType/batch/update', async (c) => {
      const type = objectTypeOf(c);
      const startedAt = new Date().toISOString();
      const body = await batchBody<UpdateInput>(c);
      // Every input's values are checked before any is written, so a bad one leaves the batch unapplied.
      for (const input of body.inputs) checkPropertyValues(type, input.properties ?? {});
      const results: unknown[] = [];
      const missing: string[] = [];
      for (const input of body.inputs) {
        const id = String(input.id);
        if (!store.find(type, id, body.idProperty)) {
          missing.push(id);
          continue;
        }
        const record = store.update(type, id, input.properties ?? {}, body.idProperty);
        results.push(viewRecord(type, record, Object.keys(record.properties)));
      }
      return batchAnswer(c, type, startedAt, results, missing, 'update');
    })
    .post('/:objectType/batch/upsert', async (c) => {
      const type = objectTypeOf(c);
      const startedAt = new Date().toISOString();
      const body = await batchBody<UpsertInput>(c);
      const keyed = body.inputs.map((input) => {
        const idProperty = input.idProperty ?? body.idProperty;
        const definition = idProperty === undefined ? undefined : propertyDefinitions[type].get(idProperty);
        if (!definition?.hasUniqueValue || idProperty === 'hs_object_id' || input.id === undefined) {
          throw validationError("Upsert needs each input's id and an idProperty with unique values.", [
            { message: `${idProperty ?? '(none)'} is not a property with unique values`, in: 'idProperty' },
          ]);
        }
        return { id: String(input.id), idProperty: idProperty!, properties: input.properties ?? {} };
      });
      // Every input's values are checked before any is written, as for the other batch writes.
      for (const input of keyed) checkPropertyValues(type, input.properties);
      const results = keyed.map(({ id, idProperty, properties }) => {
        const existing = store.find(type, id, idProperty);
        const record = existing
          ? store.update(type, existing.id, properties)
          : store.create(type, [{ ...(properties as object), [idProperty]: id }])[0]!;
        return { ...viewRecord(type, record, Object.keys(record.properties)), new: !existing };
      });
      return c.json({ status: 'COMPLETE', results, startedAt, completedAt: new Date().toISOString() });
    })
    .post('/:objectType/batch/archive', async (c) => {
      const type = objectTypeOf(c);
      const body = await batchBody<IdInput>(c);
      for (const { id } of body.inputs) if (id !== undefined) store.archive(type, String(id));
      return c.body(null, 204);
    });
}
