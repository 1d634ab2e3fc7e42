import type { Connection } from '@splice/schema';
import { connectResultType } from '@splice/schema';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isFreshConnection, startPopupConnect, takeRedirectResult } from './connect-flow.js';
import type { SpliceClient } from './create-splice-client.js';

const connection: Connection = {
  id: 'conn-1',
  projectId: 'demo',
  provider: 'sandboxcrm',
  group: {
    groupRef: 'initech',
    groupName: 'Initech',
    projectId: 'demo',
    createTime: '2026-11-23T10:00:00.000Z',
  },
  consumer: { consumerRef: 'carol' },
  createTime: '2026-11-23T10:00:00.000Z',
  authScheme: 'oauth2/authorizationCodePKCE',
  status: 'created',
};

/** A popup whose `closed` the test sets, or which throws on reading it (a COOP-severed window). */
function fakePopup(options: { unreadable?: boolean } = {}) {
  const popup = {
    isClosed: false,
    href: '',
    get closed() {
      if (options.unreadable) throw new Error('blocked by Cross-Origin-Opener-Policy');
      return this.isClosed;
    },
    close() {
      this.isClosed = true;
    },
    document: document.implementation.createHTMLDocument(''),
    location: {} as { href: string },
  };
  Object.defineProperty(popup.location, 'href', {
    set: (url: string) => {
      popup.href = url;
    },
  });
  return popup;
}

function client(overrides: Partial<SpliceClient> = {}): SpliceClient {
  return {
    baseUrl: '/api',
    getIntegration: vi.fn(),
    createInstallation: vi.fn(),
    search: vi.fn(),
    createInvite: vi.fn(),
    connect: vi.fn(async () => ({ url: 'http://provider.test/authorize' })),
    getConnection: vi.fn(async () => ({ connection: null })),
    ...overrides,
  } as SpliceClient;
}

const result = (attempt: string, outcome: string, origin = window.location.origin) =>
  new MessageEvent('message', { origin, data: { type: connectResultType, attempt, outcome } });

afterEach(() => vi.restoreAllMocks());

