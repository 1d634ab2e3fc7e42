import type { BffOptions, LogEntry } from '../../src/index.js';
import { createBff } from '../../src/index.js';
import { listen } from './listen.js';
import { appOrigin, resolveTestSession } from './sessions.js';

export const testApiKey = 'test-api-key-0123456789';
export const testAuthToken = 'test-auth-token-0123456789';

export interface RunningBff {
  url: string;
  /** Every entry the BFF logged, after redaction. */
  logs: LogEntry[];
  close(): Promise<void>;
}

type TestUpstream = {
  baseUrl: string;
  searchUrl: string;
  readUrl?: string;
  apiKey?: string;
  authToken?: string;
};

/** What every test BFF is made with: the test keys, the demo project, the app's origin, the test sessions. */
export function testBffOptions(upstream: TestUpstream, overrides: Partial<BffOptions> = {}): BffOptions {
  return {
    baseUrl: upstream.baseUrl,
    searchUrl: upstream.searchUrl,
    ...(upstream.readUrl ? { readUrl: upstream.readUrl } : {}),
    apiKey: upstream.apiKey ?? testApiKey,
    authToken: upstream.authToken ?? testAuthToken,
    project: 'demo',
    allowedOrigins: [appOrigin],
    resolveSession: resolveTestSession,
    logger: () => {},
    ...overrides,
  };
}

/**
 * A BFF over HTTP on a random port, with the test sessions and a capturing logger. Its upstream is the
 * embedded service (or a fake standing in for it) unless told otherwise: `embeddedExtensions` is on. The
 * contract suite (test/contract/) turns it off, as against the hosted service.
 */
export async function startBff(
  upstream: TestUpstream,
  overrides: Partial<BffOptions> = {},
): Promise<RunningBff> {
  const logs: LogEntry[] = [];
  const bff = createBff(
    testBffOptions(upstream, {
      logger: (entry) => logs.push(entry),
      embeddedExtensions: true,
      ...overrides,
    }),
  );
  const server = await listen(bff.fetch);
  return {
    url: server.url,
    logs,
    close: async () => {
      await server.close();
      await bff.close();
    },
  };
}
