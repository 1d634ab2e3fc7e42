import os from 'node:os';
import { measureBackfill } from './benches/reads.js';

const n = Number(process.argv[2] ?? 1_000_000);
const before = os.loadavg();
const r = await measureBackfill(n, (l) => console.log(l));
console.log(
  JSON.stringify({
    ...r,
    loadBefore: before.map((x) => x.toFixed(2)),
    loadAfter: os.loadavg().map((x) => x.toFixed(2)),
  }),
);
