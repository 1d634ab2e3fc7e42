/**
 * Checks answers against a served OpenAPI 3.1 document with ajv's JSON Schema 2020-12 validator: the
 * status must be documented for the operation, the content type must be the documented one, and the body
 * must match the documented schema (`$ref`s resolved to the document's components).
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// ajv-formats is CommonJS: its default export arrives as the module object under some loaders.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule;

type Json = Record<string, unknown>;

export interface OpenApiDocument {
  paths: Record<string, Record<string, { responses: Record<string, Json> }>>;
  components: Json;
}

/** Rewrites `#/components/...` references so that they point into the registered components. */
function rebase(schema: unknown, base: string): unknown {
  if (Array.isArray(schema)) return schema.map((item) => rebase(item, base));
  if (schema === null || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string' && value.startsWith('#/')
        ? `${base}${value}`
        : rebase(value, base),
    ]),
  );
}

export class OpenApiChecker {
  readonly #ajv = new Ajv2020({ strict: false, allErrors: true });
  readonly #base: string;
  readonly #validators = new Map<string, ValidateFunction | null>();

  constructor(
    readonly document: OpenApiDocument,
    name: string,
  ) {
    addFormats(this.#ajv);
    this.#base = `https://splice.test/${name}/openapi.json`;
    this.#ajv.addSchema({ $id: this.#base, components: document.components });
  }

  /** `undefined` when the answer conforms; otherwise why it does not. */
  check(pathTemplate: string, method: string, status: number, contentType: string | null, body: unknown) {
    const operation = this.document.paths[pathTemplate]?.[method.toLowerCase()];
    if (!operation) return `no operation ${method} ${pathTemplate} in the document`;
    const response = operation.responses[String(status)] as { content?: Record<string, { schema?: Json }> };
    if (!response) return `status ${status} is not documented for ${method} ${pathTemplate}`;
    if (!response.content) return undefined;
    const mediaType = contentType?.split(';', 1)[0]?.trim().toLowerCase() ?? '';
    const media = response.content[mediaType];
    if (!media) {
      return `content type "${contentType}" is not documented for ${status} (expected ${Object.keys(response.content).join(', ')})`;
    }
    if (!media.schema) return undefined;
    const key = `${method} ${pathTemplate} ${status} ${mediaType}`;
    let validate = this.#validators.get(key);
    if (validate === undefined) {
      validate = this.#ajv.compile(rebase(media.schema, this.#base) as Json);
      this.#validators.set(key, validate);
    }
    if (validate && !validate(body)) {
      return `body does not match the ${status} schema: ${describeErrors(validate.errors)}`;
    }
    return undefined;
  }
}

function describeErrors(errors: ErrorObject[] | null | undefined): string {
  return (errors ?? [])
    .slice(0, 3)
    .map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`)
    .join('; ');
}

/** Fetches a server's `/openapi.json` and returns a checker for it. */
export async function checkerFor(url: string, name: string): Promise<OpenApiChecker> {
  const response = await fetch(`${url}/openapi.json`);
  if (response.status !== 200) throw new Error(`${url}/openapi.json answered ${response.status}`);
  return new OpenApiChecker((await response.json()) as OpenApiDocument, name);
}
