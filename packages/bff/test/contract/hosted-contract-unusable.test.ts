import { describe, expect, it } from 'vitest';
import { browserHeaders } from '../helpers/sessions.js';
import { useHostedContract } from './contract-setup.js';
import type { Answer, Scenario } from './hosted-double.js';
import { hostedInstallation } from './hosted-double.js';

/**
 * An answer the description does not allow (a required member missing or of another type) is the one
 * case where a route answers 502. Then the log must say which operation, where in the answer, what was
 * expected and what type came, never the value. Checked for every route that reads an upstream answer.
 */

const contract = useHostedContract({ bff: { retry: { retries: 0 } }, checkRequests: false });

const start = { attempt: 'attempt-0123456789abcdef', mode: 'popup' };
const installed: Partial<Scenario> = { installations: { status: 200, body: [hostedInstallation()] } };

interface Case {
  route: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  scenario: Partial<Scenario>;
  /** Send an invite (with the default answer) before the case's own request. */
  sentFirst?: boolean;
  operation: string;
  problem: { path: string; expected: string; got: string };
}

const text = (body: string): Answer => ({ status: 200, body, contentType: 'text/plain' });

const cases: Case[] = [
  {
    route: 'GET /integrations/:id',
    method: 'GET',
    path: '/integrations/int-nw-sync',
    scenario: { integration: { status: 200, body: { id: 'int-nw-sync', name: 7 } } },
    operation: 'getIntegration',
    problem: { path: '$.name', expected: 'string', got: 'number' },
  },
  {
    route: 'GET /integrations/:id/connection',
    method: 'GET',
    path: '/integrations/int-nw-sync/connection',
    scenario: { connections: { status: 200, body: { results: [] } } },
    operation: 'listConnections',
    problem: { path: '$', expected: 'array', got: 'object' },
  },
  {
    route: 'POST /integrations/:id/connect',
    method: 'POST',
    path: '/integrations/int-nw-sync/connect',
    body: start,
    scenario: { oauthConnect: text('javascript:alert(1)') },
    operation: 'oauthConnect',
    problem: { path: '$', expected: 'not an absolute http(s) URL', got: 'string' },
  },
  {
    route: 'POST /integrations/:id/reconnect',
    method: 'POST',
    path: '/integrations/int-nw-sync/reconnect',
    body: start,
    scenario: { oauthUpdate: text('see the dashboard') },
    operation: 'oauthUpdate',
    problem: { path: '$', expected: 'not an absolute http(s) URL', got: 'string' },
  },
  {
    route: 'GET /integrations/:id/status (installations)',
    method: 'GET',
    path: '/integrations/int-nw-sync/status',
    scenario: { installations: { status: 200, body: [{ id: 'inst-nw-1', config: 'none' }] } },
    operation: 'listInstallations',
    problem: { path: '$[0].config', expected: 'object', got: 'string' },
  },
  {
    route: 'GET /integrations/:id/status (operations)',
    method: 'GET',
    path: '/integrations/int-nw-sync/status',
    scenario: { ...installed, operations: { status: 200, body: { results: 'none' } } },
    operation: 'listOperations',
    problem: { path: '$.results', expected: 'array', got: 'string' },
  },
  {
    route: 'GET /integrations/:id/status (backfill progress)',
    method: 'GET',
    path: '/integrations/int-nw-sync/status',
    scenario: {
      ...installed,
      backfill: { account: { status: 200, body: { operationId: 'op-1', recordsProcessed: 'many' } } },
    },
    operation: 'getBackfillProgress',
    problem: { path: '$.recordsProcessed', expected: 'number', got: 'string' },
  },
  {
    route: 'POST /integrations/:id/objects/:objectName/read',
    method: 'POST',
    path: '/integrations/int-nw-sync/objects/account/read',
    body: {},
    scenario: { triggerRead: { status: 201, body: { id: 'op-9' } } },
    operation: 'triggerRead',
    problem: { path: '$.operationId', expected: 'string', got: 'missing' },
  },
  {
    route: 'POST /integrations/:id/search',
    method: 'POST',
    path: '/integrations/int-nw-sync/search',
    body: { objectName: 'account', fieldFilters: [{ fieldName: 'name', operator: 'eq', value: 'x' }] },
    // Lists under `results` or `result`, or none at all, are all read; an answer that is a list is not.
    scenario: { search: { status: 200, body: [{ fields: { name: 'none' } }] } },
    operation: 'search',
    problem: { path: '$', expected: 'object', got: 'array' },
  },
  {
    route: 'POST /invites',
    method: 'POST',
    path: '/invites',
    body: { email: 'dana@example.com' },
    scenario: { invite: { status: 201, body: { id: 'inv-1', invitedEmail: ['dana@example.com'] } } },
    operation: 'createInvite',
    problem: { path: '$.invitedEmail', expected: 'string', got: 'array' },
  },
  {
    // Asked upstream only once the group sent an invite: `sentFirst` records one.
    route: 'GET /invites',
    method: 'GET',
    path: '/invites',
    sentFirst: true,
    scenario: { invites: { status: 200, body: { results: 'none' } } },
    operation: 'listInvites',
    problem: { path: '$', expected: 'array', got: 'object' },
  },
];

describe('a 502 for an answer the description does not allow names where it broke, in the log', () => {
  it.each(cases)('$route', async (c) => {
    if (c.sentFirst) {
      const sent = await fetch(`${contract.bff.url}/invites`, {
        method: 'POST',
        headers: browserHeaders('alice'),
        body: JSON.stringify({ email: 'dana@example.com' }),
      });
      expect(sent.status).toBe(201);
    }
    Object.assign(contract.upstream.scenario, c.scenario);
    const logsBefore = contract.bff.logs.length;
    const response = await fetch(`${contract.bff.url}${c.path}`, {
      method: c.method,
      headers: browserHeaders('alice'),
      ...(c.body === undefined ? {} : { body: JSON.stringify(c.body) }),
    });
    expect(response.status, await response.clone().text()).toBe(502);
    const entries = contract.bff.logs.slice(logsBefore);
    const unusable = entries.find((e) => e.msg === 'upstream answer unusable');
    expect(unusable).toMatchObject({ level: 'warn', operation: c.operation });
    expect(unusable?.problems).toContainEqual(c.problem);
    // Types only: no value of the answer reaches the log.
    const logged = JSON.stringify(entries);
    for (const value of ['javascript:alert', 'see the dashboard', 'many', 'none']) {
      expect(logged).not.toContain(value);
    }
  });
});
