/** The three Standard Webhooks headers, as the verifying library takes them. */
export interface SignatureHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/**
 * The signature headers of a request: `webhook-*` (Standard Webhooks), or else `svix-*`, which carry
 * the same values under the names that the hosted service's receivers read. Null when any is missing.
 */
export function signatureHeaders(headers: Headers): SignatureHeaders | null {
  for (const prefix of ['webhook', 'svix']) {
    const id = headers.get(`${prefix}-id`);
    const timestamp = headers.get(`${prefix}-timestamp`);
    const signature = headers.get(`${prefix}-signature`);
    if (id && timestamp && signature) {
      return { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': signature };
    }
  }
  return null;
}
