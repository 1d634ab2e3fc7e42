/**
 * Which addresses a webhook destination may reach. A destination is a URL a builder's API call chooses, and
 * the service then POSTs CRM records to it: without a rule, a URL on `127.0.0.1`, `169.254.169.254` (a
 * cloud's metadata endpoint) or a private network would turn the service into a proxy into the network it
 * runs in. So loopback, link-local, private and reserved addresses are refused unless the operator allows
 * them (`SPLICE_ALLOW_PRIVATE_DESTINATIONS`, README "Webhook destinations"): the demo and the tests allow
 * loopback, where their receivers listen.
 *
 * The rule applies to the address actually connected to: `lookup` resolves the host name, refuses it when any
 * of its addresses is refused, and hands the checked addresses to the connection, so a DNS answer that
 * changes between a check and the connect (rebinding) cannot slip a private address in. A URL whose host is
 * an IP literal (or `localhost`) is refused already when the destination is created or updated.
 */

import type { LookupAddress, LookupOptions } from 'node:dns';
import dns from 'node:dns';
import net from 'node:net';

/** The kinds of address refused by default, by the names `SPLICE_ALLOW_PRIVATE_DESTINATIONS` allows them. */
export type AddressKind = 'loopback' | 'private' | 'link-local' | 'unspecified' | 'reserved';
const addressKinds: readonly AddressKind[] = ['loopback', 'private', 'link-local', 'unspecified', 'reserved'];

interface Range {
  family: 4 | 6;
  bytes: Uint8Array;
  prefix: number;
}

interface KindRange extends Range {
  kind: AddressKind;
}

