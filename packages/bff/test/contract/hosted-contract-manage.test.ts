import type { Problem } from '@splice/schema';
import { installationSchema, problemSchema } from '@splice/schema';
import { describe, expect, it } from 'vitest';
import { browserHeaders } from '../helpers/sessions.js';
import { useHostedContract } from './contract-setup.js';
import { hostedInstallation } from './hosted-double.js';

/**
 * Managing the group's installation (update, uninstall, pause, resume) against answers shaped as the
 * hosted description allows (hosted-double.ts), with the BFF as against the hosted service.
 */

const contract = useHostedContract({
  scenario: () => ({ installations: { status: 200, body: [hostedInstallation()] } }),
});

// The workspace (the provider account's name) is not among them: the group's own member is shown it.
const secrets = /SECRET|client-123|access|refresh/;
const version = `"${'2026-10-30T08:15:00.123456Z'}"`;

function update(body: unknown, user = 'alice') {
  return fetch(`${contract.bff.url}/integrations/int-nw-sync/installation`, {
    method: 'PATCH',
    headers: browserHeaders(user, { 'Idempotency-Key': crypto.randomUUID(), 'If-Match': version }),
    body: JSON.stringify(body),
  });
}

const scheduleChange = {
  updateMask: ['config.content.read.objects.account'],
  installation: {
    config: {
      content: {
        read: { objects: { account: { objectName: 'account', schedule: '0 * * * *', selectedFields: {} } } },
      },
    },
  },
};

function uninstall(user = 'alice') {
  return fetch(`${contract.bff.url}/integrations/int-nw-sync/installation`, {
    method: 'DELETE',
    headers: browserHeaders(user, { 'Idempotency-Key': crypto.randomUUID() }),
  });
}

function pause(action: 'pause' | 'resume', objectName = 'account', user = 'alice') {
  return fetch(`${contract.bff.url}/integrations/int-nw-sync/objects/${objectName}/${action}`, {
    method: 'POST',
    headers: browserHeaders(user),
    body: '{}',
  });
}

async function problemOf(response: Response): Promise<Problem> {
  expect(response.headers.get('content-type')).toBe('application/problem+json');
  return problemSchema.parse(await response.json());
}

describe('PATCH /integrations/:integrationId/installation with hosted answers', () => {
  it('answers 200 with the documented installation, and sends the description’s updateMask body', async () => {
    const response = await update(scheduleChange);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toMatch(secrets);
    const installation = installationSchema.parse(JSON.parse(text));
    expect(installation.config.content).not.toHaveProperty('subscribe');
    const sent = contract.upstream.calls('update').at(-1);
    expect(sent?.url).toBe(
      '/v1/projects/demo/integrations/int-nw-sync/installations/inst-nw-1?skipSampling=false',
    );
    const body = JSON.parse(sent?.body ?? '{}');
    expect(body.updateMask).toEqual(['config.content.read.objects.account', 'config.createdBy']);
    expect(body.installation.config.createdBy).toBe('consumer:alice');
  });

  it('passes a failed sample read (422, issues without `in` or `detail`) on as 422', async () => {
    contract.upstream.scenario.update = {
      status: 422,
      body: {
        type: 'urn:problem-type:sample-read-failed',
        issues: [{ name: 'installation.config.content.read.objects.account.selectedFields.tier' }],
      },
    };
    const response = await update(scheduleChange);
    expect(response.status).toBe(422);
    expect(await problemOf(response)).toMatchObject({
      type: 'urn:problem-type:sample-read-failed',
      title: 'Unprocessable Content',
    });
  });

  it('passes a 409 without title or status on as 409', async () => {
    contract.upstream.scenario.update = { status: 409, body: { detail: 'Another change is being saved.' } };
    const response = await update(scheduleChange);
    expect(response.status).toBe(409);
    expect(await problemOf(response)).toMatchObject({ status: 409, title: 'Conflict' });
  });
});

describe('DELETE /integrations/:integrationId/installation with hosted answers', () => {
  it('answers 204 after the description’s deleteInstallation', async () => {
    const before = contract.upstream.calls('uninstall').length;
    const response = await uninstall();
    expect(response.status).toBe(204);
    const sent = contract.upstream.calls('uninstall').slice(before);
    expect(sent.map((r) => [r.method, r.url])).toEqual([
      ['DELETE', '/v1/projects/demo/integrations/int-nw-sync/installations/inst-nw-1'],
    ]);
  });

  it('answers 404 from a problem with only a detail (already gone)', async () => {
    contract.upstream.scenario.uninstall = { status: 404, body: { detail: 'No installation inst-nw-1.' } };
    const response = await uninstall();
    expect(response.status).toBe(404);
    expect((await problemOf(response)).status).toBe(404);
  });
});

describe('POST /integrations/:integrationId/objects/:objectName/pause|resume with hosted answers', () => {
  it('pauses and resumes through {read_url}, where the description has :pause and :unpause', async () => {
    expect((await pause('pause')).status).toBe(204);
    expect((await pause('resume')).status).toBe(204);
    const pauseCall = contract.upstream.calls('pause').at(-1);
    const resumeCall = contract.upstream.calls('unpause').at(-1);
    expect(pauseCall?.url).toBe(
      '/read/v1/projects/demo/integrations/int-nw-sync/installations/inst-nw-1:pause',
    );
    expect(resumeCall?.url).toBe(
      '/read/v1/projects/demo/integrations/int-nw-sync/installations/inst-nw-1:unpause',
    );
    // The description's pause body takes a `note`: it records who paused, so the status can say so.
    expect(JSON.parse(pauseCall?.body ?? '{}')).toEqual({ objects: ['account'], note: 'consumer:alice' });
  });

  it('passes a 400 (issue without `in` or `detail`) on as a documented problem, not a 502', async () => {
    contract.upstream.scenario.pause = {
      status: 400,
      body: { detail: 'Unknown object.', issues: [{ name: 'objects' }] },
    };
    const response = await pause('pause', 'lead');
    expect(response.status).toBe(400);
    expect(await problemOf(response)).toMatchObject({ status: 400, detail: 'Unknown object.' });
  });

  it('answers 404 when the group has not installed (nothing sent to pause)', async () => {
    contract.upstream.scenario.installations = { status: 200, body: [] };
    const before = contract.upstream.calls('pause').length;
    const response = await pause('pause');
    expect(response.status).toBe(404);
    expect(contract.upstream.calls('pause')).toHaveLength(before);
  });
});
