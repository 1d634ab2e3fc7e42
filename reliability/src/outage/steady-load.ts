/**
 * A steady mix of requests over real HTTP, each answer recorded with when it started and ended, so a test
 * can cut the record into phases afterwards (before, during and after an outage) and judge each answer.
 *
 * Workers run one request at a time. After an answer that is not 2xx a worker waits `backoffMs` (shorter
 * than the `Retry-After` a client would honour, so an outage is sampled often without a tight loop that
 * takes the cores from the database starting again). Every request has a deadline: one that passes it is
 * recorded as `timeout`, a hung request.
 */

export interface Answer {
  kind: string;
  /** `Date.now()` when sent and when the answer (or the failure) came. */
  start: number;
  end: number;
  /** The HTTP status, `timeout` past the deadline, `error` for a failed connection. */
  status: number | 'timeout' | 'error';
  contentType?: string | null;
  retryAfter?: string | null;
  /** The problem's `type` of a non-2xx JSON answer. */
  problemType?: string;
  /** What a 2xx write created (an id or a name), for the lost-write check. */
  created?: string;
  /** What the request was about (e.g. the group of a create), whatever its answer. */
  subject?: string;
  error?: string;
}

/** One kind of request: builds it, and says what a 2xx answer created, if anything. */
export interface RequestKind {
  name: string;
  /** Undefined: nothing of this kind can be sent now (e.g. no installation to read yet). */
  request(): { url: string; init: RequestInit; subject?: string } | undefined;
  // biome-ignore lint/suspicious/noExplicitAny: the parsed JSON of a 2xx answer
  created?(body: any): string | undefined;
}

export interface SteadyLoad {
  answers: Answer[];
  /** Resolves once every worker finished its request in flight. */
  stop(): Promise<void>;
}

export function startSteadyLoad(options: {
  kinds: RequestKind[];
  workers: number;
  deadlineMs: number;
  backoffMs: number;
  /** Called with each 2xx write, as it is acknowledged. */
  onCreated?: (kind: string, created: string) => void;
}): SteadyLoad {
  const answers: Answer[] = [];
  let running = true;
  let next = 0;
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  async function send(kind: RequestKind): Promise<Answer | undefined> {
    const request = kind.request();
    if (!request) return undefined;
    const start = Date.now();
    try {
      const response = await fetch(request.url, {
        ...request.init,
        signal: AbortSignal.timeout(options.deadlineMs),
      });
      const text = await response.text();
      const answer: Answer = {
        kind: kind.name,
        ...(request.subject === undefined ? {} : { subject: request.subject }),
        start,
        end: Date.now(),
        status: response.status,
        contentType: response.headers.get('content-type'),
        retryAfter: response.headers.get('retry-after'),
      };
      const body = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
      if (response.ok) {
        const created = kind.created?.(body);
        if (created !== undefined) {
          answer.created = created;
          options.onCreated?.(kind.name, created);
        }
      } else if (typeof body?.type === 'string') answer.problemType = body.type;
      return answer;
    } catch (error) {
      const name = (error as Error).name;
      return {
        kind: kind.name,
        ...(request.subject === undefined ? {} : { subject: request.subject }),
        start,
        end: Date.now(),
        status: name === 'TimeoutError' ? 'timeout' : 'error',
        error: String((error as Error & { cause?: unknown }).cause ?? error),
      };
    }
  }

  async function worker() {
    while (running) {
      const kind = options.kinds[next++ % options.kinds.length]!;
      const answer = await send(kind);
      if (!answer) {
        // Nothing of this kind to send yet: let the other kinds' answers arrive first.
        await sleep(10);
        continue;
      }
      answers.push(answer);
      if (typeof answer.status !== 'number' || answer.status >= 300) await sleep(options.backoffMs);
    }
  }

  const workers = Array.from({ length: options.workers }, () => worker());
  return {
    answers,
    stop: async () => {
      running = false;
      await Promise.all(workers);
    },
  };
}

/** Answers by status, e.g. `201: 40, 503: 12`, for a phase's line of figures. */
export function statusCounts(answers: readonly Answer[]): string {
  const counts = new Map<string, number>();
  for (const answer of answers)
    counts.set(String(answer.status), (counts.get(String(answer.status)) ?? 0) + 1);
  return (
    [...counts]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([status, n]) => `${status}: ${n}`)
      .join(', ') || 'none'
  );
}

export const isSuccess = (answer: Answer) =>
  typeof answer.status === 'number' && answer.status >= 200 && answer.status < 300;
