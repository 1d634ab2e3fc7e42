import { runHistoryLength } from '@splice/schema';
import { describe, expect, it } from 'vitest';
import type { Operation } from '../upstream/read-shapes.js';
import { buildRunHistory } from './build-run-history.js';

function read(id: string, objectName: string, extra: Partial<Operation> = {}): Operation {
  return {
    id,
    status: 'success',
    createTime: '2026-11-26T10:00:00.000Z',
    endTime: '2026-11-26T10:01:00.000Z',
    metadata: { objects: [objectName], readType: 'scheduled' },
    ...extra,
  };
}

describe('buildRunHistory', () => {
  it("keeps only the object's reads, in the order given (newest first)", () => {
    const history = buildRunHistory('contacts', [
      read('op-3', 'contacts', { metadata: { objects: ['contacts'], readType: 'triggered' } }),
      read('op-2', 'deals'),
      read('op-1', 'contacts', {
        metadata: { objects: ['contacts'], readType: 'backfill', recordsDelivered: 12 },
      }),
    ]);
    expect(history.runs.map((run) => [run.operationId, run.readType])).toEqual([
      ['op-3', 'triggered'],
      ['op-1', 'backfill'],
    ]);
    expect(history.runs[1]).toMatchObject({ recordsDelivered: 12, endTime: '2026-11-26T10:01:00.000Z' });
  });

  it('gives a failure its reason, without the receiver address or secret the service named', () => {
    const history = buildRunHistory('contacts', [
      read('op-1', 'contacts', {
        status: 'failure',
        metadata: {
          objects: ['contacts'],
          readType: 'scheduled',
          errors: ['delivery to https://hooks.builder.example/in failed with whsec_abc123'],
        },
      }),
    ]);
    const reason = history.runs[0]?.reason ?? '';
    expect(reason).toContain('delivery to the receiver failed');
    expect(reason).not.toMatch(/hooks\.builder|whsec_abc123/);
  });

  it('has no end time and no reason while a read runs', () => {
    const [run] = buildRunHistory('contacts', [
      read('op-1', 'contacts', { status: 'in_progress', updateTime: '2026-11-26T10:00:30.000Z' }),
    ]).runs;
    expect(run?.endTime).toBeNull();
    expect(run).not.toHaveProperty('reason');
  });

  it(`keeps the latest ${runHistoryLength} reads`, () => {
    const operations = Array.from({ length: runHistoryLength + 5 }, (_, i) => read(`op-${i}`, 'contacts'));
    const history = buildRunHistory('contacts', operations);
    expect(history.runs).toHaveLength(runHistoryLength);
    expect(history.runs[0]?.operationId).toBe('op-0');
  });
});
