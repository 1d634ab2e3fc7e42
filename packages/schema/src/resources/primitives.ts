import * as z from 'zod/mini';
import { limits } from './limits.js';

/** A non-empty identifier such as an object, field or group name. */
export const nameSchema = z.string().check(z.minLength(1), z.maxLength(limits.name));

/** Free text of bounded length. */
export const textSchema = z.string().check(z.maxLength(limits.text));

/**
 * A map key. `"__proto__"` is refused: assigning it to a plain object sets the prototype instead of
 * adding an entry, so such an entry would vanish without a word (and its value go unchecked).
 */
export const mapKeySchema = nameSchema.check(
  z.refine((key) => key !== '__proto__', 'The key "__proto__" cannot be used as a name.'),
);

/**
 * A map with bounded, non-empty keys. zod/mini has no entry-count check for records, so the count is
 * refined here once for every map of the interface.
 */
export function boundedRecord<V extends z.core.SomeType>(value: V, maxEntries: number = limits.mapEntries) {
  return z.record(mapKeySchema, value).check(
    z.refine((map) => Object.keys(map).length <= maxEntries, {
      // Grouped as every message writes numbers ("5,000").
      message: `Too many entries: at most ${maxEntries.toLocaleString('en')} are allowed.`,
    }),
  );
}

/** A scalar that a filter compares with: string, boolean or number (docs/service-interface.md#read-filter, read filter). */
export const filterValueSchema = z.union([
  z.string().check(z.maxLength(limits.text)),
  z.boolean(),
  z.number(),
]);
export type FilterValue = z.infer<typeof filterValueSchema>;

/** An ISO 8601 date-time as the service writes it. */
export const dateTimeSchema = z.iso.datetime({ offset: true });

/**
 * The key of an `objects` map is the object's name (docs/service-interface.md#read-config), so a value naming another object is
 * almost certainly a mistake; it is refused rather than silently reading the wrong object.
 */
export function objectNamesMatchKeys() {
  return z.superRefine<Record<string, { objectName: string }>>(
    (objects, ctx) => {
      for (const [key, value] of Object.entries(objects)) {
        const objectName: unknown = (value as { objectName?: unknown } | null)?.objectName;
        if (typeof objectName === 'string' && objectName !== key) {
          ctx.issues.push({
            code: 'custom',
            input: objectName,
            path: [key, 'objectName'],
            message: `"objectName" must equal its key "${key}".`,
          });
        }
      }
    },
    // Runs even when another object of the map is malformed, so every issue comes in one answer.
    { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
  );
}
