import { ProblemError, renderProblem } from '@splice/server-kit';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { CredentialScheme } from './index.js';
import { requireCredentials } from './index.js';

const credentials = { apiKey: 'key-0123456789', authToken: 'token-0123456789' };

function app(scheme: CredentialScheme) {
  return new Hono()
    .get('/', requireCredentials(credentials, scheme), (c) => c.text('ok'))
    .onError((error, c) => {
      if (error instanceof ProblemError) return renderProblem(c, error);
      throw error;
    });
}

describe('requireCredentials', () => {
  it('accepts the credential the operation names', async () => {
    expect((await app('apiKey').request('/', { headers: { 'x-api-key': credentials.apiKey } })).status).toBe(
      200,
    );
    const bearer = { authorization: `Bearer ${credentials.authToken}` };
    expect((await app('bearer').request('/', { headers: bearer })).status).toBe(200);
  });

  it('refuses a missing or wrong credential with a 401 problem and the scheme to use', async () => {
    const missing = await app('apiKey').request('/');
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toBe('ApiKey header="x-api-key"');
    expect(await missing.json()).toMatchObject({
      type: 'urn:problem-type:unauthorized',
      detail: 'No credential was sent: this operation needs an API key in the "x-api-key" header.',
    });
    const wrong = await app('bearer').request('/', { headers: { 'x-api-key': credentials.apiKey } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toBe('Bearer');
  });
});
