import { describe, expect, it } from 'vitest';
import { toIssues } from '../rules/issues.js';
import { destinationRequestSchema, destinationUpdateSchema } from './destination.js';

const request = (headers: Record<string, string>) => ({
  name: 'hook',
  type: 'webhook',
  metadata: { url: 'https://receiver.example/hook', headers },
});

function issueNames(input: unknown) {
  const result = destinationRequestSchema.safeParse(input);
  return result.success ? [] : toIssues(result.error.issues, input, 'body');
}

describe('destination headers', () => {
  it('accepts ordinary headers, such as an Authorization the receiver checks', () => {
    const input = request({ Authorization: 'Bearer abc.def', 'X-Tenant': 'acme  east', 'x-empty': '' });
    expect(destinationRequestSchema.safeParse(input).success).toBe(true);
  });

  it('refuses every header name the service sets or that belongs to the connection, whatever its case', () => {
    const reserved = [
      'Webhook-Signature',
      'webhook-id',
      'WEBHOOK-TIMESTAMP',
      'svix-signature',
      'Svix-Id',
      'Content-Type',
      'content-length',
      'Content-Encoding',
      'Host',
      'Connection',
      'keep-alive',
      'Transfer-Encoding',
      'TE',
      'Trailer',
      'Upgrade',
      'Proxy-Authorization',
      'proxy-connection',
    ];
    for (const name of reserved) {
      const issues = issueNames(request({ [name]: 'v1,forged' }));
      expect({ name, issues: issues.map((i) => i.name) }).toEqual({
        name,
        issues: [`metadata.headers.${name}`],
      });
      expect(issues[0]?.detail).toContain(name);
    }
  });

  it('refuses a name that is not an HTTP token, naming the header', () => {
    for (const name of ['X Tenant', 'X-Tenant:', 'X-Tenánt', 'X-(a)', 'a\r\nb']) {
      // A key that is not an identifier is named in brackets, as every issue path writes it.
      expect(issueNames(request({ [name]: 'x' })).map((i) => i.name)).toEqual([
        `metadata.headers[${JSON.stringify(name)}]`,
      ]);
    }
  });

  it('refuses a value with CR, LF or another control character, or spaces at its ends', () => {
    for (const value of [
      'a\r\nX-Injected: 1',
      'a\nb',
      'a\rb',
      'a\u0000b',
      'a\u007fb',
      ' a',
      'a\t',
      'snow☃',
    ]) {
      const issues = issueNames(request({ 'X-Tenant': value }));
      expect({ value, names: issues.map((i) => i.name) }).toEqual({
        value,
        names: ['metadata.headers.X-Tenant'],
      });
      expect(issues[0]?.value).toBe(value);
    }
  });

  it('refuses two names that differ only in case, which a request would merge', () => {
    const issues = issueNames(request({ 'X-Tenant': 'a', 'x-tenant': 'b' }));
    expect(issues.map((i) => i.name)).toEqual(['metadata.headers.x-tenant']);
  });

  it('names every offending header of one request', () => {
    const issues = issueNames(request({ 'Webhook-Signature': 'v1,x', Host: 'evil', 'X-Ok': 'fine' }));
    expect(issues.map((i) => i.name)).toEqual([
      'metadata.headers.Webhook-Signature',
      'metadata.headers.Host',
    ]);
  });

  it('holds on an update of the headers too', () => {
    const input = {
      updateMask: ['metadata.headers'],
      destination: { metadata: { headers: { 'Svix-Signature': 'v1,forged' } } },
    };
    const result = destinationUpdateSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(toIssues(result.error?.issues ?? [], input, 'body').map((i) => i.name)).toEqual([
      'destination.metadata.headers.Svix-Signature',
    ]);
  });
});
