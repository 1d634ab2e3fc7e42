/**
 * `tsx src/rate-limits-run.ts [--quick]`: the rate-limit figures alone (./benches/rate-limits.ts), printed;
 * `pnpm bench --only=limits` runs the same inside the whole bench.
 */
import { measureRateLimits } from './benches/rate-limits.js';

const quick = process.argv.includes('--quick');
const result = await measureRateLimits(
  { accounts: 20, measureS: quick ? 60 : 120, searches: quick ? 30 : 60 },
  (line) => console.log(line),
);
console.log(JSON.stringify(result, null, 2));
process.exit(0);
