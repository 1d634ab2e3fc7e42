import { describe, expect, it } from 'vitest';
import { ProviderError } from '../provider-error.js';
import type { DescribeField } from './describe.js';
import { buildSoql, filterLiteral, noMatch, soqlDatetime, soqlString } from './soql.js';

const field = (type: string, name = 'Field'): DescribeField => ({
  name,
  label: name,
  type,
  createable: true,
  updateable: true,
  nillable: true,
  defaultedOnCreate: false,
  custom: false,
});

describe('soqlString', () => {
  it('escapes quotes and backslashes with a backslash, so no value can close the literal', () => {
    expect(soqlString("O'Brien")).toBe(String.raw`'O\'Brien'`);
    expect(soqlString('a\\')).toBe(String.raw`'a\\'`);
    expect(soqlString(String.raw`\' OR Name != '`)).toBe(String.raw`'\\\' OR Name != \''`);
    expect(soqlString('say "hi"')).toBe(String.raw`'say \"hi\"'`);
  });

  it('writes line breaks, tabs and other control characters as escapes, never raw', () => {
    expect(soqlString('a\nb\rc\td\be\ff')).toBe(String.raw`'a\nb\rc\td\be\ff'`);
    expect(soqlString('nul\u0000del\u007f')).toBe(String.raw`'nul\u0000del\u007f'`);
    expect(soqlString('\n\t\u0001')).not.toMatch(/\p{Cc}/u);
  });

  it('leaves LIKE wildcards and other text alone: they mean themselves in an = comparison', () => {
    expect(soqlString('100% _done_ é 😀')).toBe("'100% _done_ é 😀'");
  });
});

describe('soqlDatetime', () => {
  it('writes a bare UTC instant to the second, flooring the milliseconds', () => {
    expect(soqlDatetime(Date.UTC(2024, 0, 2, 3, 4, 5, 999))).toBe('2024-01-02T03:04:05Z');
    expect(soqlDatetime(Date.UTC(2024, 0, 2, 3, 4, 5))).toBe('2024-01-02T03:04:05Z');
  });
});

describe('filterLiteral', () => {
  it('matches values by type: a value of another type can equal nothing', () => {
    expect(filterLiteral(field('boolean'), true)).toBe('TRUE');
    expect(filterLiteral(field('boolean'), 'true')).toBe(noMatch);
    expect(filterLiteral(field('string'), false)).toBe(noMatch);
    expect(filterLiteral(field('double'), 2.5)).toBe('2.5');
    expect(filterLiteral(field('int'), '3')).toBe(noMatch);
    expect(filterLiteral(field('currency'), Number.NaN)).toBe(noMatch);
  });

  it('writes numbers in plain digits, never with an exponent', () => {
    expect(filterLiteral(field('double'), 1e21)).toBe('1000000000000000000000');
    expect(filterLiteral(field('double'), 1e-7)).toBe('0.0000001');
    expect(filterLiteral(field('int'), -42)).toBe('-42');
  });

  it('writes dates and datetimes bare, and refuses text that is not one', () => {
    expect(filterLiteral(field('date'), '2025-03-04')).toBe('2025-03-04');
    expect(filterLiteral(field('date'), "2025-03-04' OR Id != '")).toBe(noMatch);
    expect(filterLiteral(field('datetime'), '2025-03-04T05:06:07.000Z')).toBe('2025-03-04T05:06:07Z');
    expect(filterLiteral(field('datetime'), '2025-03-04T05:06:07.250+01:00')).toBe(
      '2025-03-04T04:06:07.250Z',
    );
    expect(filterLiteral(field('datetime'), 'yesterday')).toBe(noMatch);
  });

  it('quotes ids and references only when they are Salesforce ids', () => {
    expect(filterLiteral(field('reference'), '001Em0000000001AAA')).toBe("'001Em0000000001AAA'");
    expect(filterLiteral(field('id'), '003Em0000000012')).toBe("'003Em0000000012'");
    expect(filterLiteral(field('reference'), "001' OR Id != '")).toBe(noMatch);
  });

  it('quotes and escapes text and picklist values', () => {
    expect(filterLiteral(field('picklist'), "Won't")).toBe(String.raw`'Won\'t'`);
    expect(filterLiteral(field('email'), 'a@b.c')).toBe("'a@b.c'");
  });

  it('refuses a compound field as a bad request naming it', () => {
    let thrown: unknown;
    try {
      filterLiteral(field('address', 'MailingAddress'), 'x');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ProviderError);
    expect(thrown).toMatchObject({ kind: 'badRequest', details: { fieldNames: ['MailingAddress'] } });
  });
});

describe('buildSoql', () => {
  it('joins conditions with AND and writes the order and the limit', () => {
    expect(
      buildSoql({
        fields: ['Id', 'Name'],
        from: 'Account',
        where: [
          { field: 'Name', operator: '=', literal: "'A'" },
          { field: 'SystemModstamp', operator: '>', literal: '2024-01-01T00:00:00Z' },
        ],
        orderBy: ['SystemModstamp', 'Id'],
        limit: 10,
      }),
    ).toBe(
      "SELECT Id, Name FROM Account WHERE Name = 'A' AND SystemModstamp > 2024-01-01T00:00:00Z ORDER BY SystemModstamp, Id LIMIT 10",
    );
    expect(buildSoql({ fields: ['Id'], from: 'Contact' })).toBe('SELECT Id FROM Contact');
  });
});
