import { type Operation, operationLogSchema } from '@splice/schema';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { operationLogs } from './operation-logs.js';

const base: Operation = {
  id: 'op-1',
  projectId: 'p',
  integrationId: 'i',
  installationId: 'in',
  configId: 'c',
  actionType: 'read',
  status: 'in_progress',
  metadata: {},
  createTime: '2026-11-27T01:00:00.000Z',
  updateTime: '2026-11-27T01:00:05.000Z',
};

describe("an operation's log", () => {
  it('has its start only while it runs', () => {
    const logs = z.array(operationLogSchema).parse(operationLogs(base));
    expect(logs).toEqual([
      {
        timestamp: base.createTime,
        severity: 'INFO',
        message: { msg: 'The read started.', operation_id: 'op-1' },
      },
    ]);
  });

  it('ends with the failure and its reason as an error entry', () => {
    const failed = {
      ...base,
      status: 'failure' as const,
      result: 'HubSpot refused the token.',
      endTime: '2026-11-27T01:01:00.000Z',
    };
    const logs = operationLogs(failed);
    expect(logs[1]).toEqual({
      timestamp: failed.endTime,
      severity: 'ERROR',
      message: { msg: failed.result, operation_id: 'op-1', error: failed.result },
    });
  });

  it("ends with a write's success as information", () => {
    const logs = operationLogs({ ...base, actionType: 'write', status: 'success' });
    expect(logs.map((log) => log.message.msg)).toEqual(['The write started.', 'The write succeeded.']);
    expect(logs[1]?.timestamp).toBe(base.updateTime);
  });
});
