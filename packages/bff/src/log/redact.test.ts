import { describe, expect, it } from 'vitest';
import { redactEntry } from './redact.js';

describe('redactEntry', () => {
  const secrets = ['sk_live_123456', 'tok_abcdef'];

  it('removes configured secrets wherever they appear, even inside messages', () => {
    const entry = redactEntry(
      { level: 'error', msg: 'error', error: 'refused key sk_live_123456 (tok_abcdef)' },
      secrets,
    );
    expect(entry.error).toBe('refused key [redacted] ([redacted])');
  });

  it('removes query strings from URLs and paths, and bearer credentials', () => {
    const entry = redactEntry(
      {
        level: 'warn',
        msg: 'x',
        url: 'https://h.example/v1/a?groupRef=acme&x=1',
        path: '/v1/b?email=a@b.c',
        auth: 'x',
        note: 'sent Bearer abc.def',
      },
      [],
    );
    expect(entry.url).toBe('https://h.example/v1/a?[redacted]');
    expect(entry.path).toBe('/v1/b?[redacted]');
    expect(entry.note).toBe('sent Bearer [redacted]');
  });

  it('blanks values under credential-like keys at any depth', () => {
    const entry = redactEntry(
      { level: 'info', msg: 'x', headers: { Authorization: 'a', 'x-api-key': 'b', accept: 'json' } },
      [],
    );
    expect(entry.headers).toEqual({ Authorization: '[redacted]', 'x-api-key': '[redacted]', accept: 'json' });
  });
});
