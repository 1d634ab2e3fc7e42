import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import type { BffOptions } from '../../src/options.js';
import type { RunningBff } from '../helpers/start-bff.js';
import { startBff } from '../helpers/start-bff.js';
import type { HostedDouble, Scenario } from './hosted-double.js';
import { defaultScenario, startHostedDouble } from './hosted-double.js';

export interface HostedContract {
  upstream: HostedDouble;
  bff: RunningBff;
}

/**
 * One test file's hosted double and the BFF in front of it, as against the hosted service (no embedded
 * extensions). Each test starts from the default scenario (plus `scenario`); unless `checkRequests` is
 * false, each ends with no request that breaks the description.
 */
export function useHostedContract(
  options: { bff?: Partial<BffOptions>; scenario?: () => Partial<Scenario>; checkRequests?: boolean } = {},
): HostedContract {
  const contract = {} as HostedContract;
  beforeAll(async () => {
    contract.upstream = await startHostedDouble();
    contract.bff = await startBff(contract.upstream, { embeddedExtensions: false, ...options.bff });
  });
  afterAll(async () => {
    await contract.bff.close();
    await contract.upstream.close();
  });
  beforeEach(() => {
    contract.upstream.scenario = { ...defaultScenario(), ...options.scenario?.() };
    contract.upstream.violations.length = 0;
  });
  if (options.checkRequests !== false) {
    afterEach(() => {
      expect(contract.upstream.violations).toEqual([]);
    });
  }
  return contract;
}
