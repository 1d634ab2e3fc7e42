import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateSandboxData } from '@splice/sandbox-data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../store/open-database.js';
import { UnknownFieldError, UnknownObjectError } from './errors.js';
import { createSandboxProvider, maxSearchLimit, type SandboxProvider } from './sandbox-provider.js';

const counts = { contacts: 2_000, companies: 100, deals: 300 };

describe('sandbox provider', () => {
  let dir: string;
  let db: Database;
  let sandbox: SandboxProvider;
  /** The generated contacts, the oracle the query results are checked against. */
  const contacts = [...generateSandboxData(counts).contacts];

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'splice-sandbox-'));
    db = openDatabase(dir);
    sandbox = createSandboxProvider(db, counts);
  });
  afterAll(() => {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const ids = (objectName: string, filters: Parameters<SandboxProvider['search']>[1], limit = 50) =>
    sandbox.search(objectName, filters, limit).records.map((r) => r.id);

  it('seeds once, and again only when the counts change', () => {
    expect(sandbox.seed).toMatchObject({ seeded: true, counts });
    expect(createSandboxProvider(db, counts).seed.seeded).toBe(false);
    expect(db.prepare('SELECT count(*) FROM sandboxcrm_contacts').pluck().get()).toBe(2_000);

    const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), 'splice-sandbox-'));
    const other = openDatabase(otherDir);
    try {
      expect(createSandboxProvider(other, { ...counts, contacts: 10 }).seed.seeded).toBe(true);
      const reseeded = createSandboxProvider(other, { ...counts, contacts: 20 });
      expect(reseeded.seed.seeded).toBe(true);
      expect(other.prepare('SELECT count(*) FROM sandboxcrm_contacts').pluck().get()).toBe(20);
    } finally {
      other.close();
      fs.rmSync(otherDir, { recursive: true, force: true });
    }
  });

  it('returns stored records exactly as generated, with a HubSpot-like raw form', () => {
    const first = sandbox.search('contacts', [], 1).records[0]!;
    expect(first.id).toBe('1');
    expect(first.fields).toEqual(contacts[0]);
    expect(first.raw).toEqual({
      id: '1',
      properties: Object.fromEntries(
        Object.entries(contacts[0]!).map(([k, v]) => [k, v === null ? null : String(v)]),
      ),
      createdAt: contacts[0]!.createdAt,
      updatedAt: contacts[0]!.updatedAt,
      archived: false,
    });
    expect((first.raw.properties as Record<string, unknown>).isCustomer).toMatch(/^(true|false)$/);
  });

  it('finds a record by a unique field', () => {
    const target = contacts[1_234]!;
    const { records } = sandbox.search('contacts', [{ fieldName: 'email', value: String(target.email) }], 10);
    expect(records.map((r) => r.id)).toEqual([target.id]);
    expect(ids('contacts', [{ fieldName: 'id', value: '1235' }])).toEqual(['1235']);
  });

  describe('typed matching', () => {
    const expected = (predicate: (c: (typeof contacts)[number]) => boolean, limit = 50) =>
      contacts
        .filter(predicate)
        .slice(0, limit)
        .map((c) => c.id);

    it('matches a boolean only against a boolean field with that value', () => {
      expect(ids('contacts', [{ fieldName: 'isCustomer', value: true }])).toEqual(
        expected((c) => c.isCustomer === true),
      );
      expect(ids('contacts', [{ fieldName: 'isCustomer', value: false }])).toEqual(
        expected((c) => c.isCustomer === false),
      );
      // Refused: a boolean for a string, a picklist or a number field, and the text 'true' for a boolean field.
      expect(ids('contacts', [{ fieldName: 'firstName', value: true }])).toEqual([]);
      expect(ids('contacts', [{ fieldName: 'status', value: false }])).toEqual([]);
      expect(ids('contacts', [{ fieldName: 'score', value: true }])).toEqual([]);
      expect(ids('contacts', [{ fieldName: 'isCustomer', value: 'true' }])).toEqual([]);
      expect(ids('contacts', [{ fieldName: 'isCustomer', value: 1 }])).toEqual([]);
    });

    it('matches a number only against int and float fields with an equal value', () => {
      const score = contacts[0]!.score as number;
      expect(ids('contacts', [{ fieldName: 'score', value: score }])).toEqual(
        expected((c) => c.score === score),
      );
      const revenue = contacts[7]!.annualRevenue as number;
      expect(ids('contacts', [{ fieldName: 'annualRevenue', value: revenue }])).toEqual(
        expected((c) => c.annualRevenue === revenue),
      );
      // Refused: the number as text, a number for a string, reference or id field, a non-integer for an int.
      expect(ids('contacts', [{ fieldName: 'score', value: String(score) }])).toEqual([]);
      expect(ids('contacts', [{ fieldName: 'companyId', value: 1 }])).toEqual([]);
      expect(ids('contacts', [{ fieldName: 'id', value: 1 }])).toEqual([]);
      expect(ids('contacts', [{ fieldName: 'score', value: score + 0.5 }])).toEqual([]);
    });

    it('matches a string only against string-ish fields with equal text', () => {
      expect(ids('contacts', [{ fieldName: 'status', value: 'churned' }])).toEqual(
        expected((c) => c.status === 'churned'),
      );
      expect(ids('contacts', [{ fieldName: 'companyId', value: '7' }])).toEqual(
        expected((c) => c.companyId === '7'),
      );
      const createdAt = String(contacts[3]!.createdAt);
      expect(ids('contacts', [{ fieldName: 'createdAt', value: createdAt }])).toEqual(
        expected((c) => c.createdAt === createdAt),
      );
      const deal = [...generateSandboxData(counts).deals][0]!;
      expect(ids('deals', [{ fieldName: 'closeDate', value: String(deal.closeDate) }], 1000)).toContain(
        deal.id,
      );
      // Refused: a different case, the display value, other spellings of the same id or instant.
      expect(ids('contacts', [{ fieldName: 'status', value: 'Churned' }])).toEqual([]);
      expect(ids('contacts', [{ fieldName: 'companyId', value: '007' }])).toEqual([]);
      expect(ids('contacts', [{ fieldName: 'createdAt', value: createdAt.replace('.000Z', 'Z') }])).toEqual(
        [],
      );
      expect(
        ids('contacts', [{ fieldName: 'email', value: String(contacts[0]!.email).toUpperCase() }]),
      ).toEqual([]);
    });
  });

  it('joins filters with AND', () => {
    const filters = [
      { fieldName: 'status', value: 'customer' },
      { fieldName: 'country', value: 'DE' },
    ];
    const want = contacts.filter((c) => c.status === 'customer' && c.country === 'DE').map((c) => c.id);
    expect(want.length).toBeGreaterThan(0);
    expect(ids('contacts', filters, 1_000)).toEqual(want);
    // One impossible filter empties the result.
    expect(ids('contacts', [...filters, { fieldName: 'isCustomer', value: false }])).toEqual([]);
  });

  it('matches a filter with several values when the field equals any of them, within the AND', () => {
    const stages = ['customer', 'evangelist'];
    const want = contacts.filter((c) => stages.includes(String(c.lifecycleStage))).map((c) => c.id);
    expect(new Set(want.map((id) => contacts[Number(id) - 1]!.lifecycleStage))).toEqual(new Set(stages));
    expect(ids('contacts', [{ fieldName: 'lifecycleStage', value: stages }], 1_000)).toEqual(want);

    const withCountry = contacts
      .filter((c) => stages.includes(String(c.lifecycleStage)) && c.country === 'DE')
      .map((c) => c.id);
    expect(withCountry.length).toBeGreaterThan(0);
    const filters = [
      { fieldName: 'lifecycleStage', value: stages },
      { fieldName: 'country', value: 'DE' },
    ];
    expect(ids('contacts', filters, 1_000)).toEqual(withCountry);
    // A value of the wrong type among them matches nothing by itself and keeps the others; alone, nothing.
    expect(ids('contacts', [{ fieldName: 'lifecycleStage', value: [...stages, true] }], 1_000)).toEqual(want);
    expect(ids('contacts', [{ fieldName: 'lifecycleStage', value: [true, 7] }])).toEqual([]);
    // Bulk reads take the same conditions.
    const window = { untilMs: Date.now() + 86_400_000, conditions: filters };
    expect(sandbox.readPage('contacts', window, 0, 1_000).records.map((r) => r.id)).toEqual(withCountry);
    expect(sandbox.countRecords('contacts', window)).toBe(withCountry.length);
  });

  it('returns at most `limit` records, in id order', () => {
    const page = ids('contacts', [{ fieldName: 'status', value: 'lead' }], 7);
    expect(page).toHaveLength(7);
    expect(page.map(Number)).toEqual([...page.map(Number)].sort((a, b) => a - b));
    expect(ids('contacts', [], 0)).toEqual([]);
    expect(sandbox.search('contacts', [], 10_000).records).toHaveLength(maxSearchLimit);
    expect(() => sandbox.search('contacts', [], -1)).toThrow(RangeError);
    expect(() => sandbox.search('contacts', [], 1.5)).toThrow(RangeError);
  });

  it('throws typed errors for an unknown object or field', () => {
    expect(() => sandbox.search('tickets', [], 10)).toThrow(UnknownObjectError);
    expect(() => sandbox.search('constructor', [], 10)).toThrow(UnknownObjectError);
    try {
      sandbox.search(
        'contacts',
        [
          { fieldName: 'status', value: 'lead' },
          { fieldName: 'shoeSize', value: 42 },
        ],
        10,
      );
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(UnknownFieldError);
      expect(error).toMatchObject({ objectName: 'contacts', fieldName: 'shoeSize', provider: 'sandboxcrm' });
    }
    // Even when another filter's value could never match, the unknown field is reported.
    expect(() =>
      sandbox.search(
        'contacts',
        [
          { fieldName: 'status', value: true },
          { fieldName: 'nope', value: 'x' },
        ],
        10,
      ),
    ).toThrow(UnknownFieldError);
  });

  describe('sampleRead', () => {
    it('reads the first record with only the requested fields', () => {
      const result = sandbox.sampleRead('contacts', ['email', 'isCustomer']);
      expect(result).toEqual({
        ok: true,
        record: {
          id: '1',
          fields: { email: contacts[0]!.email, isCustomer: contacts[0]!.isCustomer },
          raw: {
            id: '1',
            properties: { email: contacts[0]!.email, isCustomer: String(contacts[0]!.isCustomer) },
            createdAt: contacts[0]!.createdAt,
            updatedAt: contacts[0]!.updatedAt,
            archived: false,
          },
        },
      });
    });

    it('refuses unknown fields, naming each once', () => {
      expect(sandbox.sampleRead('contacts', ['email', 'shoeSize', 'hatSize', 'shoeSize'])).toEqual({
        ok: false,
        unknownFields: ['shoeSize', 'hatSize'],
      });
    });

    it('throws for an unknown object', () => {
      expect(() => sandbox.sampleRead('tickets', ['id'])).toThrow(UnknownObjectError);
    });
  });

  it('exposes the metadata', () => {
    expect(sandbox.name).toBe('sandboxcrm');
    expect(sandbox.listObjects().map((o) => o.name)).toEqual(['contacts', 'companies', 'deals']);
    expect(sandbox.getObjectMetadata('deals')?.fields.amount?.valueType).toBe('float');
    expect(sandbox.getObjectMetadata('nope')).toBeUndefined();
  });
});
