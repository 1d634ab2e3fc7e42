import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PgRepository } from '../store/pg/pg-repository.js';
import { SqliteRepository } from '../store/sqlite-repository.js';
import type { OpenedStore } from '../store/test-backends.js';
import { stopTestPostgres, storeBackends } from '../store/test-backends.js';
import type { OAuthFlow, OAuthStore } from './oauth-store.js';
import { PgOAuthStore, SqliteOAuthStore } from './oauth-store.js';

afterAll(stopTestPostgres);

describe.each(storeBackends)('OAuthStore on $name', (backend) => {
  let opened: OpenedStore;
  let store: OAuthStore;
  let flow: OAuthFlow;

  beforeAll(async () => {
    await (await backend.open()).close();
  });
  beforeEach(async () => {
    opened = await backend.open();
    const repo = opened.kind === 'sqlite' ? new SqliteRepository(opened.db) : new PgRepository(opened.pool);
    store = opened.kind === 'sqlite' ? new SqliteOAuthStore(opened.db) : new PgOAuthStore(opened.pool);
    const project = await repo.insertProject({ name: 'demo' });
    flow = {
      stateHash: 'state-hash',
      projectId: project.id,
      provider: 'hubspot',
      groupRef: 'acme',
      groupName: 'Acme',
      consumerRef: 'u1',
      consumerName: 'Ada',
      connectionId: null,
      redirectUrl: null,
      codeVerifier: '{"sealed":"x"}',
      createTime: '2025-01-01T00:00:00.000Z',
      expireTime: '2025-01-01T00:10:00.000Z',
      usedTime: null,
      browserBinding: null,
      heldCredentials: null,
      completionHash: null,
      completeTime: null,
    };
  });
  afterEach(async () => {
    await opened.close();
  });

  it('keeps a flow, with its nulls, and lets exactly one of two racing callbacks use it', async () => {
    await store.insertFlow(flow);
    expect(await store.getFlow('state-hash')).toEqual(flow);
    expect(await store.getFlow('other')).toBeUndefined();
    const wins = await Promise.all([
      store.useFlow('state-hash', '2025-01-01T00:01:00.000Z'),
      store.useFlow('state-hash', '2025-01-01T00:01:00.000Z'),
    ]);
    expect(wins.filter(Boolean)).toHaveLength(1);
    expect((await store.getFlow('state-hash'))?.usedTime).toBe('2025-01-01T00:01:00.000Z');
  });

  it('holds a bound flow result, finds it by its completion, and lets one of two racing completions spend it', async () => {
    await store.insertFlow({ ...flow, browserBinding: 'binding-hash' });
    await store.holdResult('state-hash', 'completion-hash', '{"sealed":"tokens"}');
    expect(await store.getFlowByCompletion('completion-hash')).toMatchObject({
      stateHash: 'state-hash',
      browserBinding: 'binding-hash',
      heldCredentials: '{"sealed":"tokens"}',
      completeTime: null,
    });
    expect(await store.getFlowByCompletion('other')).toBeUndefined();
    const wins = await Promise.all([
      store.spendHeldResult('completion-hash', '2025-01-01T00:02:00.000Z'),
      store.spendHeldResult('completion-hash', '2025-01-01T00:02:00.000Z'),
    ]);
    expect(wins.filter(Boolean)).toHaveLength(1);
    // Spent: the sealed tokens are gone from the row.
    expect(await store.getFlowByCompletion('completion-hash')).toMatchObject({
      heldCredentials: null,
      completeTime: '2025-01-01T00:02:00.000Z',
    });
  });
});
