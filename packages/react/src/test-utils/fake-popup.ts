import type { ConnectOutcome } from '@splice/schema';
import { connectResultType } from '@splice/schema';

/** What the stand-in popup does once the component points it at the provider. */
export type PopupBehaviour =
  /** `window.open` returns null, as a popup blocker makes it. */
  | { kind: 'blocked' }
  /** The result page posts this outcome to the opener, from the page's own origin, then closes. */
  | { kind: 'result'; outcome: ConnectOutcome; origin?: string }
  /** The user closes the window without finishing. */
  | { kind: 'closed' }
  /** Nothing happens: the user is still on the provider's page. */
  | { kind: 'open' };

export interface FakePopupHandle {
  /** Puts the real `window.open` back. */
  restore(): void;
  /** URLs the popups were pointed at. */
  visited: string[];
  opened: number;
}

/**
 * Replaces `window.open` for a story or test: a popup that behaves as `behaviour` says once its location
 * is set. The attempt id is read from the window name the flow gives it (`splice-connect-<attempt>`).
 */
export function fakePopups(behaviour: PopupBehaviour, win: Window = window): FakePopupHandle {
  const original = win.open;
  const handle: FakePopupHandle = { restore: () => {}, visited: [], opened: 0 };
  win.open = ((_url?: string | URL, target?: string) => {
    handle.opened++;
    if (behaviour.kind === 'blocked') return null;
    const attempt = String(target ?? '').replace(/^splice-connect-/, '');
    let closed = false;
    const popup = {
      get closed() {
        return closed;
      },
      close() {
        closed = true;
      },
      document: win.document.implementation.createHTMLDocument(''),
      location: {
        set href(url: string) {
          handle.visited.push(url);
          setTimeout(() => {
            if (behaviour.kind === 'closed') closed = true;
            if (behaviour.kind !== 'result') return;
            win.dispatchEvent(
              new MessageEvent('message', {
                origin: behaviour.origin ?? win.location.origin,
                data: { type: connectResultType, attempt, outcome: behaviour.outcome },
              }),
            );
          }, 20);
        },
      },
    };
    return popup as unknown as Window;
  }) as typeof win.open;
  handle.restore = () => {
    win.open = original;
  };
  return handle;
}
