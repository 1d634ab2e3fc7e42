import type { ConfigContent, Issue, ManifestIntegration, ObjectMetadata } from '@splice/schema';
import { problemTypes, resolveFilters, valueFitsType } from '@splice/schema';
import type { Provider } from '../provider/provider-contract.js';

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
  if (content.proxy?.enabled && !manifest.proxy?.enabled) {
    issues.push(issue(`${contentPath}.proxy.enabled`, 'The integration does not allow proxying.', true));
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
export function sampleRead(
  content: ConfigContent,
  manifest: ManifestIntegration,
  provider: Provider,
): Issue[] {
  const issues: Issue[] = [];
  for (const [objectName, objectConfig] of Object.entries(content.read?.objects ?? {})) {
    const base = `${contentPath}.read.objects.${objectName}`;
    const metadata = provider.getObjectMetadata(objectName);
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
    const filterGroups = [
      { path: `${base}.fieldFilters`, filters: objectConfig.fieldFilters ?? [] },
      { path: `${base}.backfill.fieldFilters`, filters: objectConfig.backfill?.fieldFilters ?? [] },
    ];
    const ctx = {
      manifestObject: manifest.read.objects.find((o) => o.objectName === objectName),
      objectConfig,
    };
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
      const read = provider.sampleRead(objectName, [...wanted].filter(has));
      if (!read.ok) {
        for (const field of read.unknownFields) issues.push(fieldIssue(base, objectName, field));
      }
    }
  }
  for (const [objectName, objectConfig] of Object.entries(content.write?.objects ?? {})) {
    const base = `${contentPath}.write.objects.${objectName}`;
    const metadata = provider.getObjectMetadata(objectName);
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
