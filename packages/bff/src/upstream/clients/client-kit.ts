import type * as z from 'zod/mini';
import type { CallContext, CallerOptions } from '../call.js';
import { createCaller } from '../call.js';
import { UpstreamProblem } from '../upstream-problem.js';

export interface ServiceClientOptions extends CallerOptions {
  baseUrl: URL;
  searchUrl: URL;
  /** `{read_url}` (trigger a read); without it, triggering is refused before any call. */
  readUrl: URL | undefined;
  project: string;
}

/** What every resource's client builds on: the service's bases, the project, and one caller. */
export function createClientKit(options: ServiceClientOptions) {
  const { baseUrl, searchUrl, readUrl, project, log } = options;
  const { call, read, settle, noteIgnored } = createCaller(options);
  const integrationPath = (integrationId: string) => ['projects', project, 'integrations', integrationId];
  /** Most reads: a GET with the API key that must answer 200. */
  const getJson = (ctx: CallContext, operation: string, url: URL) =>
    call(ctx, { operation, method: 'GET', url, credential: 'api-key', kind: 'read', expectStatus: 200 });
  /** A GET whose 404 means there is none: undefined then (no JSON answer reads as undefined). */
  const getJsonOrNull = async (ctx: CallContext, operation: string, url: URL): Promise<unknown> => {
    try {
      return await getJson(ctx, operation, url);
    } catch (error) {
      if (error instanceof UpstreamProblem && error.status === 404) return undefined;
      throw error;
    }
  };
  return {
    baseUrl,
    searchUrl,
    readUrl,
    project,
    log,
    call,
    read,
    settle,
    noteIgnored,
    integrationPath,
    getJson,
    getJsonOrNull,
  };
}

export type ClientKit = ReturnType<typeof createClientKit>;

/**
 * Every request body leaves through its interface schema (strict: no key the interface does not name). A body
 * that fails is a bug in this server, not the browser's fault, so it is a plain error (500), never sent.
 */
export function strictBody<S extends z.ZodMiniType>(
  schema: S,
  body: unknown,
  operation: string,
): z.output<S> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new Error(`${operation}: the request body built for the service does not match its schema`);
  }
  return parsed.data;
}
