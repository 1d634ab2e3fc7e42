import { describe, expect, it } from 'vitest';
import { installationRequestSchema } from '../resources/installation.js';
import { searchRequestSchema } from '../resources/search.js';
import { describeZodIssue, formatPath, toIssues, valueAt } from './issues.js';

describe('formatPath', () => {
  it('joins keys with dots', () => {
    expect(
      formatPath(['config', 'content', 'read', 'objects', 'contacts', 'backfill', 'defaultPeriod', 'days']),
    ).toBe('config.content.read.objects.contacts.backfill.defaultPeriod.days');
  });

  it('indexes array items', () => {
    expect(formatPath(['fieldFilters', 1, 'operator'])).toBe('fieldFilters[1].operator');
  });

  it('indexes nested arrays', () => {
    expect(formatPath(['integrations', 0, 'read', 'objects', 2, 'enabled'])).toBe(
      'integrations[0].read.objects[2].enabled',
    );
  });

  it('starts with an index when the path starts with one', () => {
    expect(formatPath([0, 'fieldName'])).toBe('[0].fieldName');
  });

  it('quotes a key containing a dot', () => {
    expect(formatPath(['objects', 'a.b', 'objectName'])).toBe('objects["a.b"].objectName');
  });

  it('quotes a key containing a space or starting with a digit', () => {
    expect(formatPath(['selectedFields', 'first name'])).toBe('selectedFields["first name"]');
    expect(formatPath(['selectedFields', '1st'])).toBe('selectedFields["1st"]');
  });

  it('escapes a quote inside a quoted key', () => {
    expect(formatPath(['m', 'say "hi"'])).toBe('m["say \\"hi\\""]');
  });

  it('keeps underscores, dollars and hyphens unquoted', () => {
    expect(formatPath(['objects', 'custom_object__c', 'x-y', '$ref'])).toBe(
      'objects.custom_object__c.x-y.$ref',
    );
  });

  it('puts a prefix in front', () => {
    expect(formatPath(['read', 'objects'], 'config.content')).toBe('config.content.read.objects');
    expect(formatPath([1, 'operator'], 'fieldFilters')).toBe('fieldFilters[1].operator');
  });

  it('is the prefix (or empty) for an empty path', () => {
    expect(formatPath([], 'body')).toBe('body');
    expect(formatPath([])).toBe('');
  });
});

describe('valueAt', () => {
  const input = {
    config: { content: { provider: 'sandboxcrm' } },
    fieldFilters: [{ value: 0 }, { value: null }],
  };

  it('returns the value at a key path', () => {
    expect(valueAt(input, ['config', 'content', 'provider'])).toBe('sandboxcrm');
  });

  it('returns the value at an indexed path', () => {
    expect(valueAt(input, ['fieldFilters', 0, 'value'])).toBe(0);
  });

  it('returns null for a present null', () => {
    expect(valueAt(input, ['fieldFilters', 1, 'value'])).toBeNull();
  });

  it('returns undefined where the path leaves the input', () => {
    expect(valueAt(input, ['config', 'content', 'read', 'objects'])).toBeUndefined();
    expect(valueAt(input, ['fieldFilters', 5, 'value'])).toBeUndefined();
    expect(valueAt(input, ['config', 'content', 'provider', 'length'])).toBeUndefined();
  });

  it('does not follow inherited properties', () => {
    expect(valueAt({}, ['toString'])).toBeUndefined();
    expect(valueAt({}, ['__proto__'])).toBeUndefined();
  });

  it('returns the input itself for an empty path', () => {
    expect(valueAt(input, [])).toBe(input);
  });
});

