/**
 * The service configured by its environment exactly as the CLI is (`SPLICE_DATABASE_URL`, `SPLICE_DATA_DIR`,
 * `SPLICE_ROLE`, `SPLICE_*`), on a free port, in a process of its own for the bench: with the default role
 * `all`, the API here and the worker in a child process, as `splice-service` runs. Sends
 * `{ type: 'ready', url, apiKey }` over IPC once it listens, and stops on SIGTERM.
 */
import { configFromEnv, startInstance } from '@splice/service';

const instance = await startInstance({ ...configFromEnv(), port: 0 });
process.send?.({ type: 'ready', url: instance.service.url, apiKey: instance.service.apiKey });

const stop = () => void instance.close().then(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('disconnect', stop);
