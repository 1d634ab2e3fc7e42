import { describe, expect, it } from 'vitest';
import { hubSpotError } from './hubspot-errors.js';
import { typedValue, valueTypeOf, wireValue } from './hubspot-properties.js';

const answer = (status: number, body: unknown) => ({ status, headers: {}, body });

describe("HubSpot's error bodies", () => {
  it('a validation error is badRequest naming every offending property', () => {
    const error = hubSpotError(
      answer(400, {
        status: 'error',
        message: 'Property values were not valid',
        correlationId: 'c-1',
        category: 'VALIDATION_ERROR',
        errors: [
          { message: 'not a number', in: 'amount' },
          { message: 'no such option', context: { propertyName: ['dealstage'] } },
        ],
      }),
      'update a deal',
    );
    expect(error).toMatchObject({
      kind: 'badRequest',
      details: { status: 400, fieldNames: ['amount', 'dealstage'] },
    });
    expect(error.message).toBe('HubSpot refused to update a deal: Property values were not valid');
  });

  it('a missing scope is forbidden, a missing object notFound, a conflict badRequest', () => {
    const scopes = hubSpotError(
      answer(403, {
        status: 'error',
        message: 'This app lacks crm.objects.deals.write',
        category: 'MISSING_SCOPES',
      }),
      'create a deal',
    );
    expect(scopes.kind).toBe('forbidden');
    expect(scopes.retryable).toBe(false);
    expect(hubSpotError(answer(404, { category: 'OBJECT_NOT_FOUND', message: 'gone' }), 'read').kind).toBe(
      'notFound',
    );
    expect(hubSpotError(answer(409, { category: 'CONFLICT', message: 'exists' }), 'create').kind).toBe(
      'badRequest',
    );
    expect(hubSpotError(answer(403, 'not an object'), 'read').kind).toBe('forbidden');
  });
});

describe("HubSpot's property types", () => {
  it('maps type and field type to the value type', () => {
    expect(valueTypeOf({ type: 'enumeration', fieldType: 'select' })).toBe('singleSelect');
    expect(valueTypeOf({ type: 'enumeration', fieldType: 'radio' })).toBe('singleSelect');
    expect(valueTypeOf({ type: 'enumeration', fieldType: 'checkbox' })).toBe('multiSelect');
    expect(valueTypeOf({ type: 'enumeration', fieldType: 'booleancheckbox' })).toBe('boolean');
    expect(valueTypeOf({ type: 'bool', fieldType: 'booleancheckbox' })).toBe('boolean');
    expect(valueTypeOf({ type: 'number', fieldType: 'number' })).toBe('float');
    expect(valueTypeOf({ type: 'date', fieldType: 'date' })).toBe('date');
    expect(valueTypeOf({ type: 'datetime', fieldType: 'date' })).toBe('datetime');
    expect(valueTypeOf({ type: 'string', fieldType: 'textarea' })).toBe('string');
    expect(valueTypeOf({ type: 'object_coordinates' })).toBe('other');
  });

  it('types wire strings by the field, and writes typed values back as strings', () => {
    const float = { fieldName: 'n', displayName: 'N', valueType: 'float' } as const;
    const bool = { fieldName: 'b', displayName: 'B', valueType: 'boolean' } as const;
    expect([typedValue(float, '12.5'), typedValue(float, ''), typedValue(float, null)]).toEqual([
      12.5,
      null,
      null,
    ]);
    expect([typedValue(bool, 'true'), typedValue(bool, 'false')]).toEqual([true, false]);
    expect(typedValue(undefined, '0042')).toBe('0042');
    expect([wireValue(true), wireValue(3), wireValue(null), wireValue(['a', 'b'])]).toEqual([
      'true',
      '3',
      '',
      'a;b',
    ]);
  });
});
