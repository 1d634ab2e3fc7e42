import { describe, expect, it } from 'vitest';
import { connectResultSchema } from '../browser/connect-flow.js';
import { inviteRequestSchema } from '../resources/invite-request.js';
import { limits } from '../resources/limits.js';
import { readConnectResult } from './connect-result.js';
import { emailProblem } from './email.js';

// The browser checks with these zod-free rules; the server with the zod schemas built from them. Both
// must give the same verdict on every input, or a form would accept what the server refuses.
describe('zod-free rules agree with their schemas', () => {
  const addresses = [
    'ada@example.com',
    'a.b+c@sub.example.co',
    "o'neil@example.ie",
    '',
    ' ',
    'ada',
    'ada@',
    '@example.com',
    'ada@example',
    'ada@@example.com',
    '.ada@example.com',
    'ada..b@example.com',
    'ada@-example.com',
    'ada@example.c',
    ' ada@example.com',
    'ada@exa mple.com',
    `${'a'.repeat(limits.email)}@example.com`,
    `${'a'.repeat(limits.email - 12)}@example.com`,
  ];
  it.each(addresses)('e-mail %j', (email) => {
    expect(emailProblem(email) === null).toBe(inviteRequestSchema.safeParse({ email }).success);
  });

  it('names why an address is refused', () => {
    expect(emailProblem('')).toBe('required');
    expect(emailProblem('ada@')).toBe('invalid');
    expect(emailProblem(`${'a'.repeat(limits.email)}@example.com`)).toBe('too_long');
  });

  const attempt = 'attempt-000000000001';
  const results: unknown[] = [
    { type: 'splice:connect-result', attempt, outcome: 'connected' },
    { type: 'splice:connect-result', attempt, outcome: 'access_denied' },
    { type: 'splice:connect-result', attempt, outcome: 'expired' },
    { type: 'splice:connect-result', attempt, outcome: 'provider_error' },
    { type: 'splice:connect-result', attempt, outcome: 'maybe' },
    { type: 'splice:connect-result', attempt: 'short', outcome: 'connected' },
    { type: 'splice:connect-result', attempt: `${attempt}!`, outcome: 'connected' },
    { type: 'other', attempt, outcome: 'connected' },
    { type: 'splice:connect-result', attempt, outcome: 'connected', extra: 1 },
    { type: 'splice:connect-result', attempt },
    { type: 'splice:connect-result', attempt: 42, outcome: 'connected' },
    null,
    'splice:connect-result',
    [attempt],
    {},
  ];
  it.each(results.map((result) => [JSON.stringify(result), result]))('connect result %s', (_, result) => {
    const parsed = connectResultSchema.safeParse(result);
    expect(readConnectResult(result)).toEqual(parsed.success ? parsed.data : undefined);
  });
});
