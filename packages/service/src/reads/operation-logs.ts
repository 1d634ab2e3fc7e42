/**
 * An operation's log in the hosted `Log` shape. The service keeps no log lines of its own for an
 * operation: its record (when it started, how it ended and why) is told as the log's entries.
 */
import type { Operation, OperationLog } from '@splice/schema';

/** An entry with no time of its own says the epoch rather than a made-up time. */
const unknownTime = new Date(0).toISOString();

export function operationLogs(operation: Operation): OperationLog[] {
  const kind = operation.actionType === 'write' ? 'write' : 'read';
  const logs: OperationLog[] = [
    {
      timestamp: operation.createTime ?? unknownTime,
      severity: 'INFO',
      message: { msg: `The ${kind} started.`, operation_id: operation.id },
    },
  ];
  if (operation.status === 'in_progress') return logs;
  const failed = operation.status === 'failure';
  const summary = operation.result ?? (failed ? `The ${kind} failed.` : `The ${kind} succeeded.`);
  logs.push({
    timestamp: operation.endTime ?? operation.updateTime ?? operation.createTime ?? unknownTime,
    severity: failed ? 'ERROR' : 'INFO',
    message: {
      msg: summary,
      operation_id: operation.id,
      ...(failed ? { error: summary } : {}),
    },
  });
  return logs;
}
