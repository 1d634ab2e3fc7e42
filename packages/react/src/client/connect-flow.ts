import type { Connection as ConnectionDetails, ConnectOutcome } from '@splice/schema';
import { connectChannelName, readConnectResult } from '@splice/schema';
import type { SpliceClient } from './create-splice-client.js';

/**
 * The connect flow in the browser, outside React. Each rule here answers a way popups fail elsewhere:
 * - the popup opens synchronously in the click (a blank one), before any `await`, so no browser blocks it;
 *   it is pointed at the provider once the BFF answers;
 * - `window.open` returning null (blocked) is known at once, and the flow can continue in the same tab;
 * - a result is taken only from the BFF's origin, in the expected shape, for this click's attempt id;
 * - a closed popup is noticed within `closedPollMs` (250 ms); when `popup.closed` cannot be read (a
 *   provider page's Cross-Origin-Opener-Policy), the BFF is asked for the connection's status instead;
 * - nothing waits forever: the flow gives up as `expired` when the provider's state would have.
 */

/** How one attempt ends, as the component tells it. */
export type ConnectFlowOutcome = ConnectOutcome | 'blocked' | 'closed' | 'failed';

export interface ConnectFlowEnd {
  outcome: ConnectFlowOutcome;
  /** For `failed`: the BFF's problem or the network error. */
  error?: unknown;
}

export interface PopupConnectOptions {
  client: SpliceClient;
  integrationId: string;
  /** Refresh the group's existing connection (`/reconnect`) rather than connect. */
  reconnect?: boolean;
  /** The connection before the click, to tell a fresh connection from the old one. */
  before?: ConnectionDetails | null;
  /** Default: `globalThis.window`. */
  window?: Window;
  closedPollMs?: number;
  statusPollMs?: number;
  /** After `popup.closed`, how long a result may still arrive (the result page closes itself). */
  closedGraceMs?: number;
  /** Default 10 minutes: the service's state lives as long. */
  timeoutMs?: number;
  /** A result that arrives after the flow ended as `closed` (a popup cut off by COOP that finished). */
  onLateResult?: (end: ConnectFlowEnd) => void;
}

export interface ConnectFlow {
  attempt: string;
  result: Promise<ConnectFlowEnd>;
  /** Stops listening and closes the popup. */
  cancel(): void;
}

