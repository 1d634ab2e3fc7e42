import { describe, expect, it } from 'vitest';
import { SalesforceError } from './errors.js';
import { QueryEngine } from './query.js';
import { parseSoql } from './soql.js';

describe('parseSoql', () => {
  it('reads fields, the object, a nested condition, the order, limit and offset', () => {
    const query = parseSoql(
      "select Id, Email from Contact where (LeadSource = 'Web' or Email like '%@acme.com') and not HasOptedOutOfEmail = true order by LastName desc nulls first, Id limit 10 offset 5",
    );
    expect(query).toEqual({
      fields: ['Id', 'Email'],
      from: 'Contact',
      where: {
        kind: 'and',
        left: {
          kind: 'or',
          left: { kind: 'compare', field: 'LeadSource', operator: '=', value: 'Web' },
          right: { kind: 'compare', field: 'Email', operator: 'LIKE', value: '%@acme.com' },
        },
        right: {
          kind: 'not',
          operand: { kind: 'compare', field: 'HasOptedOutOfEmail', operator: '=', value: true },
        },
      },
      orderBy: [
        { field: 'LastName', descending: true, nullsLast: false },
        { field: 'Id', descending: false, nullsLast: false },
      ],
      limit: 10,
      offset: 5,
    });
  });

  it('reads datetime, date, number, null and IN / NOT IN literals, and <> as !=', () => {
    const { where } = parseSoql(
      "SELECT Id FROM Opportunity WHERE SystemModstamp >= 2024-01-02T03:04:05.000+0000 AND CloseDate < 2025-01-01 AND Amount <> 12.5 AND AccountId != null AND StageName NOT IN ('Closed Won', 'Closed Lost')",
    );
    const conditions: unknown[] = [];
    const walk = (node: typeof where): void => {
      if (node?.kind === 'and') {
        walk(node.left);
        walk(node.right);
      } else conditions.push(node);
    };
    walk(where);
    expect(conditions).toEqual([
      {
        kind: 'compare',
        field: 'SystemModstamp',
        operator: '>=',
        value: { instant: Date.UTC(2024, 0, 2, 3, 4, 5) },
      },
      { kind: 'compare', field: 'CloseDate', operator: '<', value: { date: '2025-01-01' } },
      { kind: 'compare', field: 'Amount', operator: '!=', value: 12.5 },
      { kind: 'compare', field: 'AccountId', operator: '!=', value: null },
      { kind: 'in', field: 'StageName', negated: true, values: ['Closed Won', 'Closed Lost'] },
    ]);
  });

  it('reads COUNT() and escaped quotes', () => {
    expect(parseSoql("SELECT COUNT() FROM Account WHERE Name = 'O\\'Brien'")).toMatchObject({
      from: 'Account',
      where: { value: "O'Brien" },
    });
    expect(parseSoql('SELECT COUNT() FROM Account').fields).toBeUndefined();
  });

  it('decodes every escape Salesforce lists, and keeps \\_ and \\% for LIKE', () => {
    const soql = String.raw`SELECT Id FROM Contact WHERE Title = 'a\'b\\c\"d\ne\Rf\tg\bh\Fi\u00e9' AND Email LIKE '100\%\_%'`;
    const { where } = parseSoql(soql);
    expect(where).toMatchObject({
      left: { value: `a'b\\c"d\ne\rf\tg\bh\fi\u00e9` },
      right: { operator: 'LIKE', value: String.raw`100\%\_%` },
    });
  });

  it('matches LIKE \\% and \\_ literally and % and _ as wildcards', () => {
    const records = ['100%_off', '100x_off', '100%yoff'].map((Title, index) => ({
      Id: `003${index}`,
      Title,
    }));
    const engine = new QueryEngine(() => records);
    const titles = (pattern: string) =>
      engine
        .run(`SELECT Title FROM Contact WHERE Title LIKE '${pattern}'`, '60.0', 2000)
        .records.map((record) => record.Title);
    expect(titles(String.raw`100\%\_%`)).toEqual(['100%_off']);
    expect(titles('100%_off')).toEqual(['100%_off', '100x_off', '100%yoff']);
  });

  it.each([
    ['no FROM', 'SELECT Id Contact'],
    ['a missing value', 'SELECT Id FROM Contact WHERE Email ='],
    ['an unclosed parenthesis', "SELECT Id FROM Contact WHERE (Email = 'a'"],
    ['trailing words', 'SELECT Id FROM Contact LIMIT 5 please'],
    ['an unknown character', 'SELECT Id FROM Contact WHERE Email ~ 1'],
    ['an unknown escape in a string', String.raw`SELECT Id FROM Contact WHERE Email = 'a\qb'`],
    ['\\u without four hex digits', String.raw`SELECT Id FROM Contact WHERE Email = 'a\u12'`],
  ])('refuses %s as MALFORMED_QUERY', (_, soql) => {
    let thrown: unknown;
    try {
      parseSoql(soql);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(SalesforceError);
    expect((thrown as SalesforceError).entries[0]!.errorCode).toBe('MALFORMED_QUERY');
  });
});
