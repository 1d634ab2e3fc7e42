import http from 'node:http';

export interface JsonAnswer {
  status: number;
  body: unknown;
  ms: number;
}

/**
 * A lean JSON client over node:http with a keep-alive agent, so that measured latency is the server's
 * plus loopback, not a heavy client's.
 */
export function createClient(maxSockets = 1) {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const request = (
    method: string,
    url: string,
    headers: Record<string, string>,
    body?: unknown,
  ): Promise<JsonAnswer> =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
      const start = performance.now();
      const req = http.request(
        url,
        {
          method,
          agent,
          headers: {
            ...headers,
            ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const ms = performance.now() - start;
            const text = Buffer.concat(chunks).toString('utf8');
            let parsed: unknown = text;
            try {
              parsed = JSON.parse(text);
            } catch {
              // not JSON: keep the text
            }
            resolve({ status: res.statusCode ?? 0, body: parsed, ms });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  return { request, close: () => agent.destroy() };
}
