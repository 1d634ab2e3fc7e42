import type { ConfigContent, InstallationRequest, Issue } from '@splice/schema';
import { issueTypes } from '@splice/schema';
import { problemError } from '@splice/server-kit';
import type { ServiceDeps } from '../deps.js';
import type { IntegrationWithManifest } from '../lookups/find-integration.js';
import { publicConnection } from '../lookups/public-connection.js';
import { providerCallsFor } from '../provider-calls/provider-calls-for.js';
import { withProviderProblems } from '../provider-calls/provider-problem.js';
import type { Connection, Group, Installation, NewInstallation } from '../store/index.js';
import { ConflictError } from '../store/index.js';
import { checkAgainstManifest, sampleRead } from './check-config.js';

function bodyIssue(name: string, detail: string, value: unknown): Issue {
  return { type: issueTypes.invalidReference, detail, in: 'body', name, value };
}

/**
 * The connection the installation uses: the one named, or the group's default for the provider. With the
 * group it belongs to, which the answer shows.
 */
async function chooseConnection(
  deps: ServiceDeps,
  target: IntegrationWithManifest,
  request: InstallationRequest,
): Promise<{ connection: Connection; group: Group }> {
  const { repo } = deps;
  const { project, integration } = target;
  // Both lookups go out together (one round trip on PostgreSQL); the checks keep their order.
  const [group, connection] = await Promise.all([
    repo.getGroup(project.id, request.groupRef),
    request.connectionId
      ? repo.getConnection(project.id, request.connectionId)
      : repo.getDefaultConnection(project.id, request.groupRef, integration.provider),
  ]);
  if (!group) {
    throw problemError(422, 'groupNotFound', {
      detail: `Project "${project.name}" has no group "${request.groupRef}". A group exists once it has a connection.`,
      issues: [bodyIssue('groupRef', 'No group has this reference.', request.groupRef)],
    });
  }
  if (request.connectionId) {
    if (!connection || connection.groupRef !== request.groupRef) {
      throw problemError(422, 'connectionNotFound', {
        detail: `Group "${request.groupRef}" has no connection "${request.connectionId}".`,
        issues: [bodyIssue('connectionId', 'No connection of this group has this ID.', request.connectionId)],
      });
    }
    return { connection, group };
  }
  if (!connection) {
    throw problemError(422, 'connectionRequired', {
      detail: `Group "${request.groupRef}" has no ${integration.provider} connection yet: connect a ${integration.provider} account first, then install.`,
      issues: [
        bodyIssue('groupRef', `This group has no ${integration.provider} connection.`, request.groupRef),
      ],
      remedy: 'Create a connection for the group through the OAuth connect flow, then retry.',
    });
  }
  return { connection, group };
}

/**
 * On create, a read object config (docs/service-interface.md#installation-record) carries `objectName`, `selectedFields` and
 * `selectedFieldMappings`, possibly as empty maps.
 */
export function normaliseContent(content: ConfigContent): ConfigContent {
  if (!content.read) return content;
  const objects = Object.fromEntries(
    Object.entries(content.read.objects).map(([name, object]) => [
      name,
      {
        ...object,
        selectedFields: object.selectedFields ?? {},
        selectedFieldMappings: object.selectedFieldMappings ?? {},
      },
    ]),
  );
  return { ...content, read: { ...content.read, objects } };
}

export interface CreateInstallationInput {
  target: IntegrationWithManifest;
  request: InstallationRequest;
  skipSampling: boolean;
}

/** A new installation, with the connection and group its answer shows (as stored by the create). */
export interface CreatedInstallation {
  installation: Installation;
  connection: Connection;
  group: Group;
}

/**
 * createInstallation (docs/service-interface.md#create-installation) after its input was validated: every
 * rule, then one durable insert, then the read engine plans the new installation's reads. Planned before
 * the answer, so a status asked for right after it shows the backfills and next runs.
 */
export async function createInstallation(
  deps: ServiceDeps,
  input: CreateInstallationInput,
): Promise<CreatedInstallation> {
  const created = await insertInstallation(deps, input);
  await deps.reads?.installationChanged(created.installation, input.target.manifest);
  return created;
}