describe('startPopupConnect', () => {
  it('opens the popup before asking the BFF, then points it at the provider', async () => {
    const popup = fakePopup();
    const order: string[] = [];
    vi.spyOn(window, 'open').mockImplementation(() => {
      order.push('open');
      return popup as unknown as Window;
    });
    const bff = client({
      connect: vi.fn(async () => {
        order.push('connect');
        return { url: 'http://provider.test/authorize' };
      }),
    });
    const flow = startPopupConnect({ client: bff, integrationId: 'crm-sync' });
    // Synchronously, in the click: the window exists before any request was even sent.
    expect(order).toEqual(['open', 'connect']);
    await vi.waitFor(() => expect(popup.href).toBe('http://provider.test/authorize'));
    expect(bff.connect).toHaveBeenCalledWith(
      'crm-sync',
      { attempt: flow.attempt, mode: 'popup' },
      expect.anything(),
    );
    flow.cancel();
  });

  it('knows at once that a blocked popup (null) is blocked, and asks nothing of the BFF', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    const bff = client();
    const flow = startPopupConnect({ client: bff, integrationId: 'crm-sync' });
    await expect(flow.result).resolves.toEqual({ outcome: 'blocked' });
    expect(bff.connect).not.toHaveBeenCalled();
  });

  it('takes a result only from the expected origin, in the expected shape, for its own attempt', async () => {
    vi.spyOn(window, 'open').mockReturnValue(fakePopup() as unknown as Window);
    const flow = startPopupConnect({ client: client(), integrationId: 'crm-sync' });
    const settled = vi.fn();
    void flow.result.then(settled);
    window.dispatchEvent(result(flow.attempt, 'connected', 'https://evil.example'));
    window.dispatchEvent(result('another-attempt-0000000', 'connected'));
    window.dispatchEvent(
      new MessageEvent('message', {
        origin: window.location.origin,
        data: { attempt: flow.attempt, outcome: 'connected' },
      }),
    );
    window.dispatchEvent(
      new MessageEvent('message', {
        origin: window.location.origin,
        data: `{"type":"${connectResultType}"}`,
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(settled).not.toHaveBeenCalled();
    window.dispatchEvent(result(flow.attempt, 'access_denied'));
    await expect(flow.result).resolves.toEqual({ outcome: 'access_denied' });
  });

  it('notices a popup closed without a result within a second', async () => {
    const popup = fakePopup();
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const flow = startPopupConnect({ client: client(), integrationId: 'crm-sync' });
    await vi.waitFor(() => expect(popup.href).not.toBe(''));
    const closedAt = Date.now();
    popup.isClosed = true;
    await expect(flow.result).resolves.toEqual({ outcome: 'closed' });
    expect(Date.now() - closedAt).toBeLessThan(1_000);
  });

  it('a closed popup whose flow did connect (the result was lost) ends connected, from the BFF status', async () => {
    const popup = fakePopup();
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const flow = startPopupConnect({
      client: client({ getConnection: vi.fn(async () => ({ connection })) }),
      integrationId: 'crm-sync',
    });
    await vi.waitFor(() => expect(popup.href).not.toBe(''));
    popup.isClosed = true;
    await expect(flow.result).resolves.toEqual({ outcome: 'connected' });
  });

  it('where popup.closed cannot be read, asks the BFF for the status until the connection is there', async () => {
    vi.spyOn(window, 'open').mockReturnValue(fakePopup({ unreadable: true }) as unknown as Window);
    const answers = [{ connection: null }, { connection: null }, { connection }];
    const getConnection = vi.fn(async () => answers.shift() ?? { connection });
    const flow = startPopupConnect({
      client: client({ getConnection }),
      integrationId: 'crm-sync',
      statusPollMs: 20,
    });
    await expect(flow.result).resolves.toEqual({ outcome: 'connected' });
    expect(getConnection.mock.calls.length).toBeGreaterThanOrEqual(3);
  });

  it('never waits forever: past the deadline it ends as expired', async () => {
    vi.spyOn(window, 'open').mockReturnValue(fakePopup() as unknown as Window);
    const flow = startPopupConnect({ client: client(), integrationId: 'crm-sync', timeoutMs: 100 });
    await expect(flow.result).resolves.toEqual({ outcome: 'expired' });
  });

  it('a BFF that refuses to start closes the popup and ends as failed with the error', async () => {
    const popup = fakePopup();
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const error = new Error('502');
    const flow = startPopupConnect({
      client: client({ connect: vi.fn(async () => Promise.reject(error)) }),
      integrationId: 'crm-sync',
    });
    await expect(flow.result).resolves.toEqual({ outcome: 'failed', error });
    expect(popup.isClosed).toBe(true);
  });
});

describe('isFreshConnection', () => {
  it('is a new connection, or the same one refreshed, never a refused one', () => {
    expect(isFreshConnection(null, connection)).toBe(true);
    expect(isFreshConnection(connection, connection)).toBe(false);
    expect(isFreshConnection(connection, { ...connection, updateTime: '2026-11-23T10:05:00.000Z' })).toBe(
      true,
    );
    expect(isFreshConnection(null, { ...connection, status: 'bad_credentials' })).toBe(false);
  });
});

describe('takeRedirectResult', () => {
  it('hands over a same-tab result once, only for the attempt this page started', () => {
    sessionStorage.setItem('splice-connect-pending:crm-sync', 'attempt-000000000001');
    sessionStorage.setItem(
      'splice-connect:attempt-000000000001',
      JSON.stringify({ type: connectResultType, attempt: 'attempt-000000000001', outcome: 'connected' }),
    );
    expect(takeRedirectResult('crm-sync')).toBe('connected');
    expect(takeRedirectResult('crm-sync')).toBeUndefined();
  });
});
