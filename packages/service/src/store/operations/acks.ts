/**
 * Messages the receiver acknowledged. Acknowledgements arriving together share one transaction (one commit,
 * one fsync on SQLite): each `markDelivered` joins the batch that commits on the next turn of the event loop
 * and resolves once it is committed. A crash before the commit only means those messages are sent again,
 * with their ids.
 */
import { type Delivery, streamKey } from '../../reads/operation-store.js';
import { step } from '../access.js';
import type { OperationTables } from './context.js';
import { chunks, inList } from './sql.js';

interface Ack {
  delivery: Delivery;
  now: string;
}

export class Acknowledgements {
  readonly #tables: OperationTables;
  #batch: Ack[] = [];
  #committed: Promise<void> | undefined;

  constructor(tables: OperationTables) {
    this.#tables = tables;
  }

  add(delivery: Delivery, now: string): Promise<void> {
    this.#batch.push({ delivery, now });
    this.#committed ??= new Promise<void>((resolve, reject) => {
      setImmediate(() => {
        const batch = this.#batch;
        this.#batch = [];
        this.#committed = undefined;
        this.#commit(batch).then(resolve, reject);
      });
    });
    return this.#committed;
  }

  /**
   * Deletes the messages still pending (the body is not kept: a delivered message is only a count from here
   * on) and adds the counts of those it deleted to their operations and streams in SQL, so two instances
   * acknowledging messages of one operation both count, and a message another instance settled meanwhile
   * (its claim ran out and that instance delivered it) is not counted twice.
   */
  async #commit(batch: Ack[]): Promise<void> {
    const { db, bodies } = this.#tables;
    for (const { delivery } of batch) bodies.forget(delivery.id);
    // ISO times sort chronologically: the batch's latest stamps the operations it counts on.
    const now = batch
      .map((ack) => ack.now)
      .sort()
      .at(-1)!;
    await db.atomically(function* () {
      const operations = new Map<string, { messages: number; records: number }>();
      const streams = new Map<string, { installationId: string; objectName: string; records: number }>();
      for (const run of chunks(batch.map((ack) => ack.delivery.id))) {
        const gone = yield* step<{
          operation_id: string;
          installation_id: string;
          object_name: string;
          num_records: number;
        }>(
          `DELETE FROM deliveries WHERE id IN ${inList(run.length)} AND status = 'pending'
           RETURNING operation_id, installation_id, object_name, num_records`,
          ...run,
        );
        for (const row of gone.rows) {
          const records = Number(row.num_records);
          const operation = operations.get(row.operation_id) ?? { messages: 0, records: 0 };
          operation.messages += 1;
          operation.records += records;
          operations.set(row.operation_id, operation);
          const key = streamKey(row.installation_id, row.object_name);
          const stream = streams.get(key) ?? {
            installationId: row.installation_id,
            objectName: row.object_name,
            records: 0,
          };
          stream.records += records;
          streams.set(key, stream);
        }
      }
      // In one order, so two instances' batches wait for each other's rows rather than deadlock.
      for (const [id, counts] of [...operations].sort(([a], [b]) => (a < b ? -1 : 1))) {
        yield* step(
          `UPDATE read_operations SET messages_delivered = messages_delivered + ?,
             records_delivered = records_delivered + ?, update_time = ?
           WHERE id = ?`,
          counts.messages,
          counts.records,
          now,
          id,
        );
      }
      for (const [, stream] of [...streams].sort(([a], [b]) => (a < b ? -1 : 1))) {
        yield* step(
          `UPDATE read_objects SET records_delivered = records_delivered + ?
           WHERE installation_id = ? AND object_name = ?`,
          stream.records,
          stream.installationId,
          stream.objectName,
        );
      }
    });
  }
}
