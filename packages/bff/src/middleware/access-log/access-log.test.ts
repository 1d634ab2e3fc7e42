import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { BffEnv } from '../../env.js';
import type { LogEntry } from '../../log/log-entry.js';
import { accessLog } from './index.js';

describe('accessLog', () => {
  it('logs one line per request with the path but not the query string', async () => {
    const entries: LogEntry[] = [];
    const app = new Hono<BffEnv>()
      .use(accessLog({ log: (entry) => entries.push(entry) }))
      .get('/things', (c) => c.json({}, 404));
    await app.request('/things?email=someone@example.com');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      msg: 'request',
      method: 'GET',
      path: '/things',
      status: 404,
      level: 'warn',
    });
    expect(JSON.stringify(entries)).not.toContain('someone');
  });
});
