/**
 * Faults injected between the page and the BFF with `page.route` (or the browser's offline switch), for
 * the browser-faults specs: each submitting component must show a specific message, offer a retry, stop
 * its spinner, keep every value typed, and throw no uncaught error. Not a spec itself (no `.spec.`).
 */
import type { Locator, Page, Route } from '@playwright/test';
import { expect } from '@playwright/test';

export type FaultName =
  | 'offline'
  | 'connection reset'
  | 'timeout'
  | '502 problem'
  | '504 problem'
  | 'malformed JSON';

export interface Fault {
  name: FaultName;
  /** The message @splice/react shows for it (its English defaults). */
  message: RegExp;
  /** A reference line the user can quote, when the server gave a request ID. */
  reference?: RegExp;
}

export const faults: Fault[] = [
  { name: 'offline', message: /You appear to be offline\. Check your connection and try again\./ },
  {
    name: 'connection reset',
    message: /The server could not be reached\. Check your connection and try again\./,
  },
  { name: 'timeout', message: /The server took too long to answer\. Try again in a moment\./ },
  {
    name: '502 problem',
    message: /The server could not complete the request\. Try again in a moment\./,
    reference: /fault-502/,
  },
  {
    name: '504 problem',
    message: /The server could not complete the request\. Try again in a moment\./,
    reference: /fault-504/,
  },
  { name: 'malformed JSON', message: /The server answered with something other than JSON\./ },
];

const problem = (status: number, type: string, title: string) => ({
  status,
  contentType: 'application/problem+json',
  headers: { 'X-Request-Id': `fault-${status}` },
  body: JSON.stringify({
    type: `urn:problem-type:${type}`,
    title,
    status,
    detail: 'The integration service gave no usable answer.',
    requestId: `fault-${status}`,
    retryable: true,
  }),
});

export interface Injected {
  /** Requests the fault answered (or swallowed). */
  hits: () => number;
  /** Lets time pass for a request that never gets an answer (the client's deadline is 30 s). */
  expire: () => Promise<void>;
  /** Ends the fault: requests reach the BFF again. */
  release: () => Promise<void>;
}

/**
 * Puts `fault` on every request to `url` (a glob) from now on. `successStatus` is what a good answer would
 * be (a malformed JSON answer uses it). The timeout fault needs `page.clock.install()` before the page loads.
 */
export async function inject(
  page: Page,
  url: string,
  fault: Fault,
  successStatus: number,
): Promise<Injected> {
  let hits = 0;
  const pending: Route[] = [];
  const handler = async (route: Route) => {
    hits++;
    switch (fault.name) {
      case 'connection reset':
        return route.abort('connectionreset');
      case 'timeout':
        pending.push(route);
        return;
      case '502 problem':
        return route.fulfill(problem(502, 'upstream-bad-answer', 'Bad Gateway'));
      case '504 problem':
        return route.fulfill(problem(504, 'upstream-timeout', 'Gateway Timeout'));
      case 'malformed JSON':
        return route.fulfill({
          status: successStatus,
          contentType: 'application/json',
          body: '{"results": [ {"id": ',
        });
      default:
        return route.continue();
    }
  };
  if (fault.name === 'offline') await page.context().setOffline(true);
  else await page.route(url, handler);
  return {
    hits: () => hits,
    expire: async () => {
      if (fault.name === 'timeout') await page.clock.fastForward(31_000);
    },
    release: async () => {
      if (fault.name === 'offline') await page.context().setOffline(false);
      else await page.unroute(url, handler);
      // Requests left hanging by the timeout fault are let go (they were already given up on).
      for (const route of pending.splice(0)) await route.abort('timedout').catch(() => {});
    },
  };
}

/**
 * Waits for the component's alert to say `fault.message`, letting time pass for the timeout fault: the
 * component may retry a retryable failure a few times first. A spinner that never ends fails here.
 */
export async function expectFaultMessage(alert: Locator, fault: Fault, injected: Injected): Promise<void> {
  for (let round = 0; round < 6 && fault.name === 'timeout'; round++) {
    if (await alert.getByText(fault.message).isVisible()) break;
    await injected.expire();
    await alert.page().waitForTimeout(1_500);
  }
  await expect(alert).toContainText(fault.message, { timeout: 15_000 });
  if (fault.reference) await expect(alert).toContainText(fault.reference);
}

/** Collects uncaught errors of the page (and failed console errors the app itself reports). */
export function watchPageErrors(page: Page): Error[] {
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  return errors;
}
