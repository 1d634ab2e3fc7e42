import { defineProject } from 'vitest/config';

export default defineProject({
  // Each file starts an emulator and drives it over HTTP with HubSpot's client, whose own request limiter
  // spaces calls out: seconds on a busy machine. A project does not inherit the root config's timeouts.
  test: { name: 'provider-emulators', environment: 'node', testTimeout: 30_000 },
});
