import type { Installation, ManifestReadObject } from '@splice/schema';
import { describe, expect, it } from 'vitest';
import type { Operation } from '../upstream/read-shapes.js';
import { runNowSince } from './run-now-since.js';

const installedAt = '2026-11-01T09:00:00.000Z';

function installation(backfill?: { days?: number; fullHistory?: boolean }): Installation {
  return {
    id: 'inst-1',
    projectId: 'demo',
    integrationId: 'crm-sync',
    healthStatus: 'healthy',
    connection: {
      id: 'conn-1',
      projectId: 'demo',
      provider: 'sandboxcrm',
      group: { groupRef: 'acme', groupName: 'Acme', projectId: 'demo', createTime: installedAt },
      consumer: { consumerRef: 'alice' },
      createTime: installedAt,
      authScheme: 'oauth2',
      status: 'working',
    },
    createTime: installedAt,
    createdBy: 'consumer:alice',
    config: {
      id: 'cfg-1',
      revisionId: 'rev-1',
      createTime: installedAt,
      createdBy: 'consumer:alice',
      content: {
        provider: 'sandboxcrm',
        read: {
          objects: {
            contacts: {
              objectName: 'contacts',
              ...(backfill ? { backfill: { defaultPeriod: backfill } } : {}),
            },
          },
        },
      },
    },
  } as Installation;
}

const read = (id: string, status: Operation['status'], createTime: string, readType = 'scheduled') =>
  ({
    id,
    status,
    createTime,
    metadata: { objects: ['contacts'], readType: readType as 'scheduled' },
  }) satisfies Operation;

describe('runNowSince', () => {
  it('reads what changed since the last successful read began, with a minute of overlap', () => {
    const operations = [
      read('op-3', 'failure', '2026-11-03T10:00:00.000Z'),
      read('op-2', 'success', '2026-11-02T10:00:00.000Z'),
      read('op-1', 'success', '2026-11-01T09:00:01.000Z', 'backfill'),
    ];
    expect(runNowSince(installation({ days: 30 }), 'contacts', undefined, operations)).toBe(
      '2026-11-02T09:59:00.000Z',
    );
  });

  it('never reads history before the window the user chose', () => {
    // A read that succeeded just after the install: the overlap stops at the window's start.
    const justInstalled = [read('op-1', 'success', '2026-11-01T09:00:10.000Z')];
    expect(runNowSince(installation(), 'contacts', undefined, justInstalled)).toBe(installedAt);
  });

  it('starts at the window the user chose before any read succeeded', () => {
    const failedBackfill = [read('op-1', 'failure', '2026-11-01T09:00:01.000Z', 'backfill')];
    expect(runNowSince(installation({ days: 30 }), 'contacts', undefined, failedBackfill)).toBe(
      '2026-10-02T09:00:01.000Z',
    );
    // No history chosen: only what changed since the object was set up.
    expect(runNowSince(installation(), 'contacts', undefined, [])).toBe(installedAt);
    expect(runNowSince(installation({ days: 0 }), 'contacts', undefined, [])).toBe(installedAt);
  });

  it('takes the manifest’s window for an object the config leaves it to', () => {
    const manifestObject = {
      objectName: 'contacts',
      backfill: { defaultPeriod: { days: 7 } },
    } as ManifestReadObject;
    expect(runNowSince(installation(), 'contacts', manifestObject, [])).toBe('2026-10-25T09:00:00.000Z');
  });

  it('reads the whole history only where the user chose it and nothing succeeded yet', () => {
    expect(runNowSince(installation({ fullHistory: true }), 'contacts', undefined, [])).toBeNull();
    const done = [read('op-1', 'success', '2026-11-01T09:00:01.000Z', 'backfill')];
    expect(runNowSince(installation({ fullHistory: true }), 'contacts', undefined, done)).toBe(
      '2026-11-01T08:59:01.000Z',
    );
  });

  it('ignores other objects’ reads', () => {
    const companies = {
      ...read('op-9', 'success', '2026-11-20T00:00:00.000Z'),
      metadata: { objects: ['companies'] },
    };
    expect(runNowSince(installation(), 'contacts', undefined, [companies])).toBe(installedAt);
  });
});
