import type { ConfigContent, InstallationUpdate, Issue, UpdateMask } from '@splice/schema';
import { configContentSchema, issueTypes, parseUpdateMask, toIssues } from '@splice/schema';
import { problemError, validationError } from '@splice/server-kit';
import type { ServiceDeps } from '../deps.js';
import type { IntegrationWithManifest } from '../lookups/find-integration.js';
import { providerCallsFor } from '../provider-calls/provider-calls-for.js';
import { withProviderProblems } from '../provider-calls/provider-problem.js';
import type { Connection, Installation } from '../store/index.js';
import { checkAgainstManifest, sampleRead } from './check-config.js';
import { normaliseContent } from './create-installation.js';
import { checkVersion, nextVersionTime, staleEdit } from './installation-version.js';
import { previousConfigKeeping } from './previous-config.js';

function bodyIssue(name: string, detail: string, value?: unknown): Issue {
  return {
    type: issueTypes.invalidProperty,
    detail,
    in: 'body',
    name,
    ...(value === undefined ? {} : { value }),
  };
}

/** Each mask understood, or a 400 naming every `updateMask[i]` that is not one of the hosted masks. */
function parseMasks(paths: string[]): UpdateMask[] {
  const issues: Issue[] = [];
  const masks: UpdateMask[] = [];
  const seen = new Set<string>();
  paths.forEach((path, index) => {
    const mask = parseUpdateMask(path);
    if (!mask) {
      issues.push(
        bodyIssue(
          `updateMask[${index}]`,
          'Not a field this service can update: use connectionId, config.createdBy, config.content.read.objects.<object>, config.content.write.objects, config.content.write.objects.<object> or config.content.proxy.enabled.',
          path,
        ),
      );
    } else if (seen.has(path)) {
      issues.push(bodyIssue(`updateMask[${index}]`, 'This path is listed twice.', path));
    } else masks.push(mask);
    seen.add(path);
  });
  if (issues.length) throw validationError(issues);
  return masks;
}

const own = <T>(record: Record<string, T> | undefined, key: string): T | undefined =>
  record && Object.hasOwn(record, key) ? record[key] : undefined;

/** The new content: the current one with each masked part replaced; a 400 for a mask without a value. */
function applyMasks(current: ConfigContent, masks: UpdateMask[], update: InstallationUpdate): ConfigContent {
  const sent = update.installation.config?.content;
  const missing: Issue[] = [];
  const need = (name: string) =>
    missing.push(
      bodyIssue(`installation.${name}`, 'The update mask names this field, so send its new value.'),
    );
  let next: ConfigContent = { ...current };
  for (const mask of masks) {
    switch (mask.kind) {
      case 'readObject': {
        const value = own(sent?.read?.objects, mask.objectName);
        if (!value) need(`config.content.read.objects.${mask.objectName}`);
        else next = { ...next, read: { objects: { ...next.read?.objects, [mask.objectName]: value } } };
        break;
      }
      case 'writeObject': {
        const value = own(sent?.write?.objects, mask.objectName);
        if (!value) need(`config.content.write.objects.${mask.objectName}`);
        else next = { ...next, write: { objects: { ...next.write?.objects, [mask.objectName]: value } } };
        break;
      }
      case 'writeObjects':
        if (!sent?.write) need('config.content.write.objects');
        else next = { ...next, write: { objects: sent.write.objects } };
        break;
      case 'proxyEnabled':
        if (!sent?.proxy) need('config.content.proxy.enabled');
        else next = { ...next, proxy: { enabled: sent.proxy.enabled } };
        break;
      case 'connectionId':
        if (update.installation.connectionId === undefined) need('connectionId');
        break;
      case 'createdBy':
        if (update.installation.config?.createdBy === undefined) need('config.createdBy');
        break;
    }
  }
  if (missing.length) throw validationError(missing);
  // Each part was valid on its own; the whole must still be a config (e.g. within the map limits).
  const whole = configContentSchema.safeParse(next);
  if (!whole.success) {
    throw validationError(toIssues(whole.error.issues, next, 'body', 'installation.config.content'));
  }
  return normaliseContent(whole.data);
}

/** A connection of the installation's own group and provider that works. */
async function chooseConnection(
  deps: ServiceDeps,
  target: IntegrationWithManifest,
  installation: Installation,
  connectionId: string,
): Promise<Connection> {
  const connection = await deps.repo.getConnection(target.project.id, connectionId);
  if (
    !connection ||
    connection.groupRef !== installation.groupRef ||
    connection.provider !== target.integration.provider
  ) {
    throw problemError(422, 'connectionNotFound', {
      detail: `Group "${installation.groupRef}" has no ${target.integration.provider} connection "${connectionId}".`,
      issues: [
        {
          type: issueTypes.invalidReference,
          detail: 'No connection of this group and provider has this ID.',
          in: 'body',
          name: 'installation.connectionId',
          value: connectionId,
        },
      ],
    });
  }
  if (connection.status === 'bad_credentials') {
    throw problemError(422, 'connectionUnusable', {
      detail: `The connection "${connection.id}" is rejected by the provider (bad credentials): reconnect it first.`,
      remedy: 'Reconnect the account (oauth-update), then retry.',
    });
  }
  return connection;
}

