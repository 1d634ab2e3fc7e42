/**
 * Defects this suite found in the service, the BFF or the shared schemas, that are not fixed yet. A
 * failing case that matches one is counted and printed under the defect's id instead of failing the run,
 * so CI stays green while the defect stays loud in every run's figures. When a defect is fixed its cases
 * pass again: delete its entry (a test reports entries that matched nothing).
 */
export interface KnownDefect {
  id: string;
  summary: string;
  /** Does this failed case show the defect? `body` is the request body as sent. */
  matches(failure: { url: string; body: string; family?: string; status: number; reason: string; answer: string }): boolean;
}

const prototypeNames = new Set(Object.getOwnPropertyNames(Object.prototype));

function bodyField(body: string, field: string): unknown {
  try {
    return (JSON.parse(body) as Record<string, unknown>)[field];
  } catch {
    return undefined;
  }
}

export const knownDefects: KnownDefect[] = [
  {
    id: 'KD-1',
    summary:
      'service search answers 500 when objectName is a name of Object.prototype ("__proto__", "toString", "constructor", ...): search-records.ts reads installation.config.content.read.objects[objectName] without Object.hasOwn and parses the inherited function; through the BFF it is a 502 upstream-bad-answer after 3 attempts',
    matches: ({ url, body, status }) =>
      /\/search(\/|$)/.test(new URL(url).pathname) &&
      (status === 500 || status === 502) &&
      prototypeNames.has(String(bodyField(body, 'objectName'))),
  },
  {
    id: 'KD-2',
    summary:
      'a map key "__proto__" (selectedFields, selectedValueMappings, selectedFieldSettings, ...) is silently dropped by zod/mini record parsing, and its value is never validated: the service stores and answers a config without it (data loss), and accepts e.g. {"selectedFields":{"__proto__":1}}',
    matches: ({ body, reason }) =>
      body.includes('"__proto__"') && (reason.includes('__proto__') || reason.includes('sample-read-failed')),
  },
  {
    id: 'KD-3',
    summary:
      'the sample read (skipSampling=false) accepts a read filter on a field named like an Object.prototype member ("toString", "constructor", "__proto__", ...) that the provider does not have: check-config.ts looks filter fields up with metadata.fields[name] instead of Object.hasOwn, so the inherited member passes as a field (201 instead of 422 sample-read-failed)',
    matches: ({ body, status, reason }) =>
      status === 201 &&
      reason.includes('sample-read-failed') &&
      [...prototypeNames].some((name) => body.includes(`"fieldName":"${name}"`)),
  },
  {
    id: 'KD-4',
    summary:
      'a deeply nested JSON body (about 5,000 levels and more) is answered 500 by the service and the BFF: the 400 problem echoes the offending value in issues[].value, and JSON.stringify of that value overflows the stack while the problem is rendered (service http/problem.ts renderProblem; BFF render-problem)',
    matches: ({ family, status }) => status === 500 && (family ?? '').startsWith('deep nesting'),
  },
];

/** Counts of matched failures per defect id, for the figures line and the stale-entry check. */
export class KnownDefectCounter {
  readonly counts = new Map<string, number>();
  match(failure: Parameters<KnownDefect['matches']>[0]): KnownDefect | undefined {
    const defect = knownDefects.find((d) => d.matches(failure));
    if (defect) this.counts.set(defect.id, (this.counts.get(defect.id) ?? 0) + 1);
    return defect;
  }
  describe(): string {
    return [...this.counts.entries()].map(([id, n]) => `${n}×${id}`).join(', ');
  }
}
