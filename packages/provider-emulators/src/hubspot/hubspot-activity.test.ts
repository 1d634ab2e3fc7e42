/**
 * The activity generator as a HubSpot client meets it: what `applyChanges` says it changed is exactly what
 * an incremental read (a search with GTE on the last-modified property) finds, archived records leave the
 * list and the search for the archived list, counts move as the creations and archivals say, every value
 * is one HubSpot's property definitions allow, no two changes of a record share a modification time, and
 * the recent past asked for at the start is found by a search of those days.
 */
import { Client } from '@hubspot/api-client';
import { FilterOperatorEnum } from '@hubspot/api-client/lib/codegen/crm/objects/models/Filter.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChangedRecord } from '../activity/activity-generator.js';
import { lastModifiedProperty, type ObjectType, objectTypes } from './object-types.js';
import { type RunningHubSpotEmulator, startHubSpotEmulator } from './start.js';

/** After the generated data set's last change (mid-2025), so only the generator's changes are later. */
const start = Date.UTC(2026, 0, 5, 9, 30);
let clock = start;
let emulator: RunningHubSpotEmulator;
let client: Client;

async function startEmulator(counts = { contacts: 60, companies: 8, deals: 30 }) {
  clock = start;
  emulator = await startHubSpotEmulator({ counts, now: () => clock });
  client = new Client({ accessToken: emulator.issueTokens().accessToken, basePath: emulator.url });
}
afterEach(() => emulator.close());

const api = (type: ObjectType) => client.crm[type];

/** Every record of a type a search with GTE `since` on its last-modified property finds, paged through. */
async function modifiedSince(type: ObjectType, since: number, properties: string[] = []): Promise<string[]> {
  const ids: string[] = [];
  let after: string | undefined;
  do {
    const page = await api(type).searchApi.doSearch({
      filterGroups: [
        {
          filters: [
            {
              propertyName: lastModifiedProperty[type],
              operator: FilterOperatorEnum.Gte,
              value: String(since),
            },
          ],
        },
      ],
      sorts: [lastModifiedProperty[type]],
      properties,
      limit: 100,
      ...(after !== undefined && { after }),
    });
    ids.push(...page.results.map((record) => record.id));
    after = page.paging?.next?.after;
  } while (after);
  return ids.sort();
}

/** The ids of every live (or archived) record of a type, through the list endpoint. */
async function listed(type: ObjectType, archived = false): Promise<string[]> {
  const ids: string[] = [];
  let after: string | undefined;
  do {
    const page = await api(type).basicApi.getPage(100, after, undefined, undefined, undefined, archived);
    ids.push(...page.results.map((record) => record.id));
    after = page.paging?.next?.after;
  } while (after);
  return ids;
}

/** The ids a type's changes leave live and changed: created or updated, not deleted afterwards. */
function liveChanged(changes: readonly ChangedRecord[], type: string): string[] {
  const ofType = changes.filter((c) => c.objectType === type);
  const deleted = new Set(ofType.filter((c) => c.kind === 'deleted').map((c) => c.id));
  return [...new Set(ofType.map((c) => c.id))].filter((id) => !deleted.has(id)).sort();
}

/**
 * Applies changes one at a time until one of the kind falls on the type (the generator is seeded), adding
 * each change to `log`.
 */
function changeUntil(type: string, kind: ChangedRecord['kind'], log: ChangedRecord[] = []): ChangedRecord {
  for (let attempt = 0; attempt < 1_000; attempt++) {
    const [change] = emulator.applyChanges(1);
    if (change) log.push(change);
    if (change?.objectType === type && change.kind === kind) return change;
  }
  throw new Error(`no ${kind} ${type} in 1,000 changes`);
}

