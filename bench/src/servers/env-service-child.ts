/**
 * The service configured by its environment exactly as the CLI is (`SPLICE_DATABASE_URL`, `SPLICE_DATA_DIR`,
 * `SPLICE_*`), on a free port, in a process of its own for the bench. Sends `{ type: 'ready', url, apiKey }`
 * over IPC once it listens, and stops on SIGTERM.
 */
import { configFromEnv, startService } from '@splice/service';

const service = await startService({ ...configFromEnv(), port: 0 });
process.send?.({ type: 'ready', url: service.url, apiKey: service.apiKey });

const stop = () => void service.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('disconnect', stop);
