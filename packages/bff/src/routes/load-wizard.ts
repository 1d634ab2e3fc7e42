import type {
  Connection,
  Installation,
  Integration,
  IntegrationDetails,
  ManifestField,
  MappingInput,
  ObjectMetadata,
  PreviousConfig,
  WriteObjectDetails,
} from '@splice/schema';
import { searchableObjects } from '@splice/schema';
import type { Session } from '../schemas/session.js';
import { Abort } from '../upstream/abort.js';
import type { IssueClassifier } from '../upstream/browser-problem.js';
import { browserProblem } from '../upstream/browser-problem.js';
import { mapLimited } from '../upstream/map-limited.js';
import type { CallContext, ServiceClient } from '../upstream/service-client.js';
import { UpstreamFault } from '../upstream/upstream-fault.js';
import { UpstreamProblem } from '../upstream/upstream-problem.js';

const unreadableFields = 'The provider’s fields for this object could not be read. Try again later.';

/** Metadata calls in flight at once for one wizard: a manifest of 50 objects must not take the whole cap. */
const metadataConcurrency = 6;

type Metadata = { metadata: ObjectMetadata; error: null } | { metadata: null; error: string };

function mappingInputs(required: ManifestField[] = [], optional: ManifestField[] = []): MappingInput[] {
  const inputs: MappingInput[] = [];
  for (const [fields, isRequired] of [
    [required, true],
    [optional, false],
  ] as const) {
    for (const field of fields) {
      if (field.mapToName) inputs.push({ ...field, mapToName: field.mapToName, required: isRequired });
    }
  }
  return inputs;
}

/** The group's connection for the provider: the installation's own, else a working one, else any. */
export function chooseConnection(
  connections: Connection[],
  provider: string,
  installation: Installation | null,
): Connection | null {
  if (installation) {
    return connections.find((c) => c.id === installation.connection.id) ?? installation.connection;
  }
  const forProvider = connections.filter((c) => c.provider === provider);
  return forProvider.find((c) => c.status === 'working') ?? forProvider[0] ?? null;
}

export interface LoadWizardInput {
  service: ServiceClient;
  ctx: CallContext;
  integrationId: string;
  session: Session;
  project: string;
  classify: IssueClassifier;
  /** Ask for the group's previous config (the embedded service's extension). Default false. */
  previousConfig?: boolean;
}

/**
 * Gathers the wizard's data in parallel: the integration, the group's installations and connections at
 * once, then each object's metadata as soon as the manifest names it. The first failure aborts the rest.
 * A metadata call the service refuses (e.g. the group has no connection yet) or answers in a shape that
 * cannot be read leaves that object without fields and says why; a transport fault fails the whole
 * answer, since half a wizard would mislead.
 */
export async function loadWizard(input: LoadWizardInput): Promise<IntegrationDetails> {
  const { service, integrationId, session } = input;
  const abort = new Abort({ parent: input.ctx.abort });
  const ctx: CallContext = { ...input.ctx, abort };
  const failFast = <T>(promise: Promise<T>) =>
    promise.catch((error: unknown) => {
      abort.abort(error);
      throw error;
    });

  const integrationCall = failFast(service.getIntegration(ctx, integrationId));
  const installationsCall = failFast(service.listInstallations(ctx, integrationId, session.groupRef));
  const connectionsCall = failFast(service.listConnections(ctx, session.groupRef));
  // A convenience, not a need: a wizard that cannot have it starts from the defaults and still installs.
  const previousCall = input.previousConfig
    ? service.getPreviousConfig(ctx, integrationId, session.groupRef).catch(() => null)
    : Promise.resolve(null);
  // Words only: a provider the service cannot name is shown by its id, never a failed wizard.
  const providerNameCall = integrationCall.then((integration) =>
    service.getProviderDisplayName(ctx, integration.provider).catch(() => integration.provider),
  );
  const metadataCall = integrationCall.then((integration) => {
    const { content } = integration.latestRevision;
    const names = [
      ...new Set([
        ...content.read.objects.map((o) => o.objectName),
        ...(content.write?.objects ?? []).map((o) => o.objectName),
      ]),
    ];
    return failFast(
      mapLimited(names, metadataConcurrency, async (objectName): Promise<[string, Metadata]> => {
        try {
          const metadata = await service.getObjectMetadata(
            ctx,
            integration.provider,
            objectName,
            session.groupRef,
          );
          return [objectName, { metadata, error: null }];
        } catch (error) {
          // One object's unreadable answer costs that object its fields, not the whole wizard.
          if (error instanceof UpstreamFault && error.kind === 'malformed') {
            return [objectName, { metadata: null, error: unreadableFields }];
          }
          if (!(error instanceof UpstreamProblem)) throw error;
          const told = browserProblem(error, input.classify, session, input.project);
          return [objectName, { metadata: null, error: told.init.detail }];
        }
      }),
    ).then((entries) => new Map(entries));
  });

  try {
    const [integration, installations, connections, metadata, providerDisplayName, previousConfig] =
      await Promise.all([
        integrationCall,
        installationsCall,
        connectionsCall,
        metadataCall,
        providerNameCall,
        previousCall,
      ]);
    return assembleWizard(integration, installations, connections, metadata, {
      providerDisplayName,
      previousConfig,
    });
  } finally {
    abort.dispose();
  }
}

function objectFields(objectName: string, displayName: string | undefined, meta: Metadata | undefined) {
  return {
    objectName,
    displayName: displayName ?? meta?.metadata?.displayName ?? objectName,
    fields: meta?.metadata ? Object.values(meta.metadata.fields) : [],
    fieldsError: meta?.error ?? (meta ? null : 'No metadata.'),
    supports: meta?.metadata?.supports ?? null,
  } satisfies WriteObjectDetails;
}

export function assembleWizard(
  integration: Integration,
  installations: Installation[],
  connections: Connection[],
  metadata: Map<string, Metadata>,
  extras: { providerDisplayName?: string; previousConfig?: PreviousConfig | null } = {},
): IntegrationDetails {
  const { content } = integration.latestRevision;
  const installation = installations.find((i) => i.integrationId === integration.id) ?? null;
  const providerDisplayName = extras.providerDisplayName ?? integration.provider;
  return {
    integration: {
      id: integration.id,
      name: integration.name,
      displayName: content.displayName ?? integration.name,
      provider: integration.provider,
      providerDisplayName,
    },
    readObjects: content.read.objects.map((manifest) => ({
      ...objectFields(manifest.objectName, manifest.displayName, metadata.get(manifest.objectName)),
      manifest,
      enabledAlways: manifest.enabled === 'always',
      mappingInputs: mappingInputs(manifest.requiredFields, manifest.optionalFields),
    })),
    writeObjects: (content.write?.objects ?? []).map((manifest) =>
      objectFields(manifest.objectName, manifest.displayName, metadata.get(manifest.objectName)),
    ),
    proxy: { allowed: content.proxy?.enabled === true },
    installation,
    connection: chooseConnection(connections, integration.provider, installation),
    // Only a reinstall starts from it: an installation has settings of its own.
    previousConfig: installation ? null : (extras.previousConfig ?? null),
    // Search runs against the group's installation (the service answers 404 without one), so nothing
    // is searchable before installing, not even an `enabled: always` object.
    searchableObjects: installation ? searchableObjects(content, installation.config.content) : [],
  };
}
