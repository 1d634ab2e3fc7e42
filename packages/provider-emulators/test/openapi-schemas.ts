/**
 * Validators for the emulator's answers, built from HubSpot's own published OpenAPI schemas
 * (./fixtures/README.md says where each document comes from).
 */
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import objects from './fixtures/hubspot-crm-objects-v3.json' with { type: 'json' };
import properties from './fixtures/hubspot-crm-properties-v3.json' with { type: 'json' };
import oauth from './fixtures/hubspot-oauth-v1.json' with { type: 'json' };

const documents = { objects, properties, oauth };
export type SpecDocument = keyof typeof documents;

/**
 * HubSpot's documents say a property value is a string, but HubSpot answers null for a property that was
 * asked for and has no value, and its own Node client types the values `string | null`; only that one
 * schema is widened, so every other mismatch still fails.
 */
function widenPropertyValues(schemas: Record<string, unknown>): Record<string, unknown> {
  const copy = structuredClone(schemas) as Record<string, { properties?: Record<string, unknown> }>;
  for (const schema of Object.values(copy)) {
    const values = schema.properties?.properties as { additionalProperties?: { type?: unknown } } | undefined;
    if (values?.additionalProperties?.type === 'string')
      values.additionalProperties.type = ['string', 'null'];
  }
  return copy;
}

const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
// OpenAPI's integer widths, which JSON Schema has no format for: the type check is what matters.
ajv.addFormat('int32', true);
ajv.addFormat('int64', true);
for (const [name, document] of Object.entries(documents)) {
  const schemas = widenPropertyValues(document.components.schemas);
  ajv.addSchema({ $id: name, components: { schemas } });
}

/** The ajv errors of a value against a schema of one document; empty when it conforms. */
export function specErrors(document: SpecDocument, schema: string, value: unknown): string[] {
  const validate = ajv.getSchema(`${document}#/components/schemas/${schema}`);
  if (!validate) throw new Error(`No schema ${schema} in the ${document} document`);
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}
