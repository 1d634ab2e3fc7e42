/**
 * Which headers cross the proxy. From the caller: none that carries a credential (the provider gets the
 * connection's token and nothing else), none of the hosted proxy's own (`x-amp-*`), and no hop-by-hop or
 * framing header, which belong to the one connection they came on. From the provider: its answer's headers
 * minus hop-by-hop ones and cookies, which would be set on the service's origin.
 */

const hopByHop = new Set([
  'connection',
  'keep-alive',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
  'expect',
]);

const credentials = new Set(['authorization', 'cookie', 'x-api-key', 'forwarded', 'x-real-ip']);

/** Names the `Connection` header lists: hop-by-hop for that message too. */
function namedByConnection(headers: Headers): Set<string> {
  const named = new Set<string>();
  for (const name of (headers.get('connection') ?? '').split(',')) {
    const trimmed = name.trim().toLowerCase();
    if (trimmed) named.add(trimmed);
  }
  return named;
}

function droppedFromCaller(name: string): boolean {
  return (
    hopByHop.has(name) ||
    credentials.has(name) ||
    name.startsWith('x-amp-') ||
    name.startsWith('proxy-') ||
    name.startsWith('x-forwarded-') ||
    name.startsWith('sec-') ||
    name === 'origin' ||
    name === 'referer'
  );
}

/** The caller's headers that go on to the provider (the token is added by the caller of this). */
export function headersToProvider(incoming: Headers): Record<string, string> {
  const named = namedByConnection(incoming);
  const out: Record<string, string> = {};
  incoming.forEach((value, rawName) => {
    const name = rawName.toLowerCase();
    if (droppedFromCaller(name) || named.has(name)) return;
    out[name] = value;
  });
  return out;
}

/** The provider's answer headers that go back to the caller (`location` is handled apart). */
export function headersFromProvider(answer: Record<string, string | string[] | undefined>): Headers {
  const named = new Set(
    String(answer.connection ?? '')
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter(Boolean),
  );
  const out = new Headers();
  for (const [rawName, value] of Object.entries(answer)) {
    const name = rawName.toLowerCase();
    if (value === undefined || name === 'location' || name === 'set-cookie') continue;
    if (hopByHop.has(name) || name.startsWith('proxy-') || named.has(name)) continue;
    for (const one of Array.isArray(value) ? value : [value]) out.append(name, one);
  }
  return out;
}