describe('HubSpot activity', () => {
  it("is found, exactly, by a search with GTE on each type's last-modified property", async () => {
    await startEmulator();
    for (const type of objectTypes) expect(await modifiedSince(type, start)).toEqual([]);
    clock += 60_000;
    const changes = emulator.applyChanges(40);
    expect(changes).toHaveLength(40);
    expect(new Set(changes.map((c) => c.kind))).toEqual(new Set(['created', 'updated', 'deleted']));
    for (const type of objectTypes) {
      expect(await modifiedSince(type, start + 1)).toEqual(liveChanged(changes, type));
    }
    // Nothing the changes did not touch was stamped: a later window is empty.
    for (const type of objectTypes) expect(await modifiedSince(type, clock + 1_000)).toEqual([]);
  });

  it('archives now and then: the record leaves the list and the search, and the archived list has it', async () => {
    await startEmulator();
    const before = await listed('contacts');
    const { id } = changeUntil('contacts', 'deleted');
    expect(before).toContain(id);
    expect(await listed('contacts')).not.toContain(id);
    expect(await modifiedSince('contacts', 0)).not.toContain(id);
    await expect(api('contacts').basicApi.getById(id)).rejects.toMatchObject({ code: 404 });
    const archived = await api('contacts').basicApi.getPage(
      100,
      undefined,
      undefined,
      undefined,
      undefined,
      true,
    );
    expect(archived.results.map((record) => [record.id, record.archived])).toEqual([[id, true]]);
  });

  it('moves the counts by what it says it created and archived', async () => {
    await startEmulator();
    const before = Object.fromEntries(
      await Promise.all(objectTypes.map(async (t) => [t, (await listed(t)).length])),
    );
    const changes = emulator.applyChanges(60);
    for (const type of objectTypes) {
      const created = changes.filter((c) => c.objectType === type && c.kind === 'created').length;
      const deleted = changes.filter((c) => c.objectType === type && c.kind === 'deleted').length;
      expect(await listed(type)).toHaveLength(before[type] + created - deleted);
      const total = await api(type).searchApi.doSearch({ filterGroups: [], limit: 1 });
      expect(total.total).toBe(before[type] + created - deleted);
    }
    expect(changes.some((c) => c.kind === 'created')).toBe(true);
  });

  it("writes new people and changes in HubSpot's own properties and picklist values", async () => {
    await startEmulator();
    clock += 60_000;
    const changes = emulator.applyChanges(80);
    const created = changeUntil('contacts', 'created', changes);
    const contact = await api('contacts').basicApi.getById(created.id, [
      'email',
      'firstname',
      'lastname',
      'country',
      'hs_lead_status',
      'lifecyclestage',
      'createdate',
      'lastmodifieddate',
    ]);
    expect(contact.properties).toMatchObject({
      email: expect.stringMatching(/^[^@\s]+@[^@\s]+\.[a-z]+$/),
      firstname: expect.stringMatching(/^[A-Z]/),
      lastname: expect.stringMatching(/^[A-Z]/),
      country: expect.stringMatching(/^[A-Z]{2}$/),
      createdate: new Date(clock).toISOString(),
      lastmodifieddate: new Date(clock).toISOString(),
    });
    for (const type of objectTypes) {
      const enumerations = (await client.crm.properties.coreApi.getAll(type)).results.filter(
        (property) => property.type === 'enumeration',
      );
      const names = enumerations.map((property) => property.name);
      for (const id of liveChanged(changes, type)) {
        const record = await api(type).basicApi.getById(id, names);
        for (const property of enumerations) {
          const value = record.properties[property.name];
          if (value === null || value === undefined) continue;
          expect(
            property.options.map((option) => option.value),
            `${type} ${id} ${property.name}`,
          ).toContain(value);
        }
      }
    }
  });

  it('stamps every change of a record later than the last, even when the clock stands still', async () => {
    await startEmulator({ contacts: 2, companies: 1, deals: 2 });
    clock += 60_000;
    const seen = new Map<string, string[]>();
    for (let step = 0; step < 40; step++) {
      const [change] = emulator.applyChanges(1);
      if (!change || change.kind === 'deleted') continue;
      const type = change.objectType as ObjectType;
      const record = await api(type).basicApi.getById(change.id, [lastModifiedProperty[type]]);
      const key = `${type}/${change.id}`;
      seen.set(key, [...(seen.get(key) ?? []), record.properties[lastModifiedProperty[type]]!]);
    }
    const repeated = [...seen.values()].filter((stamps) => stamps.length > 1);
    expect(repeated.length).toBeGreaterThan(0);
    for (const stamps of repeated) {
      const times = stamps.map((stamp) => Date.parse(stamp));
      expect(times[0]).toBeGreaterThanOrEqual(clock);
      for (let i = 1; i < times.length; i++) expect(times[i]).toBeGreaterThan(times[i - 1]!);
    }
  });
});

describe('HubSpot recent history', () => {
  const day = 86_400_000;

  it('gives a tenth of each object a modification time in the last days, found by a search of those days', async () => {
    clock = start;
    emulator = await startHubSpotEmulator({
      counts: { contacts: 60, companies: 8, deals: 30 },
      now: () => clock,
      activity: { historyDays: 60 },
    });
    client = new Client({ accessToken: emulator.issueTokens().accessToken, basePath: emulator.url });
    const found = Object.fromEntries(
      await Promise.all(objectTypes.map(async (type) => [type, await modifiedSince(type, start - 60 * day)])),
    );
    // A tenth, rounded down: 6 of 60 contacts, none of 8 companies, 3 of 30 deals.
    expect(Object.fromEntries(objectTypes.map((type) => [type, found[type].length]))).toEqual({
      contacts: 6,
      companies: 0,
      deals: 3,
    });
    for (const type of ['contacts', 'deals'] as const) {
      for (const id of found[type]) {
        const record = await api(type).basicApi.getById(id, [lastModifiedProperty[type], 'createdate']);
        const modified = Date.parse(record.properties[lastModifiedProperty[type]]!);
        expect(modified).toBeLessThanOrEqual(start);
        expect(modified).toBeGreaterThanOrEqual(Date.parse(record.properties.createdate!));
        expect(modified % 1000).toBe(0);
      }
    }
  });

  it('gives none without historyDays', async () => {
    await startEmulator();
    for (const type of objectTypes) expect(await modifiedSince(type, start - 60 * day)).toEqual([]);
  });
});

describe('HubSpot activity on a timer', () => {
  it('makes changes over time at its rate while the emulator runs', async () => {
    const since = Date.now();
    emulator = await startHubSpotEmulator({
      counts: { contacts: 20, companies: 3, deals: 5 },
      activity: { changesPerMinute: 6_000, tickMs: 20 },
    });
    client = new Client({ accessToken: emulator.issueTokens().accessToken, basePath: emulator.url });
    await expect
      .poll(async () => (await Promise.all(objectTypes.map((t) => modifiedSince(t, since)))).flat().length, {
        timeout: 5_000,
      })
      .toBeGreaterThanOrEqual(5);
  });
});
