import type { Issue, ObjectMetadata, SearchRequest, SearchResultItem } from '@splice/schema';
import {
  fieldMappings,
  limits,
  problemTypes,
  readObjectConfigSchema,
  resolveFilters,
  searchability,
} from '@splice/schema';
import { problemError } from '@splice/server-kit';
import type { ServiceDeps } from '../deps.js';
import type { IntegrationWithManifest } from '../lookups/find-integration.js';
import { providerCallsFor } from '../provider-calls/provider-calls-for.js';
import { type FieldIssue, withProviderProblems } from '../provider-calls/provider-problem.js';
import { type RecordShaping, recordShaper } from '../records/record-shaping.js';

export interface SearchInput {
  target: IntegrationWithManifest;
  groupRef: string;
  request: SearchRequest;
}

/** Search (docs/service-interface.md#search): searchability rules 1-4, mapped names, value mappings, one page. */
export async function searchRecords(
  deps: ServiceDeps,
  input: SearchInput,
): Promise<{ results: SearchResultItem[] }> {
  const { repo } = deps;
  const { target, groupRef, request } = input;
  const { project, integration, manifest } = target;
  // Both lookups go out together (one round trip on PostgreSQL); an unknown group is still answered first.
  const [group, installation] = await Promise.all([
    repo.getGroup(project.id, groupRef),
    repo.getInstallation(project.id, integration.id, groupRef),
  ]);
  if (!group) {
    throw problemError(404, 'groupNotFound', `Project "${project.name}" has no group "${groupRef}".`);
  }
  if (!installation) {
    throw problemError(404, 'installationNotFound', {
      detail: `Group "${groupRef}" has no installation of "${integration.name}": install it before searching.`,
    });
  }
  const content = installation.config.content as { read?: { objects: Record<string, unknown> } };
  const objects = content.read?.objects ?? {};
  // Own keys only: "toString" or "__proto__" must not find Object.prototype's members.
  const rawObjectConfig = Object.hasOwn(objects, request.objectName)
    ? objects[request.objectName]
    : undefined;
  const objectConfig =
    rawObjectConfig === undefined ? undefined : readObjectConfigSchema.parse(rawObjectConfig);
  const verdict = searchability(
    request.objectName,
    manifest,
    objectConfig ? { read: { objects: { [request.objectName]: objectConfig } } } : undefined,
  );
  if (!verdict.searchable) {
    const objectIssue: Issue = {
      type: problemTypes.objectNotSearchable.type,
      detail:
        verdict.reason === 'not-in-manifest'
          ? `"${request.objectName}" is not an object the integration reads.`
          : `Reading "${request.objectName}" is paused (disabled) in this installation.`,
      in: 'body',
      name: 'objectName',
      value: request.objectName,
    };
    throw problemError(422, 'objectNotSearchable', { detail: objectIssue.detail, issues: [objectIssue] });
  }

  const calls = await providerCallsFor(deps, integration.provider, () =>
    repo.getConnection(project.id, installation.connectionId),
  );
  const ctx = {
    manifestObject: manifest.read.objects.find((o) => o.objectName === request.objectName),
    objectConfig,
  };
  const resolved = resolveFilters(request.fieldFilters, ctx);
  // A field the provider refuses is named as the filter the request gave it in.
  const filterIssue: FieldIssue = (providerField) => {
    const index = resolved.findIndex(({ field }) => field.providerField === providerField);
    return index < 0
      ? undefined
      : unknownFieldIssue(request.objectName, resolved[index]!.field.requestedName, index);
  };
  return withProviderProblems(async () => {
    const metadata = await calls.objectMetadata(request.objectName);
    if (!metadata) {
      throw problemError(422, 'objectNotSearchable', `The provider has no object "${request.objectName}".`);
    }
    const issues: Issue[] = [];
    resolved.forEach(({ field }, index) => {
      if (!Object.hasOwn(metadata.fields, field.providerField)) {
        issues.push(unknownFieldIssue(request.objectName, field.requestedName, index));
      }
    });
    if (issues.length) {
      throw problemError(422, 'unknownField', {
        detail: 'Some filters name fields that do not exist.',
        issues,
      });
    }
    const filters = resolved.map(({ field, providerValue }) => ({
      fieldName: field.providerField,
      value: providerValue,
    }));
    const records = await calls.search(request.objectName, filters, {
      limit: limits.searchPage,
      fields: fieldsToRead(metadata, ctx),
    });
    return { results: records.map(recordShaper(ctx)) };
  }, filterIssue);
}

function unknownFieldIssue(objectName: string, requestedName: string, index: number): Issue {
  return {
    type: problemTypes.unknownField.type,
    detail: `"${requestedName}" is neither a mapped name nor a field of the provider's "${objectName}".`,
    in: 'body',
    name: `fieldFilters[${index}].fieldName`,
    value: requestedName,
  };
}

/**
 * The provider fields a result needs: the ones it shows and the sources of its mapped fields; every field
 * the object has when the installation reads them all (a provider's default set would leave some out).
 */
function fieldsToRead(metadata: ObjectMetadata, shaping: RecordShaping): string[] {
  const selected = Object.entries(shaping.objectConfig?.selectedFields ?? {}).filter(([, on]) => on);
  if (!shaping.objectConfig || shaping.objectConfig.selectedFieldsAuto === 'all' || selected.length === 0) {
    return Object.keys(metadata.fields);
  }
  const wanted = new Set([
    ...selected.map(([name]) => name),
    ...[...fieldMappings(shaping).values()].map((mapping) => mapping.providerField),
  ]);
  return [...wanted].filter((name) => Object.hasOwn(metadata.fields, name));
}
