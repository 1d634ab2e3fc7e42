import * as z from 'zod/mini';
import { providerValuesOf } from '../rules/value-mapping-rules.js';
import { limits } from './limits.js';
import { boundedRecord, textSchema } from './primitives.js';

/** A value as the provider holds it (a picklist value of the CRM). */
const providerValueSchema = z.string().check(z.maxLength(limits.text));

/**
 * What one app value stands for: one provider value, or several. A real pipeline has more stages in the
 * CRM than the app has (several CRM stages are all "customer" to the app), so an app value may name a list.
 * A single value stays a plain string, the shape the hosted service takes.
 */
export const providerValuesSchema = z.union([
  providerValueSchema,
  z.array(providerValueSchema).check(z.minLength(1), z.maxLength(limits.mappedValues)),
]);
export type ProviderValues = z.infer<typeof providerValuesSchema>;

/**
 * The value mapping of one field (docs/service-interface.md#read-config, `selectedValueMappings`): app
 * value -> the provider value or values it stands for. A provider value may belong to one app value only:
 * named twice, a record holding it would have two app values, so that is refused where it repeats.
 */
export const fieldValueMappingSchema = boundedRecord(providerValuesSchema).check(
  z.superRefine((mapping, ctx) => {
    const owner = new Map<string, string>();
    for (const [appValue, values] of Object.entries(mapping)) {
      const list = providerValuesOf(values);
      list.forEach((providerValue, index) => {
        const first = owner.get(providerValue);
        if (first === undefined) {
          owner.set(providerValue, appValue);
          return;
        }
        ctx.issues.push({
          code: 'custom',
          input: providerValue,
          path: typeof values === 'string' ? [appValue] : [appValue, index],
          message:
            first === appValue
              ? `The provider value "${providerValue}" is listed twice for "${appValue}".`
              : `The provider value "${providerValue}" is already mapped to "${first}": a provider value maps to one app value only.`,
        });
      });
    }
  }),
);
export type FieldValueMapping = z.infer<typeof fieldValueMappingSchema>;

/**
 * What a value-mapped field delivers when the provider holds a value the user mapped to no app value:
 * the provider's own value (`providerValue`, the default), nothing (`nothing`: the mapped field is null),
 * or one of the field's app values (`default`, with that value).
 */
export const unmappedValuesSchema = z.discriminatedUnion('deliver', [
  z.strictObject({ deliver: z.literal('providerValue') }),
  z.strictObject({ deliver: z.literal('nothing') }),
  z.strictObject({ deliver: z.literal('default'), value: textSchema }),
]);
export type UnmappedValues = z.infer<typeof unmappedValuesSchema>;
