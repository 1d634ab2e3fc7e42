import type { Connection, Installation } from '@splice/schema';
import { connectionSchema, installationSchema } from '@splice/schema';
import type { ReadResult, Unreadable } from './answers/read-answer.js';
import { readAnswer, readWhatCan } from './answers/read-answer.js';

const credentialKey =
  /token|secret|password|passwd|credential|api[-_]?key|private[-_]?key|authorization|cookie|signature/i;

/**
 * Drops every credential-like key, at any depth. The tolerant read below already keeps only the fields
 * the schemas list; this second pass is so that a schema that one day allows extra keys still leaks no
 * secret.
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

function withoutConnectionSecrets(raw: unknown): unknown {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const record = raw as Record<string, unknown>;
  return { ...record, connection: stripCredentials(record.connection) };
}

/** A connection as a browser may see it: the schema's fields only, no credentials. */
export function readConnection(raw: unknown): ReadResult<Connection> {
  return readAnswer(connectionSchema, stripCredentials(raw));
}

/** An installation as a browser may see it: the schema's fields only, its connection without credentials. */
export function readInstallation(raw: unknown): ReadResult<Installation> {
  return readAnswer(installationSchema, withoutConnectionSecrets(raw));
}

/** As much of an installation as can be read, for a create that succeeded whatever its answer says. */
export function readInstallationWhatCan(raw: unknown): {
  value: Partial<Installation>;
  unreadable: Unreadable[];
} {
  return readWhatCan(installationSchema, withoutConnectionSecrets(raw));
}