async function insertInstallation(
  deps: ServiceDeps,
  input: CreateInstallationInput,
): Promise<CreatedInstallation> {
  const { repo } = deps;
  const { target, request, skipSampling } = input;
  const { project, integration, manifest } = target;
  // The existing-installation check goes out with the connection's lookups; it is answered after them.
  const [{ connection, group }, existing] = await Promise.all([
    chooseConnection(deps, target, request),
    repo.getInstallation(project.id, integration.id, request.groupRef),
  ]);
  // `created` is a fresh (or refreshed) connection not yet used: usable. Only one the provider refused is not.
  if (connection.status === 'bad_credentials') {
    throw problemError(422, 'connectionUnusable', {
      detail: `The connection "${connection.id}" is rejected by the provider (bad credentials): reconnect it, then install.`,
      remedy: 'Reconnect the account (oauth-update), then retry.',
    });
  }
  if (existing) {
    throw problemError(409, 'installationExists', {
      detail: `Group "${request.groupRef}" already has an installation of "${integration.name}": a group installs an integration once.`,
    });
  }
  const manifestIssues = checkAgainstManifest(request.config.content, manifest);
  if (manifestIssues.length) {
    throw problemError(422, 'invalidConfig', {
      detail: `The config does not fit the integration "${integration.name}".`,
      issues: manifestIssues,
    });
  }
  if (!skipSampling) {
    const provider = await providerCallsFor(deps, integration.provider, connection);
    const sampleIssues = await withProviderProblems(() =>
      sampleRead(request.config.content, manifest, provider),
    );
    if (sampleIssues.length) {
      throw problemError(422, 'sampleReadFailed', {
        detail:
          'The sample read refused the config: it names objects or fields the connected account does not have.',
        issues: sampleIssues,
        remedy: 'Fix the named fields, or retry with skipSampling=true to save without the sample read.',
      });
    }
  }
  const createTime = new Date().toISOString();
  const installation: NewInstallation = {
    projectId: project.id,
    integrationId: integration.id,
    groupRef: request.groupRef,
    connectionId: connection.id,
    lastOperationStatus: 'success',
    createdBy: request.config.createdBy,
    createTime,
    config: {
      id: crypto.randomUUID(),
      // Deprecated in the request: the service always records the latest revision (docs/service-interface.md#config).
      revisionId: integration.revisionId,
      createTime,
      createdBy: request.config.createdBy,
      content: normaliseContent(request.config.content),
    },
  };
  try {
    // A request made with the connection worked: `created` becomes `working` (the hosted statuses), in the
    // same transaction. A connection already working needs one insert and no transaction round trips.
    if (connection.status !== 'created') {
      return { installation: await repo.insertInstallation(installation), connection, group };
    }
    const working = { status: 'working' as const, updateTime: createTime };
    const inserted = await repo.transaction(async (tx) => {
      await tx.updateConnection(project.id, connection.id, working);
      return tx.insertInstallation(installation);
    });
    return { installation: inserted, connection: { ...connection, ...working }, group };
  } catch (error) {
    // Two concurrent creates for one group: the unique constraint lets exactly one through.
    if (error instanceof ConflictError) {
      throw problemError(409, 'installationExists', {
        detail: `Group "${request.groupRef}" already has an installation of "${integration.name}".`,
      });
    }
    throw error;
  }
}

/** An installation record as the API returns it (docs/service-interface.md#installation-record), with the connection's secrets left out. */
export async function installationView(
  deps: ServiceDeps,
  installation: Installation,
  known?: { connection: Connection; group: Group },
) {
  const { repo } = deps;
  // A create already holds both (saves a round trip); everything else looks them up.
  const [connection, group] = known
    ? [known.connection, known.group]
    : await Promise.all([
        repo.getConnection(installation.projectId, installation.connectionId),
        repo.getGroup(installation.projectId, installation.groupRef),
      ]);
  return {
    id: installation.id,
    projectId: installation.projectId,
    integrationId: installation.integrationId,
    ...(group ? { group } : {}),
    healthStatus: installation.healthStatus,
    ...(installation.lastOperationStatus ? { lastOperationStatus: installation.lastOperationStatus } : {}),
    connection: connection ? await publicConnection(repo, connection, group) : undefined,
    createTime: installation.createTime,
    ...(installation.updateTime ? { updateTime: installation.updateTime } : {}),
    createdBy: installation.createdBy,
    config: installation.config,
  };
}
