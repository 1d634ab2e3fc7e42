import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { signingKey, signMessage } from './deliverer.js';

describe('signMessage', () => {
  it('signs exactly as the standardwebhooks library does, and its verify accepts the result', () => {
    for (let round = 0; round < 20; round++) {
      const secret = `whsec_${randomBytes(24 + round).toString('base64')}`;
      const id = `msg_${randomBytes(8).toString('hex')}`;
      const seconds = 1_700_000_000 + round * 7_919;
      // Multi-byte characters too: the body is signed as UTF-8.
      const body = JSON.stringify({
        n: round,
        text: 'Zoë — 東京 🚀'.repeat(round * 50),
        pad: 'x'.repeat(round * 9_000),
      });
      const ours = signMessage(signingKey(secret), id, seconds, body);
      const library = new Webhook(secret);
      expect(ours).toBe(library.sign(id, new Date(seconds * 1000), body));
      const headers = { 'webhook-id': id, 'webhook-timestamp': String(seconds), 'webhook-signature': ours };
      const now = Date.now;
      try {
        Date.now = () => seconds * 1000;
        expect(library.verify(body, headers)).toEqual(JSON.parse(body));
      } finally {
        Date.now = now;
      }
    }
  });
});
