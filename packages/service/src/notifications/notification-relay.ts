/**
 * Turns what the stores recorded into notifications: read operations that ended (`read.backfill.done`,
 * `read.triggered.done`, `read.triggered.error`) and connection events (`connection.created` and
 * `connection.updated` by the connect flow, `connection.refreshed` and `connection.error` by whichever
 * process refreshed or lost a connection's tokens). Each row is
 * stamped once its notifications are queued, so a crash between the two sends them again rather than
 * never: at least once, as every delivery is.
 */
import type { NotificationEventType } from '@splice/schema';
import type { Repository } from '../store/index.js';
import type { Notifier } from './notifier.js';

const batch = 100;

const connectionEventKinds: ReadonlySet<string> = new Set([
  'connection.created',
  'connection.updated',
  'connection.refreshed',
  'connection.error',
]);

type EndedOperation = Awaited<ReturnType<Notifier['store']['endedOperations']>>[number];

function errorsOf(stored: EndedOperation['errors']): string[] {
  if (Array.isArray(stored)) return stored.map(String);
  try {
    const parsed: unknown = JSON.parse(stored ?? '[]');
    return Array.isArray(parsed) ? parsed.map(String) : [];
  } catch {
    return [];
  }
}

/** Which notification an ended read operation is, if any (a scheduled read's end is not one). */
function operationEvent(operation: EndedOperation): NotificationEventType | undefined {
  const succeeded = operation.status === 'success';
  if (operation.read_type === 'backfill') return succeeded ? 'read.backfill.done' : undefined;
  if (operation.read_type === 'triggered') return succeeded ? 'read.triggered.done' : 'read.triggered.error';
  return undefined;
}

export class NotificationRelay {
  #timer: NodeJS.Timeout | undefined;
  #running: Promise<void> | undefined;
  #stopped = true;

  constructor(
    private readonly repo: Repository,
    private readonly notifier: Notifier,
    private readonly tickMs = 500,
  ) {}

  start(): void {
    this.#stopped = false;
    this.#schedule(0);
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#running;
  }

  #schedule(delay: number) {
    if (this.#stopped) return;
    this.#timer = setTimeout(() => {
      this.#running = this.relayOnce()
        .then(() => undefined)
        .catch((error: unknown) => console.error('[notifications] relay failed:', error))
        .finally(() => this.#schedule(this.tickMs));
    }, delay);
  }

  /** Queues the notifications of everything recorded and not notified yet; returns how many rows it took. */
  async relayOnce(): Promise<number> {
    let relayed = 0;
    const store = this.notifier.store;
    for (const operation of await store.endedOperations(batch)) {
      const type = operationEvent(operation);
      const installation =
        type && (await this.repo.getInstallationById(operation.project_id, operation.installation_id));
      if (type && installation) {
        const fields = await this.notifier.installationFields(installation);
        const window =
          type === 'read.backfill.done'
            ? {}
            : {
                ...(operation.since_time ? { fromTimestamp: operation.since_time } : {}),
                untilTimestamp: operation.until_time,
              };
        const errors = errorsOf(operation.errors);
        await this.notifier.emit(operation.project_id, type, {
          ...fields,
          objectName: operation.object_name,
          ...window,
          ...(type === 'read.triggered.error' ? { error: errors.at(-1) ?? 'The read failed.' } : {}),
        });
      }
      await store.markOperationNotified(operation.id);
      relayed++;
    }
    for (const event of await store.connectionEvents(batch)) {
      const connection = await this.repo.getConnection(event.project_id, event.connection_id);
      if (connection && connectionEventKinds.has(event.kind)) {
        const detail = event.detail ?? 'The provider refused the connection.';
        await this.notifier.emit(event.project_id, event.kind as NotificationEventType, {
          ...this.notifier.connectionFields(connection),
          ...(event.kind === 'connection.error' ? { errors: [detail], error: [detail] } : {}),
        });
      }
      await store.markConnectionEventNotified(event.seq);
      relayed++;
    }
    return relayed;
  }
}
