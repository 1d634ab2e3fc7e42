/**
 * Every operation the embedded service serves, sent both to the service and to Prism mocks of the hosted
 * service's public description (github.com/amp-labs/openapi), which check each request they receive
 * against it: the requests a hosted client would send are the requests the service answers.
 *
 *   pnpm check:hosted:service --spec-dir <checkout of amp-labs/openapi> [--prism <prism binary>]
 *
 * The Prism helpers are the BFF's (`pnpm check:hosted`): the same mocks, the same reading of their logs.
 * Each line says the service's status (and whether it is the expected one) and Prism's request violations.
 * Exit code 1 when any request breaks the description or the service answers other than expected.
 */
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLocalProviders } from '@splice/provider-emulators';
import {
  freePort,
  type Mock,
  parseArgs,
  readBlocks,
  settle,
  startMock,
  withoutShadowingOperation,
} from '../../bff/scripts/check-hosted.js';
import { providerAppsFromEnv } from '../src/config.js';
import { demoConnectionGrants } from '../src/demo-data.js';
import { startService } from '../src/start-service.js';

type Prefix = 'api' | 'read' | 'search' | 'write';

interface Check {
  name: string;
  prefix: Prefix;
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** The statuses the service should answer with. */
  expect: number[];
  /** Prism routes `{connectionId}:oauth-update` to `{connectionId}`: this one goes to a mock without it. */
  oauthAction?: boolean;
}