/** The 4 or 16 bytes of an IP address's text, or undefined when it is not one. A zone (`%eth0`) is ignored. */
export function addressBytes(text: string): { family: 4 | 6; bytes: Uint8Array } | undefined {
  const address = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  if (net.isIPv4(address)) return { family: 4, bytes: Uint8Array.from(address.split('.').map(Number)) };
  if (!net.isIPv6(address)) return undefined;
  let plain = address.split('%')[0]!.toLowerCase();
  // A trailing dotted quad (`::ffff:127.0.0.1`) is the last two 16-bit groups.
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(plain);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
    plain = `${plain.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = plain.split('::') as [string, string | undefined];
  const groups = (part: string) => (part ? part.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const left = groups(head);
  const right = tail === undefined ? [] : groups(tail);
  const words = [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
  const bytes = new Uint8Array(16);
  words.forEach((word, index) => {
    bytes[index * 2] = word >> 8;
    bytes[index * 2 + 1] = word & 0xff;
  });
  return { family: 6, bytes };
}

function parseRange(cidr: string): Range | undefined {
  const [address, prefixText] = cidr.split('/');
  const parsed = addressBytes(address ?? '');
  if (!parsed) return undefined;
  const max = parsed.family === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (!/^\d+$/.test(prefixText ?? String(max)) || prefix > max) return undefined;
  return { ...parsed, prefix };
}

function inRange(address: { family: 4 | 6; bytes: Uint8Array }, range: Range): boolean {
  if (address.family !== range.family) return false;
  for (let bit = 0; bit < range.prefix; bit++) {
    const mask = 0x80 >> (bit % 8);
    const byte = Math.floor(bit / 8);
    if ((address.bytes[byte]! & mask) !== (range.bytes[byte]! & mask)) return false;
  }
  return true;
}

const kindRanges: KindRange[] = (
  [
    ['unspecified', '0.0.0.0/8'],
    ['loopback', '127.0.0.0/8'],
    ['private', '10.0.0.0/8'],
    ['private', '172.16.0.0/12'],
    ['private', '192.168.0.0/16'],
    // Carrier-grade NAT: private to the provider's network.
    ['private', '100.64.0.0/10'],
    // Cloud metadata endpoints (169.254.169.254) live here.
    ['link-local', '169.254.0.0/16'],
    ['reserved', '192.0.0.0/24'],
    ['reserved', '198.18.0.0/15'],
    ['reserved', '224.0.0.0/4'],
    ['reserved', '240.0.0.0/4'],
    ['unspecified', '::/128'],
    ['loopback', '::1/128'],
    ['link-local', 'fe80::/10'],
    ['private', 'fc00::/7'],
    ['private', 'fec0::/10'],
    ['reserved', 'ff00::/8'],
    // IPv4-compatible addresses (deprecated); the mapped and NAT64 forms are judged by their IPv4 address.
    ['reserved', '::/96'],
  ] as const
).map(([kind, cidr]) => ({ kind, ...parseRange(cidr)! }));

/** Prefixes that carry an IPv4 address in their last 32 bits: mapped (`::ffff:a.b.c.d`) and NAT64. */
const embeddingRanges = ['::ffff:0:0/96', '64:ff9b::/96'].map((cidr) => parseRange(cidr)!);

/** The address as it reaches the network: an IPv6 form that embeds an IPv4 address is that address. */
function effective(address: { family: 4 | 6; bytes: Uint8Array }) {
  if (address.family === 6 && embeddingRanges.some((range) => inRange(address, range))) {
    return { family: 4 as const, bytes: address.bytes.slice(12) };
  }
  return address;
}

/** The kind of a refused-by-default address, or undefined for a public one (or text that is no address). */
export function addressKind(text: string): AddressKind | undefined {
  const parsed = addressBytes(text);
  if (!parsed) return undefined;
  const address = effective(parsed);
  return kindRanges.find((range) => inRange(address, range))?.kind;
}

/** Why a destination's address is refused: the connect error's `code` names it. */
export class RefusedAddressError extends Error {
  readonly code = 'ERR_DESTINATION_ADDRESS_REFUSED';
}

/** How the host name is resolved (tests stub it): every address, as `dns.lookup(host, { all: true })`. */
export type Resolver = (hostname: string, family: 0 | 4 | 6) => Promise<LookupAddress[]>;

const systemResolver: Resolver = (hostname, family) => dns.promises.lookup(hostname, { all: true, family });

/** `net.connect`'s lookup callback: one address, or all of them when `options.all`. */
export type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

export class DestinationAddressPolicy {
  readonly #kinds: ReadonlySet<AddressKind>;
  readonly #ranges: readonly Range[];
  /** What was allowed, as given (for messages). */
  readonly allowed: readonly string[];

  /**
   * `allowed`: kinds of address (`loopback`, `private`, `link-local`, `unspecified`, `reserved`) and CIDR
   * ranges (`10.20.0.0/16`, `fd00::/8`, or a single address) to accept besides public addresses.
   * Throws on an entry that is neither.
   */
  constructor(allowed: readonly string[] = []) {
    const kinds = new Set<AddressKind>();
    const ranges: Range[] = [];
    for (const entry of allowed) {
      if ((addressKinds as readonly string[]).includes(entry)) kinds.add(entry as AddressKind);
      else {
        const range = parseRange(entry);
        if (!range) {
          throw new Error(
            `"${entry}" is neither an address kind (${addressKinds.join(', ')}) nor an IP range such as 10.0.0.0/8.`,
          );
        }
        ranges.push(range);
      }
    }
    this.#kinds = kinds;
    this.#ranges = ranges;
    this.allowed = [...allowed];
  }

  /** `SPLICE_ALLOW_PRIVATE_DESTINATIONS`: a comma-separated list of kinds and ranges; unset, nothing. */
  static fromList(list: string | undefined): DestinationAddressPolicy {
    const entries = (list ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    try {
      return new DestinationAddressPolicy(entries);
    } catch (error) {
      throw new Error(`SPLICE_ALLOW_PRIVATE_DESTINATIONS: ${(error as Error).message}`);
    }
  }

  /** Why `address` (an IP address's text) is refused, or undefined when a destination may reach it. */
  refusal(address: string): string | undefined {
    const kind = addressKind(address);
    if (!kind || this.#kinds.has(kind)) return undefined;
    const parsed = addressBytes(address)!;
    const candidates = [parsed, effective(parsed)];
    if (this.#ranges.some((range) => candidates.some((candidate) => inRange(candidate, range))))
      return undefined;
    return `${address} is a ${kind} address, which destinations may not reach unless the service allows it (SPLICE_ALLOW_PRIVATE_DESTINATIONS)`;
  }

  /**
   * Why a URL is refused from its text alone: its host is an IP literal of a refused address, or
   * `localhost` (which resolves to loopback everywhere). A host name is judged when it is resolved.
   */
  urlRefusal(url: string): string | undefined {
    let hostname: string;
    try {
      hostname = new URL(url).hostname;
    } catch {
      return undefined;
    }
    const host = hostname.replace(/^\[|\]$/g, '');
    if (net.isIP(host)) return this.refusal(host);
    if (/(^|\.)localhost\.?$/i.test(host) && !this.#kinds.has('loopback')) {
      return `${host} is a loopback address, which destinations may not reach unless the service allows it (SPLICE_ALLOW_PRIVATE_DESTINATIONS)`;
    }
    return undefined;
  }

  /**
   * A `lookup` for `net.connect`: resolves the host, refuses the connection (`RefusedAddressError`) when
   * any address is refused, and connects only to the addresses it checked.
   */
  lookup(resolve: Resolver = systemResolver) {
    return (hostname: string, options: LookupOptions, callback: LookupCallback) => {
      const family = options.family === 4 || options.family === 6 ? options.family : 0;
      resolve(hostname, family).then(
        (addresses) => {
          const refused = addresses
            .map(({ address }) => this.refusal(address))
            .find((reason) => reason !== undefined);
          if (refused) return callback(new RefusedAddressError(`${hostname}: ${refused}`), '');
          if (addresses.length === 0) {
            const error: NodeJS.ErrnoException = new Error(`${hostname} has no address`);
            error.code = 'ENOTFOUND';
            return callback(error, '');
          }
          if (options.all) return callback(null, addresses);
          return callback(null, addresses[0]!.address, addresses[0]!.family);
        },
        (error: NodeJS.ErrnoException) => callback(error, ''),
      );
    };
  }
}
