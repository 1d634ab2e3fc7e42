/**
 * Sends generated cases over HTTP and judges every answer: no 5xx; the status documented for the
 * operation and the body matching the documented schema (ajv against the served OpenAPI document); an
 * invalid case answered 400 with an issue naming every property it broke; a valid case accepted (or given
 * one of the documented outcomes the case allows); a documented refusal given its status and problem type.
 */
import type { Problem } from '@splice/schema';
import { Failures, figures, ms, percentile } from '../figures.js';
import { KnownDefectCounter } from '../known-defects.js';
import type { OpenApiChecker } from '../openapi-checker.js';
import { mapPool } from '../pool.js';
import type { Expectation } from './mutations.js';
import { issueMatches } from './mutations.js';

export interface Outcome {
  status: number;
  /** The problem type, for a non-2xx answer. */
  type?: string;
}

export interface FuzzCase {
  kind: 'valid' | 'invalid' | 'refusal';
  /** What made it so: mutation kinds, the refusal's name, or `valid`. */
  label: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** Invalid: the issues the 400 must carry. */
  expect?: Expectation[];
  /** Valid: the outcomes accepted besides success, e.g. 422 sample-read-failed when sampling. */
  allowed?: Outcome[];
  /** Refusal: the one documented outcome. */
  refusal?: Outcome;
  /** Valid and answered with success: further checks of the answer (e.g. the config round-trips). */
  verify?: (body: unknown) => string | undefined;
}

export interface FuzzOperation {
  name: string;
  checker: OpenApiChecker;
  pathTemplate: string;
  method: string;
  successStatus: number;
}

export interface FuzzTally {
  cases: number;
  byKind: Record<FuzzCase['kind'], number>;
  /** 5xx answers not explained by a known defect. */
  fiveXx: number;
  /** Every 5xx answer, known defects included. */
  allFiveXx: number;
  schemaMismatches: Failures;
  failures: Failures;
  /** `status type` -> count, for the figures line. */
  outcomes: Map<string, number>;
  /** Failures explained by a defect listed in known-defects.ts. */
  known: KnownDefectCounter;
  p50: number;
  p99: number;
  /** What was wrong with each case that failed (5xx, schema mismatch or a wrong answer), for properties. */
  faults: Map<FuzzCase, string[]>;
}

function outcomeKey(status: number, type: string | undefined) {
  return type ? `${status} ${type.replace('urn:problem-type:', '')}` : String(status);
}

function describeCase(c: FuzzCase, status: number, detail: string, text: string) {
  return `  - ${c.kind} (${c.label}) ${c.method} ${c.url.replace(/^https?:\/\/[^/]+/, '')} -> ${status}: ${detail}\n    request: ${(c.body ?? '').slice(0, 300)}\n    answer: ${text.slice(0, 300)}`;
}

export async function runFuzz(
  operation: FuzzOperation,
  cases: readonly FuzzCase[],
  concurrency = 8,
): Promise<FuzzTally> {
  const tally: FuzzTally = {
    cases: cases.length,
    byKind: { valid: 0, invalid: 0, refusal: 0 },
    fiveXx: 0,
    allFiveXx: 0,
    schemaMismatches: new Failures(),
    failures: new Failures(),
    outcomes: new Map(),
    known: new KnownDefectCounter(),
    p50: 0,
    p99: 0,
    faults: new Map(),
  };
  const fault = (c: FuzzCase, description: string) =>
    tally.faults.set(c, [...(tally.faults.get(c) ?? []), description]);
  const latencies: number[] = [];
  await mapPool(cases, concurrency, async (c) => {
    tally.byKind[c.kind]++;
    const started = performance.now();
    const response = await fetch(c.url, {
      method: c.method,
      headers: c.headers,
      ...(c.body === undefined ? {} : { body: c.body }),
    });
    const text = await response.text();
    latencies.push(performance.now() - started);
    const { status } = response;
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    const problem = status >= 300 ? (body as Problem | undefined) : undefined;
    const fail = (reason: string) => {
      if (tally.known.match({ url: c.url, body: c.body ?? '', status, reason, answer: text })) return;
      tally.failures.add(describeCase(c, status, reason, text));
      fault(c, describeCase(c, status, reason, text));
    };
    const key = outcomeKey(status, problem?.type);
    tally.outcomes.set(key, (tally.outcomes.get(key) ?? 0) + 1);
    if (status >= 500) {
      tally.allFiveXx++;
      if (tally.known.match({ url: c.url, body: c.body ?? '', status, reason: '5xx', answer: text })) return;
      tally.fiveXx++;
      tally.failures.add(describeCase(c, status, '5xx', text));
      fault(c, describeCase(c, status, '5xx', text));
      return;
    }
    const mismatch = operation.checker.check(
      operation.pathTemplate,
      operation.method,
      status,
      response.headers.get('content-type'),
      body,
    );
    if (mismatch) {
      tally.schemaMismatches.add(describeCase(c, status, mismatch, text));
      fault(c, describeCase(c, status, mismatch, text));
    }

    if (c.kind === 'invalid') {
      if (status !== 400) {
        fail('an invalid request was not answered 400');
        return;
      }
      const issues = problem?.issues ?? [];
      const missing = (c.expect ?? []).filter((e) => !issueMatches(issues, e));
      if (missing.length > 0) {
        fail(`no issue names ${missing.map((e) => `${e.in}:${e.name}`).join(', ')}`);
      }
      return;
    }
    if (c.kind === 'refusal') {
      const want = c.refusal as Outcome;
      if (status !== want.status || (want.type !== undefined && problem?.type !== want.type)) {
        fail(`expected ${outcomeKey(want.status, want.type)}`);
      }
      return;
    }
    if (status === operation.successStatus) {
      const wrong = c.verify?.(body);
      if (wrong) fail(wrong);
      return;
    }
    const allowed = (c.allowed ?? []).some(
      (a) => a.status === status && (a.type === undefined || a.type === problem?.type),
    );
    if (!allowed) fail('a valid request was refused');
  });
  latencies.sort((a, b) => a - b);
  tally.p50 = percentile(latencies, 50);
  tally.p99 = percentile(latencies, 99);
  return tally;
}

/** The figures line of a fuzz run. */
export function printFuzzFigures(name: string, tally: FuzzTally): void {
  const outcomes = [...tally.outcomes.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${n}×${k}`)
    .join(', ');
  figures(
    name,
    `${tally.cases} cases (${tally.byKind.valid} valid, ${tally.byKind.invalid} invalid, ${tally.byKind.refusal} documented refusals), ${tally.allFiveXx} 5xx${tally.allFiveXx > tally.fiveXx ? ` (${tally.fiveXx} outside known defects)` : ''}, ${tally.schemaMismatches.count} schema mismatches, ${tally.failures.count} failures${tally.known.counts.size ? ` (+ known defects: ${tally.known.describe()})` : ''}; p50 ${ms(tally.p50)}, p99 ${ms(tally.p99)}; answers: ${outcomes}`,
    {
      cases: tally.cases,
      ...tally.byKind,
      fiveXx: tally.fiveXx,
      schemaMismatches: tally.schemaMismatches.count,
      failures: tally.failures.count,
      knownDefects: Object.fromEntries(tally.known.counts),
      p50: tally.p50,
      p99: tally.p99,
    },
  );
}