/** A fresh attempt id: 24 random bytes, base64url. */
export function newAttemptId(): string {
  const bytes = new Uint8Array(24);
  globalThis.crypto.getRandomValues(bytes);
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The origin whose result page may answer: the BFF's, resolved against the page. */
export function resultOrigin(client: SpliceClient, win: Window): string {
  return new URL(client.baseUrl, win.location.href).origin;
}

/** Whether the connection now is a fresh one: new, or refreshed since `before`, and not refused. */
export function isFreshConnection(
  before: ConnectionDetails | null | undefined,
  now: ConnectionDetails | null | undefined,
): boolean {
  if (!now || now.status === 'bad_credentials') return false;
  if (!before) return true;
  return (
    now.id !== before.id || (now.updateTime ?? now.createTime) !== (before.updateTime ?? before.createTime)
  );
}

function readClosed(popup: Window): boolean | undefined {
  try {
    return popup.closed;
  } catch {
    return undefined;
  }
}

/**
 * Opens the popup and runs the flow. Call it directly in the click handler: `window.open` runs before
 * this function returns, with no `await` in between.
 */
export function startPopupConnect(options: PopupConnectOptions): ConnectFlow {
  const win = options.window ?? globalThis.window;
  const attempt = newAttemptId();
  const popup = win.open('', `splice-connect-${attempt}`, 'popup=yes,width=520,height=700');
  if (!popup) {
    return { attempt, result: Promise.resolve({ outcome: 'blocked' }), cancel: () => {} };
  }
  try {
    popup.document.title = 'Connecting…';
    popup.document.body.textContent = 'Connecting…';
  } catch {
    // Not ours to write (an extension swapped it): the URL comes shortly anyway.
  }

  const closePopup = () => {
    try {
      popup.close();
    } catch {
      // A popup the opener can no longer reach closes itself (the result page does).
    }
  };

  const expectedOrigin = resultOrigin(options.client, win);
  const closedPollMs = options.closedPollMs ?? 250;
  const statusPollMs = options.statusPollMs ?? 2_000;
  const closedGraceMs = options.closedGraceMs ?? 500;
  const timeoutMs = options.timeoutMs ?? 10 * 60_000;
  const abort = new AbortController();
  let settled = false;
  let resolve!: (end: ConnectFlowEnd) => void;
  const result = new Promise<ConnectFlowEnd>((r) => {
    resolve = r;
  });
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let channel: BroadcastChannel | undefined;

  const clearTimers = () => {
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  };
  const stopListening = () => {
    clearTimers();
    win.removeEventListener('message', onMessage);
    channel?.close();
    abort.abort();
  };
  const finish = (end: ConnectFlowEnd, keepListening = false) => {
    if (settled) return;
    settled = true;
    if (!keepListening) stopListening();
    else {
      // Only a late result (or the deadline) remains to wait for.
      clearTimers();
      later(() => stopListening(), timeoutMs);
    }
    resolve(end);
  };
  const later = (fn: () => void, ms: number) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timers.add(timer);
  };

  const accept = (origin: string, data: unknown) => {
    if (origin !== expectedOrigin) return;
    const result = readConnectResult(data);
    if (!result || result.attempt !== attempt) return;
    const end: ConnectFlowEnd = { outcome: result.outcome };
    if (settled) {
      stopListening();
      options.onLateResult?.(end);
      return;
    }
    finish(end);
    closePopup();
  };
  function onMessage(event: MessageEvent) {
    accept(event.origin, event.data);
  }
  win.addEventListener('message', onMessage);
  if (typeof BroadcastChannel === 'function') {
    channel = new BroadcastChannel(connectChannelName);
    // Same-origin only by the platform's rule: its sender is a page of this origin.
    channel.onmessage = (event) => accept(win.location.origin, event.data);
  }

  const checkStatus = async (): Promise<boolean> => {
    try {
      const answer = await options.client.getConnection(options.integrationId, { signal: abort.signal });
      return isFreshConnection(options.before, answer.connection);
    } catch {
      return false;
    }
  };

  const pollStatus = () => {
    if (settled) return;
    void checkStatus().then((fresh) => {
      if (fresh) finish({ outcome: 'connected' });
      else later(pollStatus, statusPollMs);
    });
  };

  const watchPopup = () => {
    if (settled) return;
    const closed = readClosed(popup);
    if (closed === undefined) {
      // The opener cannot see the popup any more: the BFF's status is what is left to ask.
      pollStatus();
      return;
    }
    if (!closed) {
      later(watchPopup, closedPollMs);
      return;
    }
    // Closed: the result page posts just before it closes itself, so a result may be in flight.
    later(() => {
      if (settled) return;
      void checkStatus().then((fresh) =>
        finish(fresh ? { outcome: 'connected' } : { outcome: 'closed' }, !fresh),
      );
    }, closedGraceMs);
  };

  later(() => finish({ outcome: 'expired' }), timeoutMs);
  options.client
    .connect(
      options.integrationId,
      { attempt, mode: 'popup' },
      { signal: abort.signal, ...(options.reconnect ? { reconnect: true } : {}) },
    )
    .then(
      ({ url }) => {
        if (settled) return;
        popup.location.href = url;
        later(watchPopup, closedPollMs);
      },
      (error: unknown) => {
        if (settled) return;
        closePopup();
        finish({ outcome: 'failed', error });
      },
    );

  return {
    attempt,
    result,
    cancel: () => {
      finish({ outcome: 'closed' });
      closePopup();
    },
  };
}

const pendingKey = (integrationId: string) => `splice-connect-pending:${integrationId}`;
const resultKey = (attempt: string) => `splice-connect:${attempt}`;

/**
 * The fallback when the popup is blocked: the whole tab goes to the provider, and the result page brings
 * it back to the path the user was on. The attempt id waits in sessionStorage for `takeRedirectResult`.
 */
export async function startRedirectConnect(options: {
  client: SpliceClient;
  integrationId: string;
  reconnect?: boolean;
  window?: Window;
}): Promise<void> {
  const win = options.window ?? globalThis.window;
  const attempt = newAttemptId();
  const { pathname, search, hash } = win.location;
  const { url } = await options.client.connect(
    options.integrationId,
    { attempt, mode: 'redirect', returnTo: `${pathname}${search}${hash}` },
    options.reconnect ? { reconnect: true } : {},
  );
  win.sessionStorage.setItem(pendingKey(options.integrationId), attempt);
  win.location.assign(url);
}

/** The outcome of a same-tab flow that just returned, once; undefined when none is waiting. */
export function takeRedirectResult(
  integrationId: string,
  win: Window = globalThis.window,
): ConnectOutcome | undefined {
  let storage: Storage;
  try {
    storage = win.sessionStorage;
  } catch {
    return undefined;
  }
  const attempt = storage.getItem(pendingKey(integrationId));
  if (!attempt) return undefined;
  const stored = storage.getItem(resultKey(attempt));
  if (!stored) return undefined;
  storage.removeItem(pendingKey(integrationId));
  storage.removeItem(resultKey(attempt));
  try {
    const result = readConnectResult(JSON.parse(stored));
    return result?.attempt === attempt ? result.outcome : undefined;
  } catch {
    return undefined;
  }
}
