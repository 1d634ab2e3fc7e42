import type { ConfigContent, Issue, ManifestIntegration, ObjectMetadata } from '@splice/schema';
import { fieldMappings, problemTypes, providerValuesOf, resolveFilters, valueFitsType } from '@splice/schema';
import type { ProviderCalls } from '../provider-calls/provider-calls.js';

const contentPath = 'config.content';

function issue(name: string, detail: string, value: unknown, type = problemTypes.invalidConfig.type): Issue {
  return { type, detail, in: 'body', name, ...(value === undefined ? {} : { value }) };
}

/**
 * Checks a config against the integration's manifest (docs/service-interface.md#create-installation: 422, "the config is invalid for the
 * provider"): the provider must be the integration's, and only objects the manifest declares may be read
 * or written. These checks run whatever `skipSampling` says: they need no call to the provider.
 */
export function checkAgainstManifest(content: ConfigContent, manifest: ManifestIntegration): Issue[] {
  const issues: Issue[] = [];
  if (content.provider !== manifest.provider) {
    issues.push(
      issue(
        `${contentPath}.provider`,
        `The integration "${manifest.name}" uses provider "${manifest.provider}", not "${content.provider}".`,
        content.provider,
      ),
    );
  }
  const readable = new Set(manifest.read.objects.map((o) => o.objectName));
  for (const objectName of Object.keys(content.read?.objects ?? {})) {
    if (!readable.has(objectName)) {
      issues.push(
        issue(
          `${contentPath}.read.objects.${objectName}`,
          `The manifest does not read "${objectName}"; it reads ${[...readable].join(', ')}.`,
          objectName,
        ),
      );
    }
  }
  const writable = new Set(manifest.write?.objects.map((o) => o.objectName) ?? []);
  for (const objectName of Object.keys(content.write?.objects ?? {})) {
    if (!writable.has(objectName)) {
      issues.push(
        issue(
          `${contentPath}.write.objects.${objectName}`,
          writable.size
            ? `The manifest does not write "${objectName}"; it writes ${[...writable].join(', ')}.`
            : 'The manifest declares no objects to write.',
          objectName,
        ),
      );
    }
  }
  for (const [objectName, objectConfig] of Object.entries(content.read?.objects ?? {})) {
    const manifestObject = manifest.read.objects.find((o) => o.objectName === objectName);
    if (manifestObject) issues.push(...unknownAppValues(objectName, objectConfig, manifestObject));
  }
  if (content.proxy?.enabled && !manifest.proxy?.enabled) {
    issues.push(issue(`${contentPath}.proxy.enabled`, 'The integration does not allow proxying.', true));
  }
  return issues;
}

type ReadObjectConfig = NonNullable<ConfigContent['read']>['objects'][string];
type ManifestReadObject = ManifestIntegration['read']['objects'][number];

/**
 * Value mappings name app values the manifest lists: a field whose manifest entry lists `mappedValues`
 * delivers only those, so any other key would deliver a value the builder's app does not know.
 */
function unknownAppValues(
  objectName: string,
  objectConfig: ReadObjectConfig,
  manifestObject: ManifestReadObject,
): Issue[] {
  const issues: Issue[] = [];
  const fields = [...(manifestObject.requiredFields ?? []), ...(manifestObject.optionalFields ?? [])];
  for (const [mapToName, mapping] of Object.entries(objectConfig.selectedValueMappings ?? {})) {
    const listed = fields.find((f) => f.mapToName === mapToName)?.mappedValues?.map((v) => v.mappedValue);
    if (!listed?.length) continue;
    for (const appValue of Object.keys(mapping)) {
      if (listed.includes(appValue)) continue;
      issues.push(
        issue(
          `${contentPath}.read.objects.${objectName}.selectedValueMappings.${mapToName}.${appValue}`,
          `"${appValue}" is not a value of "${mapToName}"; the manifest lists ${listed.join(', ')}.`,
          appValue,
        ),
      );
    }
  }
  return issues;
}

/**
 * Value mappings name provider values the provider's picklist has: a value it never holds would map no
 * record, and usually is a typo or a value since renamed in the CRM.
 */
function unknownProviderValues(
  base: string,
  objectConfig: ReadObjectConfig,
  manifestObject: ManifestReadObject | undefined,
  metadata: ObjectMetadata,
): Issue[] {
  const issues: Issue[] = [];
  const mappings = fieldMappings({ manifestObject, objectConfig });
  for (const [mapToName, mapping] of Object.entries(objectConfig.selectedValueMappings ?? {})) {
    const providerField = mappings.get(mapToName)?.providerField;
    const picklist = providerField ? fieldOf(metadata, providerField)?.values : undefined;
    if (!providerField || !picklist?.length) continue;
    const known = new Set(picklist.map((v) => v.value));
    for (const [appValue, values] of Object.entries(mapping)) {
      providerValuesOf(values).forEach((providerValue, index) => {
        if (known.has(providerValue)) return;
        const at = typeof values === 'string' ? '' : `[${index}]`;
        issues.push(
          issue(
            `${base}.selectedValueMappings.${mapToName}.${appValue}${at}`,
            `The provider's "${providerField}" has no value "${providerValue}".`,
            providerValue,
            problemTypes.sampleReadFailed.type,
          ),
        );
      });
    }
  }
  return issues;
}

/** A provider field by name; own keys only, so "toString" is not taken for a field of every object. */
function fieldOf(metadata: ObjectMetadata, name: string) {
  return Object.hasOwn(metadata.fields, name) ? metadata.fields[name] : undefined;
}

