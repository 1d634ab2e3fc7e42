import { installationSchema, integrationSchema, objectMetadataSchema } from '@splice/schema';
import { describe, expect, it } from 'vitest';
import { fillIntegration, fillObjectMetadata } from './hosted-gaps.js';
import { readAnswer, readEach, readWhatCan } from './read-answer.js';

const time = '2026-11-01T10:00:00.000000Z';
const group = { groupRef: 'g1', groupName: 'G1', projectId: 'p1', createTime: time };
const connection = {
  id: 'c1',
  projectId: 'p1',
  provider: 'acmecrm',
  group,
  // `consumerNickname` is no member of the hosted consumer: a made-up extra, as a newer service might send.
  consumer: {
    consumerRef: 'u1',
    consumerName: 'U One',
    projectId: 'p1',
    createTime: time,
    consumerNickname: 'U',
  },
  createTime: time,
  authScheme: 'oauth2/authorizationCode',
  status: 'working',
};
const installation = {
  id: 'i1',
  projectId: 'p1',
  integrationId: 'int1',
  healthStatus: 'healthy',
  connection,
  createTime: time,
  createdBy: 'consumer:u1',
  config: {
    id: 'cfg1',
    revisionId: 'r1',
    createTime: time,
    createdBy: 'consumer:u1',
    content: {
      provider: 'acmecrm',
      read: {
        objects: {
          person: { objectName: 'person', selectedFields: { email: true }, selectedFieldMappings: {} },
        },
      },
      subscribe: {
        objects: { person: { objectName: 'person', destination: 'hook', inheritFieldsAndMappings: true } },
      },
    },
  },
};

describe('readAnswer: tolerant reading into the documented shapes', () => {
  it('drops keys the shape does not name, at any depth (a hosted `subscribe`, a consumer’s extra fields)', () => {
    const result = readAnswer(installationSchema, installation);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.config.content).not.toHaveProperty('subscribe');
    expect(result.value.connection.consumer).toEqual({
      consumerRef: 'u1',
      consumerName: 'U One',
      projectId: 'p1',
      createTime: time,
    });
    expect(result.ignored).toEqual([]);
    // What comes out always passes the strict schema it was read as.
    expect(installationSchema.safeParse(result.value).success).toBe(true);
  });

  it('leaves out an optional part that cannot be read and says where, without the value', () => {
    const odd = structuredClone(installation);
    (odd.config.content.read.objects.person as Record<string, unknown>).schedule = 'every hour, roughly';
    const result = readAnswer(installationSchema, odd);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.config.content.read?.objects.person).not.toHaveProperty('schedule');
    expect(result.ignored).toEqual([
      {
        path: '$.config.content.read.objects.person.schedule',
        // The schedule schema's own wording (a five-field cron), never the value that came.
        expected: expect.stringContaining('five fields'),
        got: 'string',
      },
    ]);
    expect(JSON.stringify(result.ignored)).not.toContain('roughly');
  });

  it('fails on a required part, naming the JSON path and what was expected', () => {
    const { createTime: _, ...withoutTime } = installation;
    const result = readAnswer(installationSchema, { ...withoutTime, healthStatus: 'fine' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toEqual(
      expect.arrayContaining([
        { path: '$.healthStatus', expected: 'one of "healthy", "unhealthy"', got: 'string' },
        { path: '$.createTime', expected: 'string', got: 'missing' },
      ]),
    );
  });

  it('leaves out an unreadable entry of a map or item of a list instead of failing the answer', () => {
    // Parsed from text, as an answer is: `__proto__` is then an own key, not the prototype.
    const metadata = JSON.parse(
      JSON.stringify({
        name: 'person',
        fields: {
          email: { fieldName: 'email', displayName: 'Email', valueType: 'string' },
          broken: 'not an object',
        },
      }).replace(
        '"fields":{',
        '"fields":{"__proto__":{"fieldName":"x","displayName":"x","valueType":"string"},',
      ),
    );
    const result = readAnswer(objectMetadataSchema, metadata);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(Object.keys(result.value.fields)).toEqual(['email']);
    expect(result.ignored.map((u) => u.path)).toEqual(['$.fields.__proto__', '$.fields.broken']);
  });

  it('reads each item of a list answer, prefixing the item’s index to a problem’s path', () => {
    const result = readEach([installation, { ...installation, id: 7 }], (item) =>
      readAnswer(installationSchema, item),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.problems).toEqual([{ path: '$[1].id', expected: 'string', got: 'number' }]);
  });

  it('readWhatCan keeps every readable property of an answer that misses required ones', () => {
    const { value, unreadable } = readWhatCan(installationSchema, {
      id: 'i9',
      healthStatus: 'healthy',
      extra: 1,
    });
    expect(value).toEqual({ id: 'i9', healthStatus: 'healthy' });
    expect(unreadable.map((u) => u.path)).toContain('$.config');
  });
});

describe('hosted gaps: what the description leaves optional, read sensibly', () => {
  it('a field without valueType is `other` (offered as text), without displayName its name', () => {
    const raw = {
      fields: { note: { fieldName: 'note' }, kind: { displayName: 'Kind', valueType: 'fancyNewType' } },
    };
    const result = readAnswer(objectMetadataSchema, fillObjectMetadata(raw, 'person'));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.name).toBe('person');
    expect(result.value.fields.note).toEqual({ fieldName: 'note', displayName: 'note', valueType: 'other' });
    expect(result.value.fields.kind).toEqual({ fieldName: 'kind', displayName: 'Kind', valueType: 'other' });
  });

  it('an integration without read, a free-string schedule and a mapping field with a default are readable', () => {
    const writeOnly = {
      id: 'int1',
      projectId: 'p1',
      name: 'push-people',
      provider: 'acmecrm',
      createTime: time,
      latestRevision: {
        id: 'r1',
        specVersion: '1.0.0',
        createTime: time,
        content: { name: 'push-people', provider: 'acmecrm', write: { objects: [{ objectName: 'person' }] } },
      },
    };
    const plain = readAnswer(integrationSchema, fillIntegration(writeOnly));
    expect(plain.ok && plain.value.latestRevision.content.read).toEqual({ objects: [] });

    const withRead = structuredClone(writeOnly) as unknown as {
      latestRevision: { content: Record<string, unknown> };
    };
    withRead.latestRevision.content.read = {
      objects: [
        {
          objectName: 'person',
          destination: 'hook',
          schedule: '@hourly',
          requiredFields: [{ mapToName: 'tier', default: 'gold', prompt: 'Which field holds the tier?' }],
          delivery: { mode: 'auto' },
        },
      ],
    };
    const result = readAnswer(integrationSchema, fillIntegration(withRead));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value.latestRevision.content.read.objects[0]).toEqual({
      objectName: 'person',
      destination: 'hook',
      requiredFields: [{ mapToName: 'tier', prompt: 'Which field holds the tier?' }],
    });
    expect(result.ignored.map((u) => u.path)).toEqual(['$.latestRevision.content.read.objects[0].schedule']);
  });
});
