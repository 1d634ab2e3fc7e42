import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as expressExample from './express.js';
import * as honoExample from './hono.js';
import * as nodeExample from './node.js';

interface Example {
  start(port?: number): Promise<{ url: string; close(): Promise<void> }>;
}

async function wizardStatus(url: string, headers: Record<string, string>) {
  const response = await fetch(`${url}/api/integrations/hubspot-sync`, { headers });
  return { response, body: (await response.json()) as { integration?: { id: string }; type?: string } };
}

async function runs(example: Example, signedIn: Record<string, string>) {
  const { url, close } = await example.start(0);
  try {
    const ok = await wizardStatus(url, signedIn);
    expect(ok.response.status).toBe(200);
    expect(ok.body.integration?.id).toBe('hubspot-sync');
    const anonymous = await wizardStatus(url, {});
    expect(anonymous.response.status).toBe(401);
    expect(anonymous.response.headers.get('content-type')).toBe('application/problem+json');
    const unknown = await fetch(`${url}/api/nothing`, { headers: signedIn });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toBe('application/problem+json');
    expect(ok.response.headers.get('x-powered-by')).toBeNull();
  } finally {
    await close();
  }
}

// The examples log to the console, as a builder's server would; keep the test output readable.
beforeAll(() => {
  for (const method of ['info', 'warn', 'error'] as const)
    vi.spyOn(console, method).mockImplementation(() => {});
  // The BFF's default logger writes its JSON lines to stdout and stderr directly.
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream) as (chunk: unknown, ...rest: unknown[]) => boolean;
    vi.spyOn(stream, 'write').mockImplementation(((chunk: unknown, ...rest: unknown[]) =>
      typeof chunk === 'string' && chunk.startsWith('{"time":')
        ? true
        : write(chunk, ...rest)) as typeof stream.write);
  }
});
afterAll(() => {
  vi.restoreAllMocks();
});

describe('mounting examples (each starts the embedded service and its host server)', () => {
  it('Hono: app.route("/api", bff)', async () => {
    await runs(honoExample, { Cookie: 'host_session=token-alice' });
  });

  it('Express: app.use("/api", getRequestListener(bff.fetch))', async () => {
    await runs(expressExample, { Cookie: 'host_session=token-bob' });
  });

  it('plain Node: node:http with the /api prefix stripped', async () => {
    await runs(nodeExample, { 'x-host-user': 'ivan' });
  });
});
