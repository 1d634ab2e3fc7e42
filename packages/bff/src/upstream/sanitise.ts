import type { Connection, Installation } from '@splice/schema';
import { connectionSchema, installationSchema } from '@splice/schema';
import { UpstreamFault } from './upstream-fault.js';

const credentialKey =
  /token|secret|password|passwd|credential|api[-_]?key|private[-_]?key|authorization|cookie|signature/i;

/**
 * Drops every credential-like key, at any depth. The schemas below already keep only the fields they
 * list; this second pass is so that a schema that one day allows extra keys still leaks no secret.
 */
export function stripCredentials(value: unknown, depth = 0): unknown {
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => stripCredentials(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (!credentialKey.test(key)) out[key] = stripCredentials(item, depth + 1);
  }
  return out;
}

/** A connection as a browser may see it: the schema's fields only, no credentials. */
export function sanitiseConnection(raw: unknown, operation: string): Connection {
  const parsed = connectionSchema.safeParse(stripCredentials(raw));
  if (!parsed.success) throw new UpstreamFault('malformed', operation, describe(parsed.error.issues));
  return parsed.data;
}

/** An installation as a browser may see it: the schema's fields only, its connection without credentials. */
export function sanitiseInstallation(raw: unknown, operation: string): Installation {
  const record = raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>) : {};
  const parsed = installationSchema.safeParse({ ...record, connection: stripCredentials(record.connection) });
  if (!parsed.success) throw new UpstreamFault('malformed', operation, describe(parsed.error.issues));
  return parsed.data;
}

/** Paths of schema issues, for the logs: never the values, which may be anything the upstream sent. */
export function describe(issues: readonly { path: readonly PropertyKey[]; code: string }[]): string {
  return `answer does not match its schema at ${issues
    .slice(0, 5)
    .map((i) => `${i.path.map(String).join('.') || '(root)'} (${i.code})`)
    .join(', ')}`;
}
