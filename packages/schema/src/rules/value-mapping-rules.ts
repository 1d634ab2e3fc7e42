import type { ProviderValues, UnmappedValues } from '../resources/value-mapping.js';

/*
 * Value-mapping rules without zod, so that a browser bundle using them carries no schema code.
 */

/** The provider values one app value stands for, as a list whichever shape the config gives. */
export function providerValuesOf(values: ProviderValues): readonly string[] {
  return typeof values === 'string' ? [values] : values;
}

/** What a field delivers for an unmapped value when its manifest entry says nothing: the value as it is. */
export const defaultUnmappedValues: UnmappedValues = { deliver: 'providerValue' };
