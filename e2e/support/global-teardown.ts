import { rmSync } from 'node:fs';
import type { ServerName } from './servers.js';
import { dataDirOf, servers } from './servers.js';

/** Removes the demos' temporary data folders (each run starts from a fresh data set). */
export default function globalTeardown() {
  for (const name of Object.keys(servers) as ServerName[]) {
    rmSync(dataDirOf(name), { recursive: true, force: true, maxRetries: 3 });
  }
}
