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

function redactValue(value: unknown, secrets: readonly string[], depth: number): unknown {
  if (typeof value === 'string') return redactString(value, secrets);
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redactValue(item, secrets, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = secretKey.test(key) ? '[redacted]' : redactValue(item, secrets, depth + 1);
  }
  return out;
}

/**
 * Removes from a log entry: the configured secrets wherever they appear (even inside an error message),
 * bearer and basic credentials, values under credential-like keys, and every query string.
 */
export function redactEntry(entry: LogEntry, secrets: readonly string[]): LogEntry {
  const usable = secrets.filter((s) => s.length >= 4);
  return redactValue(entry, usable, 0) as LogEntry;
}

/** Wraps a logger so that nothing reaches it unredacted, and a throwing logger cannot fail a request. */
export function redactingLogger(logger: BffLogger, secrets: readonly string[]): BffLogger {
  return (entry) => {
    try {
      logger(redactEntry(entry, secrets));
    } catch {
      // A logger's failure must not turn into the user's failure.
    }
  };
}
