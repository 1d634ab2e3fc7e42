export type LogLevel = 'info' | 'warn' | 'error';

/** One structured log line. Every entry passes through `redact` before a logger sees it. */
export interface LogEntry {
  level: LogLevel;
  /** What happened: `request`, `upstream`, `error`, ... */
  msg: string;
  requestId?: string;
  [key: string]: unknown;
}

/** Receives redacted entries; the default writes one JSON line per entry to the console. */
export type BffLogger = (entry: LogEntry) => void;

/**
 * Info lines go to stdout, warnings and errors to stderr, as `console.info` / `console.warn` would send
 * them; written directly because `console` formats and inspects each argument first, a cost paid on
 * every request.
 */
export const consoleLogger: BffLogger = (entry) => {
  const line = `${JSON.stringify({ time: new Date().toISOString(), ...entry })}\n`;
  if (entry.level === 'info') process.stdout.write(line);
  else process.stderr.write(line);
};