const servicePrefix: Record<Prefix, string> = {
  api: '/v1',
  read: '/read/v1',
  search: '/search/v1',
  write: '/write/v1',
};

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const files = ['api/api.yaml', 'api/read.yaml', 'api/search.yaml', 'api/write.yaml'];
  for (const file of files) {
    if (!existsSync(join(args.specDir, file))) {
      throw new Error(`${join(args.specDir, file)} is missing: pass a checkout of amp-labs/openapi`);
    }
  }
  const copy = mkdtempSync(join(tmpdir(), 'check-hosted-service-'));
  cpSync(args.specDir, copy, { recursive: true, filter: (source) => !source.includes('node_modules') });
  // A second copy of api.yaml without the operation that shadows `:oauth-update`, for that one request.
  const actions = join(copy, 'api/api-oauth-actions.yaml');
  cpSync(join(copy, 'api/api.yaml'), actions);
  console.log(`For :oauth-update: ${withoutShadowingOperation(actions)}.`);
  const ports = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort()]);
  console.log('Starting Prism mocks (the first run may download prism-cli)...');
  const [api, apiActions, read, search, write] = (await Promise.all([
    startMock('api', join(copy, 'api/api.yaml'), ports[0] as number, args.prism),
    startMock('api (oauth actions)', actions, ports[1] as number, args.prism),
    startMock('read', join(copy, 'api/read.yaml'), ports[2] as number, args.prism),
    startMock('search', join(copy, 'api/search.yaml'), ports[3] as number, args.prism),
    startMock('write', join(copy, 'api/write.yaml'), ports[4] as number, args.prism),
  ])) as [Mock, Mock, Mock, Mock, Mock];
  const mocks = [api, apiActions, read, search, write];
  const providers = await startLocalProviders({});
  const dataDir = mkdtempSync(join(tmpdir(), 'check-hosted-service-data-'));
  const service = await startService({
    port: 0,
    dataDir,
    runReads: false,
    runWrites: false,
    providerApps: providerAppsFromEnv(providers.env),
    demoConnections: demoConnectionGrants((provider) => providers.issueTokens(provider)),
  });
  const key = { 'x-api-key': service.apiKey };
  const bearer = { authorization: `Bearer ${service.authToken}` };
  let failed = false;
  try {
    async function run(check: Check): Promise<unknown> {
      const mock = check.oauthAction ? apiActions : { api, read, search, write }[check.prefix];
      const headers = {
        ...key,
        ...(check.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...check.headers,
      };
      const init = {
        method: check.method,
        headers,
        ...(check.body === undefined ? {} : { body: JSON.stringify(check.body) }),
      };
      const before = mocks.map((m) => m.lines.length);
      const [answer] = await Promise.all([
        fetch(`${service.url}${servicePrefix[check.prefix]}${check.path}`, init),
        fetch(`${mock.url}${check.path}`, init).then((r) => r.arrayBuffer()),
      ]);
      const text = await answer.text();
      await settle(mocks);
      const seen = readBlocks(mocks.flatMap((m, i) => m.lines.slice(before[i])));
      const expected = check.expect.includes(answer.status);
      if (!expected || seen.requestViolations.length > 0) failed = true;
      console.log(
        `${expected && seen.requestViolations.length === 0 ? 'ok  ' : 'FAIL'} ${check.name.padEnd(26)} ${check.method.padEnd(6)} ` +
          `${check.path.slice(0, 70).padEnd(70)} service ${answer.status}${expected ? '' : ` (expected ${check.expect.join(' or ')})`}  request violations ${seen.requestViolations.length}`,
      );
      for (const violation of seen.requestViolations) console.log(`       ✖ ${violation}`);
      if (!expected) console.log(`       answer: ${text.slice(0, 300)}`);
      return (answer.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text;
    }

    const project = '/projects/demo';
    const integration = `${project}/integrations/hubspot-sync`;
    const connection = 'conn-acme-hubspot';
    const found = (await run({
      name: 'getIntegration',
      prefix: 'api',
      method: 'GET',
      path: integration,
      expect: [200],
    })) as {
      latestRevision: { id: string };
    };
    await run({ name: 'listProviders', prefix: 'api', method: 'GET', path: '/providers', expect: [200] });
    await run({
      name: 'getProvider',
      prefix: 'api',
      method: 'GET',
      path: '/providers/hubspot',
      expect: [200],
    });
    await run({
      name: 'getProject',
      prefix: 'api',
      method: 'GET',
      path: `${project}?includeEntitlements=true`,
      expect: [200],
    });
    await run({
      name: 'listProviderApps',
      prefix: 'api',
      method: 'GET',
      path: `${project}/provider-apps`,
      expect: [200],
    });
    await run({
      name: 'listIntegrations',
      prefix: 'api',
      method: 'GET',
      path: `${project}/integrations`,
      expect: [200],
    });
    await run({
      name: 'getHydratedRevision',
      prefix: 'api',
      method: 'GET',
      path: `${integration}/revisions/${found.latestRevision.id}:hydrate?connectionId=${connection}`,
      expect: [200],
    });
    await run({
      name: 'listConnections',
      prefix: 'api',
      method: 'GET',
      path: `${project}/connections?groupRef=acme&provider=hubspot&consumerRef=builder`,
      expect: [200],
    });
    await run({
      name: 'getConnection',
      prefix: 'api',
      method: 'GET',
      path: `${project}/connections/${connection}`,
      expect: [200],
    });
    await run({
      name: 'updateConnection',
      prefix: 'api',
      method: 'PATCH',
      path: `${project}/connections/${connection}`,
      body: { updateMask: ['providerWorkspaceRef'], connection: { providerWorkspaceRef: 'Acme Corp' } },
      expect: [200],
    });
    await run({
      name: 'generateConnection',
      prefix: 'api',
      method: 'POST',
      path: `${project}/connections:generate`,
      body: { groupRef: 'initech', consumerRef: 'dana', provider: 'hubspot', apiKey: 'a-key' },
      expect: [422],
    });
    await run({
      name: 'oauthConnect',
      prefix: 'api',
      method: 'POST',
      path: '/oauth-connect',
      body: { projectIdOrName: 'demo', provider: 'hubspot', groupRef: 'initech', consumerRef: 'dana' },
      expect: [200],
    });
    await run({
      name: 'oauthUpdate',
      prefix: 'api',
      method: 'PATCH',
      path: `${project}/connections/${connection}:oauth-update`,
      expect: [200],
      oauthAction: true,
    });
    await run({
      name: 'getObjectMetadataForInstallation',
      prefix: 'api',
      method: 'GET',
      path: `${integration}/objects/contacts/metadata?groupRef=acme&excludeReadOnly=true`,
      expect: [200],
    });
    await run({
      name: 'getObjectMetadataForConnection',
      prefix: 'api',
      method: 'GET',
      path: `${project}/providers/hubspot/objects/contacts/metadata?groupRef=acme`,
      expect: [200],
    });
    const contacts = {
      objectName: 'contacts',
      schedule: '*/15 * * * *',
      destination: 'contactsWebhook',
      selectedFields: { email: true, firstname: true },
      selectedFieldMappings: { surname: 'lastname', stage: 'hs_lead_status' },
      backfill: { defaultPeriod: { days: 30 } },
    };
    const installation = (await run({
      name: 'createInstallation',
      prefix: 'api',
      method: 'POST',
      path: `${integration}/installations?skipSampling=true`,
      body: {
        groupRef: 'acme',
        connectionId: connection,
        config: {
          createdBy: 'consumer:builder',
          content: {
            provider: 'hubspot',
            read: { objects: { contacts } },
            write: { objects: { contacts: { objectName: 'contacts', deletionSettings: { enabled: true } } } },
            proxy: { enabled: true },
          },
        },
      },
      expect: [201],
    })) as { id: string };
    const one = `${integration}/installations/${installation.id}`;
    await run({
      name: 'listInstallations',
      prefix: 'api',
      method: 'GET',
      path: `${integration}/installations?groupRef=acme`,
      expect: [200],
    });
    await run({
      name: 'listInstallationsForProject',
      prefix: 'api',
      method: 'GET',
      path: `${project}/installations?groupRef=acme`,
      expect: [200],
    });
    await run({ name: 'getInstallation', prefix: 'api', method: 'GET', path: one, expect: [200] });
    await run({
      name: 'updateInstallation',
      prefix: 'api',
      method: 'PATCH',
      path: `${one}?skipSampling=true`,
      body: {
        updateMask: ['config.content.read.objects.contacts'],
        installation: {
          config: { content: { read: { objects: { contacts: { ...contacts, schedule: '0 * * * *' } } } } },
        },
      },
      expect: [200],
    });
    const triggered = (await run({
      name: 'triggerRead',
      prefix: 'read',
      method: 'POST',
      path: `${integration}/objects/contacts`,
      body: { groupRef: 'acme', mode: 'async' },
      expect: [201],
    })) as { operationId: string };
    await run({
      name: 'listOperations',
      prefix: 'api',
      method: 'GET',
      path: `${one}/operations?pageSize=10`,
      expect: [200],
    });
    await run({
      name: 'getOperation',
      prefix: 'api',
      method: 'GET',
      path: `${project}/operations/${triggered.operationId}`,
      expect: [200],
    });
    await run({
      name: 'listOperationLogs',
      prefix: 'api',
      method: 'GET',
      path: `${project}/operations/${triggered.operationId}/logs`,
      expect: [200],
    });
    await run({
      name: 'getBackfillProgress',
      prefix: 'api',
      method: 'GET',
      path: `${one}/objects/contacts/backfill-progress`,
      // The read engine is off here: the backfill is planned but may not have begun.
      expect: [200, 404],
    });
    await run({
      name: 'pauseReads',
      prefix: 'read',
      method: 'POST',
      path: `${one}:pause`,
      body: { objects: ['contacts'] },
      expect: [204],
    });
    await run({
      name: 'unpauseReads',
      prefix: 'read',
      method: 'POST',
      path: `${one}:unpause`,
      body: { objects: ['contacts'] },
      expect: [204],
    });
    await run({
      name: 'searchRecords',
      prefix: 'search',
      method: 'POST',
      path: `${integration}?groupRef=acme`,
      headers: { 'x-svc-request-type': 'search' },
      body: {
        objectName: 'contacts',
        fieldFilters: [{ fieldName: 'email', operator: 'eq', value: 'nobody@example.com' }],
      },
      expect: [200],
    });
    await run({
      name: 'writeRecords',
      prefix: 'write',
      method: 'POST',
      path: `${integration}/objects/contacts`,
      body: {
        groupRef: 'acme',
        type: 'create',
        mode: 'synchronous',
        record: { email: 'check-hosted@example.com' },
      },
      expect: [200],
    });
    const destination = {
      name: 'checkHostedWebhook',
      type: 'webhook',
      metadata: { url: 'https://example.com/hook' },
    };
    await run({
      name: 'createDestination',
      prefix: 'api',
      method: 'POST',
      path: `${project}/destinations`,
      body: destination,
      expect: [201],
    });
    await run({
      name: 'listDestinations',
      prefix: 'api',
      method: 'GET',
      path: `${project}/destinations`,
      expect: [200],
    });
    await run({
      name: 'getDestination',
      prefix: 'api',
      method: 'GET',
      path: `${project}/destinations/${destination.name}`,
      expect: [200],
    });
    await run({
      name: 'updateDestination',
      prefix: 'api',
      method: 'PATCH',
      path: `${project}/destinations/${destination.name}`,
      body: { updateMask: ['metadata.url'], destination: { metadata: { url: 'https://example.com/other' } } },
      expect: [200],
    });
    await run({
      name: 'deleteDestination',
      prefix: 'api',
      method: 'DELETE',
      path: `${project}/destinations/${destination.name}`,
      expect: [204],
    });
    const invite = (await run({
      name: 'createOrgInvite',
      prefix: 'api',
      method: 'POST',
      path: '/orgs/org-demo/invites',
      headers: bearer,
      body: { email: 'check-hosted@example.com' },
      expect: [201],
    })) as { id: string };
    await run({
      name: 'listOrgInvites',
      prefix: 'api',
      method: 'GET',
      path: '/orgs/org-demo/invites',
      headers: bearer,
      expect: [200],
    });
    await run({
      name: 'deleteOrgInvite',
      prefix: 'api',
      method: 'DELETE',
      path: `/orgs/org-demo/invites/${invite.id}`,
      headers: bearer,
      expect: [204],
    });
    await run({ name: 'deleteInstallation', prefix: 'api', method: 'DELETE', path: one, expect: [204] });
    await run({
      name: 'deleteConnection',
      prefix: 'api',
      method: 'DELETE',
      path: `${project}/connections/conn-globex-salesforce`,
      expect: [204],
    });
  } finally {
    await service.close();
    await providers.close();
    for (const mock of mocks) mock.process.kill('SIGTERM');
    rmSync(copy, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(
    failed
      ? '\nSome requests failed (see above).'
      : '\nEvery request was answered as expected; none broke the description.',
  );
  process.exitCode = failed ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
