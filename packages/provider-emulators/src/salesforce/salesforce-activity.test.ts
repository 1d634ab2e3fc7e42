/**
 * The activity generator as jsforce meets it: what `applyChanges` says it changed is exactly what a SOQL
 * read by `SystemModstamp` finds, a deleted record leaves the queries and reads as not found, `COUNT()`
 * moves as the creations and deletions say, the recycle bin keeps what was deleted (queryAll), and every
 * value is one the org's describe allows.
 */
import { Connection } from 'jsforce';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChangedRecord } from '../activity/activity-generator.js';
import { type SObjectName, sobjectNames } from './sobjects.js';
import { type RunningSalesforceEmulator, startSalesforceEmulator } from './start.js';

/** After the generated data set's last change (mid-2025), so only the generator's changes are later. */
const start = Date.UTC(2026, 0, 5, 9, 30);
let clock = start;
let emulator: RunningSalesforceEmulator;
let conn: Connection;

async function startEmulator(counts = { contacts: 60, companies: 8, deals: 30 }) {
  clock = start;
  emulator = await startSalesforceEmulator({ counts, now: () => clock });
  conn = new Connection({
    instanceUrl: emulator.url,
    accessToken: emulator.issueTokens().accessToken,
    version: '60.0',
  });
}
afterEach(() => emulator.close());

/** A SOQL datetime literal. */
const literal = (ms: number) => new Date(ms).toISOString();

async function ids(soql: string): Promise<string[]> {
  const all = await conn.query<{ Id: string }>(soql, { autoFetch: true, maxFetch: 100_000 });
  return all.records.map((record) => record.Id).sort();
}

const count = async (sobject: SObjectName) => (await conn.query(`SELECT COUNT() FROM ${sobject}`)).totalSize;

function liveChanged(changes: readonly ChangedRecord[], sobject: string): string[] {
  const ofType = changes.filter((c) => c.objectType === sobject);
  const deleted = new Set(ofType.filter((c) => c.kind === 'deleted').map((c) => c.id));
  return [...new Set(ofType.map((c) => c.id))].filter((id) => !deleted.has(id)).sort();
}

function changeUntil(sobject: string, kind: ChangedRecord['kind'], log: ChangedRecord[] = []): ChangedRecord {
  for (let attempt = 0; attempt < 1_000; attempt++) {
    const [change] = emulator.applyChanges(1);
    if (change) log.push(change);
    if (change?.objectType === sobject && change.kind === kind) return change;
  }
  throw new Error(`no ${kind} ${sobject} in 1,000 changes`);
}