/** The content with only the read objects the masks replace; undefined when they replace none. */
function changedReadObjects(content: ConfigContent, masks: UpdateMask[]): ConfigContent | undefined {
  const names = masks.flatMap((mask) => (mask.kind === 'readObject' ? [mask.objectName] : []));
  if (names.length === 0 || !content.read) return undefined;
  const objects = Object.fromEntries(names.map((name) => [name, content.read!.objects[name]!]));
  return { provider: content.provider, read: { objects } };
}

/** Issues of the whole-config checks point into the update's body. */
const inUpdate = (issues: Issue[]): Issue[] =>
  issues.map((issue) => ({ ...issue, name: `installation.${issue.name}` }));

export interface UpdateInstallationInput {
  target: IntegrationWithManifest;
  installation: Installation;
  update: InstallationUpdate;
  skipSampling: boolean;
  /** The version (`If-Match`) the caller started from; undefined: no precondition. */
  expectedVersion: string | undefined;
}

/**
 * updateInstallation (docs/service-interface.md#update-installation): the masked parts replaced, the same
 * checks as a create, then one write that keeps the replaced config as a revision, then the read engine
 * plans again before the answer: a disabled object has stopped and a new one's backfill is queued.
 */
export async function updateInstallation(
  deps: ServiceDeps,
  input: UpdateInstallationInput,
): Promise<Installation> {
  const updated = await replaceInstallation(deps, input);
  await deps.reads?.installationChanged(updated, input.target.manifest);
  return updated;
}

async function replaceInstallation(deps: ServiceDeps, input: UpdateInstallationInput): Promise<Installation> {
  const { target, installation, update, skipSampling, expectedVersion } = input;
  const { integration, manifest } = target;
  const masks = parseMasks(update.updateMask);
  const content = applyMasks(installation.config.content, masks, update);
  checkVersion(installation, expectedVersion);
  const changes = new Set(masks.map((mask) => mask.kind));
  const connectionId =
    changes.has('connectionId') && update.installation.connectionId !== undefined
      ? (await chooseConnection(deps, target, installation, update.installation.connectionId)).id
      : installation.connectionId;
  const manifestIssues = checkAgainstManifest(content, manifest);
  if (manifestIssues.length) {
    throw problemError(422, 'invalidConfig', {
      detail: `The config does not fit the integration "${integration.name}".`,
      issues: inUpdate(manifestIssues),
    });
  }
  // The sample read covers the read objects this update replaces: the others passed theirs (or were saved
  // with skipSampling on purpose) and an unrelated edit should not be refused for them.
  const sampled = changedReadObjects(content, masks);
  if (!skipSampling && sampled) {
    const provider = await providerCallsFor(deps, integration.provider, () =>
      deps.repo.getConnection(installation.projectId, connectionId),
    );
    const sampleIssues = await withProviderProblems(() => sampleRead(sampled, manifest, provider));
    if (sampleIssues.length) {
      throw problemError(422, 'sampleReadFailed', {
        detail:
          'The sample read refused the config: it names objects or fields the connected account does not have.',
        issues: inUpdate(sampleIssues),
        remedy: 'Fix the named fields, or retry with skipSampling=true to save without the sample read.',
      });
    }
  }
  const updateTime = nextVersionTime(installation);
  const createdBy =
    changes.has('createdBy') && update.installation.config?.createdBy !== undefined
      ? update.installation.config.createdBy
      : installation.config.createdBy;
  const next: Installation = {
    ...installation,
    connectionId,
    updateTime,
    config: {
      id: crypto.randomUUID(),
      // As on create: the latest revision of the integration, whatever the request says.
      revisionId: integration.revisionId,
      createTime: updateTime,
      createdBy,
      content,
    },
  };
  // The write checks the version again: another update may have landed since this one read it.
  const version = installation.updateTime ?? installation.createTime;
  if (!(await deps.repo.replaceInstallation(next, version))) {
    const now = await deps.repo.getInstallationById(installation.projectId, installation.id);
    if (!now) throw problemError(404, 'installationNotFound', 'The installation was deleted meanwhile.');
    throw staleEdit(now);
  }
  return next;
}

/**
 * deleteInstallation: the installation, its revisions and read state, and its connection when no other
 * installation uses it (as the hosted service does); then its reads stop. Its config is kept as the
 * group's previous config of the integration (`previous-config.ts`), in the same transaction.
 */
export async function deleteInstallation(
  deps: ServiceDeps,
  installation: Installation,
  expectedVersion: string | undefined,
): Promise<void> {
  checkVersion(installation, expectedVersion);
  const uninstallTime = new Date();
  const { deleted } = await deps.repo.deleteInstallation(
    installation.projectId,
    installation.id,
    previousConfigKeeping(uninstallTime),
  );
  if (!deleted) throw problemError(404, 'installationNotFound', 'The installation was deleted meanwhile.');
  await deps.reads?.forgetInstallation(installation.id);
}
