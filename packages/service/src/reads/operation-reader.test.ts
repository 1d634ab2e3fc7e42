/**
 * The reading loop's look at operations read to the end: each is asked whether all its messages settled
 * once, then again only when one of its messages was answered here or a tick has passed.
 */
import { describe, expect, it } from 'vitest';
import type { ConnectorSource } from '../connectors/connector-source.js';
import type { Repository } from '../store/index.js';
import { OperationReader } from './operation-reader.js';
import type { OperationStore, ReadOperation } from './operation-store.js';
import { defaultReadTiming } from './timing.js';

const delivering = {
  id: 'op-1',
  seq: 1,
  projectId: 'demo',
  integrationId: 'int-1',
  installationId: 'inst-1',
  configId: 'config-1',
  objectName: 'contacts',
  readType: 'backfill',
  status: 'in_progress',
  phase: 'delivering',
  untilTime: '2026-11-27T00:00:00.000Z',
  afterId: 0,
  recordsProcessed: 10,
  recordsDelivered: 0,
  messagesTotal: 1,
  messagesDelivered: 0,
  messagesFailed: 0,
  errors: [],
  createTime: '2026-11-27T00:00:00.000Z',
  updateTime: '2026-11-27T00:00:00.000Z',
} satisfies ReadOperation;

describe('OperationReader', () => {
  it('asks whether an operation read to the end is settled once per tick, or again when its message was answered', async () => {
    let clock = 1_000_000;
    const asked: string[] = [];
    const store = {
      headOperations: async () => [delivering],
      finishIfSettled: async (operationId: string) => {
        asked.push(operationId);
        return false;
      },
    } as unknown as OperationStore;
    const reader = new OperationReader({
      store,
      repo: {} as Repository,
      connectors: {} as ConnectorSource,
      timing: { ...defaultReadTiming, tickMs: 1_000, now: () => clock },
      log: () => {},
      failed: () => {},
      pageDone: () => {},
    });
    const look = () =>
      reader.step(
        () => true,
        () => undefined,
        () => {},
      );

    await look();
    await look();
    await look();
    expect(asked).toEqual(['op-1']);

    reader.messageSettled('op-1');
    await look();
    await look();
    expect(asked).toEqual(['op-1', 'op-1']);

    clock += 1_000;
    await look();
    expect(asked).toEqual(['op-1', 'op-1', 'op-1']);
  });
});