function fieldIssue(name: string, objectName: string, fieldName: string): Issue {
  return issue(
    name,
    `The provider's "${objectName}" object has no field "${fieldName}" visible to the connected user.`,
    fieldName,
    problemTypes.sampleReadFailed.type,
  );
}

function typeMatches(value: string | number | boolean | undefined, field: ObjectMetadata['fields'][string]) {
  return value === undefined || valueFitsType(value, field.valueType);
}

/**
 * The sample read (docs/service-interface.md#create-installation, `skipSampling`): one real record read from the provider per read object that
 * is not paused, asking for the selected fields, the source fields of the mappings and the filtered
 * fields. An object or field the provider lacks is refused with an issue naming where the config uses it.
 */
export async function sampleRead(
  content: ConfigContent,
  manifest: ManifestIntegration,
  provider: ProviderCalls,
): Promise<Issue[]> {
  const issues: Issue[] = [];
  // Every object's fields at once (a catalog provider answers each over HTTP), each asked for once.
  const objectNames = new Set([
    ...Object.keys(content.read?.objects ?? {}),
    ...Object.keys(content.write?.objects ?? {}),
  ]);
  const described = new Map(
    await Promise.all(
      [...objectNames].map(async (name) => [name, await provider.objectMetadata(name)] as const),
    ),
  );
  for (const [objectName, objectConfig] of Object.entries(content.read?.objects ?? {})) {
    const base = `${contentPath}.read.objects.${objectName}`;
    const metadata = described.get(objectName);
    if (!metadata) {
      issues.push(
        issue(
          base,
          `The provider has no object "${objectName}".`,
          objectName,
          problemTypes.sampleReadFailed.type,
        ),
      );
      continue;
    }
    const has = (field: string) => Object.hasOwn(metadata.fields, field);
    for (const field of Object.keys(objectConfig.selectedFields ?? {})) {
      if (!has(field)) issues.push(fieldIssue(`${base}.selectedFields.${field}`, objectName, field));
    }
    for (const [mapToName, field] of Object.entries(objectConfig.selectedFieldMappings ?? {})) {
      if (!has(field))
        issues.push(fieldIssue(`${base}.selectedFieldMappings.${mapToName}`, objectName, field));
    }
    const manifestObject = manifest.read.objects.find((o) => o.objectName === objectName);
    issues.push(...unknownProviderValues(base, objectConfig, manifestObject, metadata));
    const filterGroups = [
      { path: `${base}.fieldFilters`, filters: objectConfig.fieldFilters ?? [] },
      { path: `${base}.backfill.fieldFilters`, filters: objectConfig.backfill?.fieldFilters ?? [] },
    ];
    const ctx = { manifestObject, objectConfig };
    for (const { path, filters } of filterGroups) {
      resolveFilters(filters, ctx).forEach(({ field, value }, index) => {
        const metadataField = fieldOf(metadata, field.providerField);
        if (!metadataField)
          issues.push(fieldIssue(`${path}[${index}].fieldName`, objectName, field.requestedName));
        // The type is checked on the value as the config gives it, before any value mapping.
        else if (!typeMatches(value, metadataField)) {
          issues.push(
            issue(
              `${path}[${index}].value`,
              `"${field.requestedName}" is a ${metadataField.valueType} field: the value must be of that type.`,
              value,
              problemTypes.sampleReadFailed.type,
            ),
          );
        }
      });
    }
    // The read itself, with the fields the config would read (docs/service-interface.md#create-installation: one sample record per
    // scheduled read object; a paused object is not read).
    if (!objectConfig.disabled) {
      const wanted = new Set([
        ...Object.keys(objectConfig.selectedFields ?? {}),
        ...Object.values(objectConfig.selectedFieldMappings ?? {}),
      ]);
      const read = await provider.sampleRead(objectName, [...wanted].filter(has));
      if (!read.ok) {
        for (const field of read.unknownFields) issues.push(fieldIssue(base, objectName, field));
      }
    }
  }
  for (const [objectName, objectConfig] of Object.entries(content.write?.objects ?? {})) {
    const base = `${contentPath}.write.objects.${objectName}`;
    const metadata = described.get(objectName);
    if (!metadata) {
      issues.push(issue(base, `The provider has no object "${objectName}".`, objectName));
      continue;
    }
    const fieldMaps = {
      selectedFieldSettings: objectConfig.selectedFieldSettings ?? {},
      selectedValueDefaults: objectConfig.selectedValueDefaults ?? {},
    };
    for (const [mapName, settings] of Object.entries(fieldMaps)) {
      for (const [field, setting] of Object.entries(settings)) {
        const name = `${base}.${mapName}.${field}`;
        const metadataField = fieldOf(metadata, field);
        if (!metadataField) issues.push(fieldIssue(name, objectName, field));
        else if (metadataField.readOnly)
          issues.push(issue(name, `"${field}" is read-only in the provider.`, field));
        else {
          const value = 'value' in setting ? setting.value : defaultValueOf(setting.default);
          if (!typeMatches(value, metadataField)) {
            issues.push(
              issue(
                name,
                `"${field}" is a ${metadataField.valueType} field: its default must be of that type.`,
                value,
              ),
            );
          }
        }
      }
    }
  }
  return issues;
}

function defaultValueOf(
  value: { stringValue?: string; integerValue?: number; booleanValue?: boolean } | undefined,
) {
  return value?.stringValue ?? value?.integerValue ?? value?.booleanValue;
}