describe('Salesforce activity', () => {
  it('is found, exactly, by a SOQL query WHERE SystemModstamp > the instant before it', async () => {
    await startEmulator();
    for (const sobject of sobjectNames) {
      expect(await ids(`SELECT Id FROM ${sobject} WHERE SystemModstamp > ${literal(start)}`)).toEqual([]);
    }
    clock += 60_000;
    const changes = emulator.applyChanges(40);
    expect(changes).toHaveLength(40);
    expect(new Set(changes.map((c) => c.kind))).toEqual(new Set(['created', 'updated', 'deleted']));
    for (const sobject of sobjectNames) {
      const found = await ids(`SELECT Id FROM ${sobject} WHERE SystemModstamp > ${literal(start)}`);
      expect(found).toEqual(liveChanged(changes, sobject));
      // LastModifiedDate moves with it on every create and update (a delete moves only SystemModstamp).
      const modified = await ids(`SELECT Id FROM ${sobject} WHERE LastModifiedDate > ${literal(start)}`);
      expect(modified).toEqual(found);
    }
  });

  it('deletes now and then: the record leaves every query and reads as not found', async () => {
    await startEmulator();
    const before = await ids('SELECT Id FROM Contact');
    const { id } = changeUntil('Contact', 'deleted');
    expect(before).toContain(id);
    expect(await ids('SELECT Id FROM Contact')).not.toContain(id);
    expect(await ids(`SELECT Id FROM Contact WHERE Id = '${id}'`)).toEqual([]);
    await expect(conn.sobject('Contact').retrieve(id)).rejects.toMatchObject({ errorCode: 'NOT_FOUND' });
  });

  it('keeps a deleted record in the recycle bin, where queryAll finds it by IsDeleted and SystemModstamp', async () => {
    await startEmulator();
    clock += 60_000;
    const { id } = changeUntil('Contact', 'deleted');
    // jsforce's scanAll reads through queryAll.
    const binned = await conn.query<{ Id: string; IsDeleted: boolean; SystemModstamp: string }>(
      `SELECT Id, IsDeleted, SystemModstamp FROM Contact WHERE IsDeleted = true AND SystemModstamp > ${literal(start)}`,
      { scanAll: true },
    );
    expect(binned.records.map(({ Id, IsDeleted }) => ({ Id, IsDeleted }))).toEqual([
      { Id: id, IsDeleted: true },
    ]);
    expect(Date.parse(binned.records[0]!.SystemModstamp.replace('+0000', 'Z'))).toBeGreaterThanOrEqual(clock);
    // queryAll sees the live records too; query only those.
    const everything = await conn.query('SELECT COUNT() FROM Contact', { scanAll: true });
    expect(everything.totalSize).toBe((await count('Contact')) + 1);
  });

  it('moves COUNT() by what it says it created and deleted', async () => {
    await startEmulator();
    const before = Object.fromEntries(await Promise.all(sobjectNames.map(async (s) => [s, await count(s)])));
    const changes = emulator.applyChanges(60);
    expect(changes.some((c) => c.kind === 'created')).toBe(true);
    for (const sobject of sobjectNames) {
      const created = changes.filter((c) => c.objectType === sobject && c.kind === 'created').length;
      const deleted = changes.filter((c) => c.objectType === sobject && c.kind === 'deleted').length;
      expect(await count(sobject)).toBe(before[sobject] + created - deleted);
    }
  });

  it("writes new people and changes in the org's own fields and picklist values", async () => {
    await startEmulator();
    clock += 60_000;
    const changes = emulator.applyChanges(80);
    const created = changeUntil('Contact', 'created', changes);
    const contact = await conn.sobject('Contact').retrieve(created.id);
    expect(contact).toMatchObject({
      Email: expect.stringMatching(/^[^@\s]+@[^@\s]+\.[a-z]+$/),
      FirstName: expect.stringMatching(/^[A-Z]/),
      LastName: expect.stringMatching(/^[A-Z]/),
      MailingCountry: expect.stringMatching(/^[A-Z]{2}$/),
      CreatedDate: new Date(clock).toISOString().replace('Z', '+0000'),
      SystemModstamp: new Date(clock).toISOString().replace('Z', '+0000'),
    });
    for (const sobject of sobjectNames) {
      const picklists = (await conn.sobject(sobject).describe()).fields.filter((f) => f.type === 'picklist');
      for (const id of liveChanged(changes, sobject)) {
        const record = (await conn.sobject(sobject).retrieve(id)) as unknown as Record<string, unknown>;
        for (const field of picklists) {
          const value = record[field.name];
          if (value === null || value === undefined) continue;
          expect(
            field.picklistValues!.map((option) => option.value),
            `${sobject} ${id} ${field.name}`,
          ).toContain(value);
        }
        if (sobject === 'Opportunity') expect(record.IsWon).toBe(record.StageName === 'Closed Won');
      }
    }
  });

  it('stamps every change of a record later than the last, even when the clock stands still', async () => {
    await startEmulator({ contacts: 2, companies: 1, deals: 2 });
    clock += 60_000;
    const seen = new Map<string, number[]>();
    for (let step = 0; step < 40; step++) {
      const [change] = emulator.applyChanges(1);
      if (!change || change.kind === 'deleted') continue;
      const record = await conn.sobject(change.objectType).retrieve(change.id);
      const stamp = Date.parse(String(record.SystemModstamp).replace('+0000', 'Z'));
      seen.set(change.id, [...(seen.get(change.id) ?? []), stamp]);
    }
    const repeated = [...seen.values()].filter((stamps) => stamps.length > 1);
    expect(repeated.length).toBeGreaterThan(0);
    for (const times of repeated) {
      expect(times[0]).toBeGreaterThanOrEqual(clock);
      for (let i = 1; i < times.length; i++) expect(times[i]).toBeGreaterThan(times[i - 1]!);
    }
  });
});

describe('Salesforce recent history', () => {
  it('gives a tenth of each object a modification time in the last days, found by SOQL', async () => {
    clock = start;
    emulator = await startSalesforceEmulator({
      counts: { contacts: 60, companies: 8, deals: 30 },
      now: () => clock,
      activity: { historyDays: 60 },
    });
    conn = new Connection({
      instanceUrl: emulator.url,
      accessToken: emulator.issueTokens().accessToken,
      version: '60.0',
    });
    const since = literal(start - 60 * 86_400_000);
    const found = Object.fromEntries(
      await Promise.all(
        sobjectNames.map(async (s) => [s, await ids(`SELECT Id FROM ${s} WHERE SystemModstamp >= ${since}`)]),
      ),
    );
    expect(Object.fromEntries(sobjectNames.map((s) => [s, found[s].length]))).toEqual({
      Account: 0,
      Contact: 6,
      Opportunity: 3,
    });
    for (const sobject of sobjectNames) {
      expect(await ids(`SELECT Id FROM ${sobject} WHERE LastModifiedDate >= ${since}`)).toEqual(
        found[sobject],
      );
      expect(await ids(`SELECT Id FROM ${sobject} WHERE SystemModstamp > ${literal(start)}`)).toEqual([]);
    }
  });
});

describe('Salesforce activity on a timer', () => {
  it('makes changes over time at its rate while the emulator runs', async () => {
    const since = Date.now();
    emulator = await startSalesforceEmulator({
      counts: { contacts: 20, companies: 3, deals: 5 },
      activity: { changesPerMinute: 6_000, tickMs: 20 },
    });
    conn = new Connection({
      instanceUrl: emulator.url,
      accessToken: emulator.issueTokens().accessToken,
      version: '60.0',
    });
    const changedSince = async () =>
      (
        await Promise.all(
          sobjectNames.map((sobject) =>
            ids(`SELECT Id FROM ${sobject} WHERE SystemModstamp > ${literal(since)}`),
          ),
        )
      ).flat().length;
    await expect.poll(changedSince, { timeout: 5_000 }).toBeGreaterThanOrEqual(5);
  });
});
