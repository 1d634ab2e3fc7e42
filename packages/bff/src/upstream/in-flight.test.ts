import { describe, expect, it } from 'vitest';
import { InFlightLimiter } from './in-flight.js';

describe('InFlightLimiter', () => {
  it('refuses past its cap and frees a slot on release, once per acquisition', () => {
    const limiter = new InFlightLimiter(2);
    const first = limiter.tryAcquire();
    const second = limiter.tryAcquire();
    expect(limiter.tryAcquire()).toBeNull();
    first?.();
    first?.();
    expect(limiter.inFlight).toBe(1);
    expect(limiter.tryAcquire()).not.toBeNull();
    second?.();
  });
});
