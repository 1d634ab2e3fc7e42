import type { BffLogger, LogEntry } from './log-entry.js';

const secretKey = /authorization|cookie|api[-_]?key|token|secret|password|credential/i;
const bearer = /\b(Bearer|Basic)\s+[^\s"',;]+/gi;
// A query string may carry a groupRef, an e-mail or a signed parameter: logs keep the path only.
const queryString = /((?:https?:\/\/[^\s?#"']*)|(?:\/[\w\-./%:~@]*))\?[^\s"'#]*/g;

const credentialWord = /bearer|basic/i;

function redactString(value: string, secrets: readonly string[]): string {
  let out = value;
  // Cheap checks first: most strings (paths, ids, statuses) hold no secret, no credential and no query.
  for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join('[redacted]');
  if (credentialWord.test(out)) out = out.replace(bearer, '$1 [redacted]');
  return out.includes('?') ? out.replace(queryString, '$1?[redacted]') : out;
}

/** Keys already tested against `secretKey`: log entries use the same few keys on every line. */
const maxKnownKeys = 256;
const knownKeys = new Map<string, boolean>();

function isSecretKey(key: string): boolean {
  const known = knownKeys.get(key);
  if (known !== undefined) return known;
  const secret = secretKey.test(key);
  if (knownKeys.size < maxKnownKeys && key.length <= 64) knownKeys.set(key, secret);
  return secret;
}

function redactValue(value: unknown, secrets: readonly string[], depth: number): unknown {
  if (typeof value === 'string') return redactString(value, secrets);
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redactValue(item, secrets, depth + 1));
  const out: Record<string, unknown> = {};
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    out[key] = isSecretKey(key) ? '[redacted]' : redactValue(record[key], secrets, depth + 1);
  }
  return out;
}

/** The secrets worth looking for: a very short one would match ordinary text. */
const usableSecrets = (secrets: readonly string[]) => secrets.filter((s) => s.length >= 4);

/**
 * Removes from a log entry: the configured secrets wherever they appear (even inside an error message),
 * bearer and basic credentials, values under credential-like keys, and every query string.
 */
export function redactEntry(entry: LogEntry, secrets: readonly string[]): LogEntry {
  return redactValue(entry, usableSecrets(secrets), 0) as LogEntry;
}

/** Wraps a logger so that nothing reaches it unredacted, and a throwing logger cannot fail a request. */
export function redactingLogger(logger: BffLogger, secrets: readonly string[]): BffLogger {
  const usable = usableSecrets(secrets);
  return (entry) => {
    try {
      logger(redactValue(entry, usable, 0) as LogEntry);
    } catch {
      // A logger's failure must not turn into the user's failure.
    }
  };
}
