import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import type { SignatureHeaders } from './signature-headers.js';
import { createSignatureVerifier } from './signature-verifier.js';

const secret = `whsec_${randomBytes(24).toString('base64')}`;
const other = `whsec_${randomBytes(32).toString('base64')}`;
const library = new Webhook(secret);

function headers(id: string, timestamp: string, signature: string): SignatureHeaders {
  return { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': signature };
}

/** The library's decision on the same input: valid, or which refusal. */
function libraryOutcome(body: string, h: SignatureHeaders, webhook = library) {
  try {
    webhook.verify(body, { ...h }, { jsonParse: false });
    return 'valid';
  } catch (error) {
    return /timestamp/i.test((error as Error).message) ? 'badTimestamp' : 'badSignature';
  }
}

describe('createSignatureVerifier (WebCrypto)', () => {
  it('computes, byte for byte, the signature the standardwebhooks library signs, on large and unicode bodies', async () => {
    const verifier = createSignatureVerifier([secret]);
    const bodies = [
      '',
      '{"a":1}',
      JSON.stringify({ name: 'Zoë Ångström 日本 🚀', blob: 'x'.repeat(300 * 1024) }),
      randomBytes(1000).toString('latin1'),
    ];
    for (const body of bodies) {
      const at = new Date();
      const id = `msg_${randomBytes(8).toString('hex')}`;
      const signature = library.sign(id, at, body);
      const h = headers(id, String(Math.floor(at.getTime() / 1000)), signature);
      expect(await verifier.verify(body, h)).toBe('valid');
      expect(libraryOutcome(body, h)).toBe('valid');
      // One character off anywhere in the body, id or signature: both refuse.
      const cases: SignatureHeaders[] = [
        headers(`${id}x`, h['webhook-timestamp'], signature),
        headers(id, h['webhook-timestamp'], `v1,${signature[3] === 'A' ? 'B' : 'A'}${signature.slice(4)}`),
      ];
      for (const bad of cases) {
        expect(await verifier.verify(body, bad)).toBe('badSignature');
        expect(libraryOutcome(body, bad)).toBe('badSignature');
      }
      expect(await verifier.verify(`${body} `, h)).toBe('badSignature');
      expect(libraryOutcome(`${body} `, h)).toBe('badSignature');
    }
  });

  it('decides as the library on every header shape: several entries, other versions, odd timestamps', async () => {
    const verifier = createSignatureVerifier([secret]);
    const body = '{"result":[]}';
    const now = Math.floor(Date.now() / 1000);
    const id = 'msg_shapes';
    const good = library.sign(id, new Date(now * 1000), body);
    const cases: SignatureHeaders[] = [
      headers(id, String(now), `v1,${'A'.repeat(44)} ${good}`),
      headers(id, String(now), `v2,${good.slice(3)}`),
      headers(id, String(now), good.slice(3)),
      headers(id, String(now), 'v1'),
      headers(id, String(now), ''),
      headers(id, `0${now}`, good),
      headers(id, 'soon', good),
      headers(id, String(now - 301), library.sign(id, new Date((now - 301) * 1000), body)),
      headers(id, String(now - 299), library.sign(id, new Date((now - 299) * 1000), body)),
      headers(id, String(now + 299), library.sign(id, new Date((now + 299) * 1000), body)),
      headers(id, String(now + 301), library.sign(id, new Date((now + 301) * 1000), body)),
    ];
    for (const h of cases) {
      const expected = libraryOutcome(body, h);
      expect({ h, outcome: await verifier.verify(body, h, now * 1000) }).toEqual({ h, outcome: expected });
    }
    // The shapes cover both answers and both refusals.
    expect(new Set(cases.map((h) => libraryOutcome(body, h)))).toEqual(
      new Set(['valid', 'badSignature', 'badTimestamp']),
    );
  });

  it('refuses a timestamp with anything but digits, though the signature over its number matches', async () => {
    const verifier = createSignatureVerifier([secret]);
    const body = '{"result":[]}';
    const now = Math.floor(Date.now() / 1000);
    const id = 'msg_timestamp';
    const good = library.sign(id, new Date(now * 1000), body);
    expect(await verifier.verify(body, headers(id, String(now), good), now * 1000)).toBe('valid');
    for (const timestamp of [`${now}abc`, `${now}.5`, ` ${now}`, `${now} `, `+${now}`, `${now}e0`, '']) {
      expect({
        timestamp,
        outcome: await verifier.verify(body, headers(id, timestamp, good), now * 1000),
      }).toEqual({
        timestamp,
        outcome: 'badSignature',
      });
    }
  });

  it('accepts a message signed under any secret of its list, and nothing signed under another', async () => {
    const verifier = createSignatureVerifier([other, secret]);
    const body = '{"x":true}';
    const at = new Date();
    const ts = String(Math.floor(at.getTime() / 1000));
    expect(await verifier.verify(body, headers('m1', ts, new Webhook(other).sign('m1', at, body)))).toBe(
      'valid',
    );
    expect(await verifier.verify(body, headers('m1', ts, library.sign('m1', at, body)))).toBe('valid');
    const stranger = new Webhook(`whsec_${randomBytes(24).toString('base64')}`).sign('m1', at, body);
    expect(await verifier.verify(body, headers('m1', ts, stranger))).toBe('badSignature');
  });

  it('refuses a secret that is not base64 when it is created', () => {
    expect(() => createSignatureVerifier(['whsec_***'])).toThrow();
    expect(() => createSignatureVerifier(['whsec_'])).toThrow();
  });
});
