import type { Agent } from 'node:http';
import { request } from 'node:http';

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/**
 * Sends bytes exactly as given on a fresh connection (no keep-alive: a server that closes the socket
 * after refusing a large body must not turn the next request into a client-side failure).
 */
export function sendRaw(
  url: string,
  method: string,
  headers: Record<string, string>,
  body: Uint8Array | undefined,
  timeoutMs = 15_000,
  agent: Agent | false = false,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method, headers: { ...headers, ...(body ? { 'Content-Length': String(body.length) } : {}) }, agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`no answer in ${timeoutMs} ms`)));
    req.on('error', reject);
    // A server may answer (413) before reading the whole body and close: the answer still counts.
    if (body) req.end(body);
    else req.end();
  });
}