describe('toIssues (interface: errors)', () => {
  it('gives one issue per offending property, in the given location', () => {
    const input = { groupRef: 5, config: { content: {} } };
    const result = installationRequestSchema.safeParse(input);
    expect(result.success).toBe(false);
    const issues = toIssues(result.error?.issues ?? [], input, 'body');
    expect(issues.map((i) => i.name)).toEqual(['groupRef', 'config.content.provider']);
    expect(issues.map((i) => i.in)).toEqual(['body', 'body']);
  });

  it('says a missing property is required, with no value', () => {
    const input = { config: { content: { provider: 'sandboxcrm' } } };
    const result = installationRequestSchema.safeParse(input);
    const issues = toIssues(result.error?.issues ?? [], input, 'body');
    expect(issues).toEqual([
      {
        type: 'urn:problem-type:missing-property',
        title: 'Missing property',
        detail: 'This property is required.',
        in: 'body',
        name: 'groupRef',
      },
    ]);
  });

  it('says a missing literal property is required and names the allowed value', () => {
    const input = { objectName: 'contacts', fieldFilters: [{ fieldName: 'status', value: 'x' }] };
    const result = searchRequestSchema.safeParse(input);
    const issues = toIssues(result.error?.issues ?? [], input, 'body');
    expect(issues.map((i) => i.name)).toEqual(['fieldFilters[0].operator']);
    expect(issues[0]?.type).toBe('urn:problem-type:missing-property');
    expect(issues[0]?.detail).toBe('This property is required (allowed: "eq").');
  });

  it('carries the offending value of an invalid property', () => {
    const input = { groupRef: 5, config: { content: { provider: 'sandboxcrm' } } };
    const result = installationRequestSchema.safeParse(input);
    const issues = toIssues(result.error?.issues ?? [], input, 'body');
    expect(issues[0]?.value).toBe(5);
    expect(issues[0]?.type).toBe('urn:problem-type:invalid-property');
    expect(issues[0]?.detail).toBe('Expected string, received number.');
  });

  it('carries a value of false and of 0', () => {
    const input = { objectName: 'contacts', fieldFilters: [{ fieldName: false, operator: 'eq', value: 0 }] };
    const result = searchRequestSchema.safeParse(input);
    const issues = toIssues(result.error?.issues ?? [], input, 'body');
    expect(issues.map((i) => i.name)).toEqual(['fieldFilters[0].fieldName']);
    expect(issues[0]?.value).toBe(false);
  });

  it('gives one issue per unknown key, named with its full path and carrying its value', () => {
    const input = {
      groupRef: 'acme',
      config: { content: { provider: 'sandboxcrm', colour: 'red', size: 3 } },
    };
    const result = installationRequestSchema.safeParse(input);
    const issues = toIssues(result.error?.issues ?? [], input, 'body');
    expect(issues.map((i) => [i.name, i.value])).toEqual([
      ['config.content.colour', 'red'],
      ['config.content.size', 3],
    ]);
    expect(issues[0]?.type).toBe('urn:problem-type:unknown-property');
    expect(issues[0]?.title).toBe('Unknown property');
  });

  it('quotes an object key with a dot in the issue name', () => {
    const input = {
      groupRef: 'acme',
      config: {
        content: { provider: 'p', read: { objects: { 'a.b': { objectName: 'a.b', disabled: 1 } } } },
      },
    };
    const result = installationRequestSchema.safeParse(input);
    expect(toIssues(result.error?.issues ?? [], input, 'body').map((i) => i.name)).toEqual([
      'config.content.read.objects["a.b"].disabled',
    ]);
  });

  it('puts a prefix in front of every name', () => {
    const input = { content: { provider: 3 } };
    const result = installationRequestSchema.shape.config.safeParse(input);
    expect(toIssues(result.error?.issues ?? [], input, 'body', 'config').map((i) => i.name)).toEqual([
      'config.content.provider',
    ]);
  });

  it('uses the location it is given', () => {
    const issues = toIssues(
      [
        {
          code: 'invalid_type',
          expected: 'string',
          path: ['groupRef'],
          message: 'Invalid input',
          input: undefined,
        },
      ],
      {},
      'query',
    );
    expect(issues.map((i) => [i.in, i.name])).toEqual([['query', 'groupRef']]);
  });

  it('returns no issues for no zod issues', () => {
    expect(toIssues([], { a: 1 }, 'body')).toEqual([]);
  });
});

describe('describeZodIssue', () => {
  it('prefers a message the schema set', () => {
    expect(
      describeZodIssue({ code: 'custom', path: [], message: 'Set one of "a" or "b".', input: {} }, {}),
    ).toBe('Set one of "a" or "b".');
  });

  it('describes an unset message of an invalid value with the allowed values', () => {
    expect(
      describeZodIssue(
        {
          code: 'invalid_value',
          values: ['always', 'never'],
          path: ['x'],
          message: 'Invalid input',
          input: 'y',
        },
        'y',
      ),
    ).toBe('Must be "always" or "never".');
  });

  it('describes a too-small number', () => {
    expect(
      describeZodIssue(
        {
          code: 'too_small',
          origin: 'number',
          minimum: 0,
          inclusive: true,
          path: ['days'],
          message: 'Invalid input',
          input: -1,
        },
        -1,
      ),
    ).toBe('Must be at least 0.');
  });

  it('groups the digits of a bound as the other messages do ("2,048", "36,500")', () => {
    const tooBig = (origin: 'string' | 'number' | 'array', maximum: number) =>
      describeZodIssue(
        {
          code: 'too_big',
          origin,
          maximum,
          inclusive: true,
          path: ['x'],
          message: 'Invalid input',
          input: '',
        },
        '',
      );
    expect(tooBig('string', 2_048)).toBe('Must be at most 2,048 characters.');
    expect(tooBig('number', 36_500)).toBe('Must be at most 36,500.');
    expect(tooBig('array', 5_000)).toBe('Must have at most 5,000 items.');
    expect(tooBig('string', 256)).toBe('Must be at most 256 characters.');
  });
});

describe('echoing the offending value', () => {
  it('cuts long strings and leaves out structures too deep or too big to echo', async () => {
    const { echoableValue } = await import('./issues.js');
    expect(echoableValue('short')).toBe('short');
    expect(String(echoableValue('x'.repeat(10_000)))).toMatch(/^x{256}… \(10000 characters\)$/);
    expect(echoableValue({ a: [1, 2, { b: 'c' }] })).toEqual({ a: [1, 2, { b: 'c' }] });
    let deep: unknown = 'bottom';
    for (let i = 0; i < 10_000; i++) deep = { deep };
    expect(echoableValue(deep)).toBeUndefined();
    expect(echoableValue(Array.from({ length: 1_000 }, (_, i) => i))).toBeUndefined();
  });
});
