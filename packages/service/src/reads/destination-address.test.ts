import { describe, expect, it } from 'vitest';
import { addressKind, DestinationAddressPolicy, RefusedAddressError } from './destination-address.js';

describe('addressKind', () => {
  it('sorts every refused-by-default range, in each spelling, and leaves public addresses alone', () => {
    const kinds: Record<string, string | undefined> = {
      '127.0.0.1': 'loopback',
      '127.255.1.2': 'loopback',
      '::1': 'loopback',
      '0:0:0:0:0:0:0:1': 'loopback',
      '::ffff:127.0.0.1': 'loopback',
      '::ffff:7f00:1': 'loopback',
      '64:ff9b::127.0.0.1': 'loopback',
      '10.0.0.1': 'private',
      '10.255.255.255': 'private',
      '172.16.0.1': 'private',
      '172.31.255.255': 'private',
      '192.168.10.1': 'private',
      '100.64.0.1': 'private',
      '100.127.255.254': 'private',
      'fc00::1': 'private',
      'fd12:3456:789a::1': 'private',
      '::ffff:10.1.1.1': 'private',
      '169.254.169.254': 'link-local',
      '169.254.0.1': 'link-local',
      'fe80::1': 'link-local',
      'fe80::1%eth0': 'link-local',
      'febf::1': 'link-local',
      '::ffff:169.254.169.254': 'link-local',
      '0.0.0.0': 'unspecified',
      '0.1.2.3': 'unspecified',
      '::': 'unspecified',
      '224.0.0.1': 'reserved',
      '255.255.255.255': 'reserved',
      'ff02::1': 'reserved',
      '::127.0.0.1': 'reserved',
      '8.8.8.8': undefined,
      '93.184.215.14': undefined,
      '172.15.255.255': undefined,
      '172.32.0.0': undefined,
      '100.63.255.255': undefined,
      '100.128.0.0': undefined,
      '169.253.255.255': undefined,
      '2606:4700::1111': undefined,
      '::ffff:8.8.8.8': undefined,
      'fec0::1': 'private',
      'example.com': undefined,
    };
    for (const [address, kind] of Object.entries(kinds)) {
      expect({ address, kind: addressKind(address) }).toEqual({ address, kind });
    }
  });
});

describe('DestinationAddressPolicy', () => {
  it('refuses every non-public address by default, saying what it is and how to allow it', () => {
    const policy = new DestinationAddressPolicy();
    expect(policy.refusal('8.8.8.8')).toBeUndefined();
    expect(policy.refusal('169.254.169.254')).toBe(
      '169.254.169.254 is a link-local address, which destinations may not reach unless the service allows it (SPLICE_ALLOW_PRIVATE_DESTINATIONS)',
    );
  });

  it('allows the kinds and ranges it is given, and nothing more', () => {
    const policy = DestinationAddressPolicy.fromList(' loopback , 10.20.0.0/16,fd00::/8 ');
    expect(policy.allowed).toEqual(['loopback', '10.20.0.0/16', 'fd00::/8']);
    for (const allowed of [
      '127.0.0.1',
      '::1',
      '::ffff:127.0.0.1',
      '10.20.3.4',
      '::ffff:10.20.3.4',
      'fd00::5',
    ]) {
      expect({ allowed, refusal: policy.refusal(allowed) }).toEqual({ allowed, refusal: undefined });
    }
    for (const refused of ['10.21.0.1', '192.168.0.1', 'fc00::1', '169.254.169.254', '0.0.0.0']) {
      expect(policy.refusal(refused)).toContain(refused);
    }
    expect(new DestinationAddressPolicy(['192.168.1.7']).refusal('192.168.1.7')).toBeUndefined();
    expect(new DestinationAddressPolicy(['192.168.1.7']).refusal('192.168.1.8')).toBeDefined();
  });

  it('refuses a list entry that is neither a kind nor a range, naming the variable', () => {
    for (const list of ['lo', '10.0.0.0/33', '10.0.0/8', 'fd00::/129', '10.0.0.0/x']) {
      expect(() => DestinationAddressPolicy.fromList(list)).toThrow(/SPLICE_ALLOW_PRIVATE_DESTINATIONS/);
    }
    expect(DestinationAddressPolicy.fromList(undefined).allowed).toEqual([]);
    expect(DestinationAddressPolicy.fromList('').allowed).toEqual([]);
  });

  it('judges a URL by its text only when its host is an IP literal or localhost', () => {
    const policy = new DestinationAddressPolicy();
    expect(policy.urlRefusal('http://[::1]:4010/x')).toContain('::1');
    expect(policy.urlRefusal('http://2130706433/')).toContain('127.0.0.1');
    expect(policy.urlRefusal('http://LOCALHOST./')).toContain('loopback');
    expect(policy.urlRefusal('https://receiver.example/')).toBeUndefined();
    expect(policy.urlRefusal('https://8.8.8.8/')).toBeUndefined();
    expect(new DestinationAddressPolicy(['loopback']).urlRefusal('http://localhost:1/')).toBeUndefined();
  });

  it('gives net.connect a lookup that answers only with checked addresses, in the form it asked', async () => {
    const policy = new DestinationAddressPolicy(['loopback']);
    const lookup = policy.lookup(async (_host, family) =>
      family === 6
        ? [{ address: '::1', family: 6 }]
        : [
            { address: '127.0.0.1', family: 4 },
            { address: '::1', family: 6 },
          ],
    );
    const ask = (options: { all?: boolean; family?: number }) =>
      new Promise<unknown[]>((resolve) =>
        // biome-ignore lint/suspicious/noExplicitAny: the callback's arity differs with `all`
        lookup('receiver.test', options as any, (...args: unknown[]) => resolve(args)),
      );
    expect(await ask({})).toEqual([null, '127.0.0.1', 4]);
    expect(await ask({ family: 6 })).toEqual([null, '::1', 6]);
    expect(await ask({ all: true })).toEqual([
      null,
      [
        { address: '127.0.0.1', family: 4 },
        { address: '::1', family: 6 },
      ],
    ]);
    const refusing = new DestinationAddressPolicy().lookup(async () => [{ address: '10.0.0.1', family: 4 }]);
    const [error] = await new Promise<unknown[]>((resolve) =>
      refusing('inside.test', {}, (...args: unknown[]) => resolve(args)),
    );
    expect(error).toBeInstanceOf(RefusedAddressError);
    expect((error as Error).message).toContain('inside.test: 10.0.0.1 is a private address');
  });
});
