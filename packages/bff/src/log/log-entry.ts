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

export const consoleLogger: BffLogger = (entry) => {
  const line = JSON.stringify({ time: new Date().toISOString(), ...entry });
  if (entry.level === 'error') console.error(line);
  else if (entry.level === 'warn') console.warn(line);
  else console.info(line);
};
