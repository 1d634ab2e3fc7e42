import type { FieldValueMapping, IntegrationDetails, MappingInput, ReadObjectDetails } from '@splice/schema';
import { providerValuesOf } from '@splice/schema';
import type { BackfillValue } from '../../backfill-picker/backfill-draft.js';
import type { FilterDraft, ReadObjectDraft, WizardDraft, WriteObjectDraft } from './draft.js';

/** What a builder may preset per read object (and lock, so the user sees but cannot change it). */
export interface ReadObjectPreset {
  destination?: string;
  schedule?: string;
  backfill?: ReadObjectDraft['backfill'];
  selected?: boolean;
}

export interface DraftPresets {
  read?: Record<string, ReadObjectPreset>;
  /** A default schedule for every read object that has none in the manifest or the preset. */
  defaultSchedule?: string;
}

let filterKeySeq = 0;
/** A key for a new filter row; unique within the page. */
export function newFilterKey(): string {
  filterKeySeq += 1;
  return `filter-${filterKeySeq}`;
}

type InstalledReadObject = {
  schedule?: string;
  disabled?: boolean;
  destination?: string;
  selectedFields?: Record<string, boolean>;
  selectedFieldMappings?: Record<string, string>;
  selectedValueMappings?: Record<string, FieldValueMapping>;
  selectedFieldsAuto?: 'all';
  backfill?: { defaultPeriod: { days?: number; fullHistory?: boolean } };
  fieldFilters?: Array<{ fieldName: string; value?: string | number | boolean }>;
};

/** A saved value mapping (app value -> provider values) as the draft keeps it: provider value -> app value. */
function byProviderValue(input: MappingInput, saved: FieldValueMapping | undefined): Record<string, string> {
  const appValues = new Set(input.mappedValues?.map((v) => v.mappedValue));
  const draft: Record<string, string> = {};
  for (const [appValue, providerValues] of Object.entries(saved ?? {})) {
    if (!appValues.has(appValue)) continue;
    for (const providerValue of providerValuesOf(providerValues)) draft[providerValue] ??= appValue;
  }
  return draft;
}

function initialRead(
  object: ReadObjectDetails,
  preset: ReadObjectPreset,
  installed: InstalledReadObject | undefined,
  presets: DraftPresets,
  hasInstallation: boolean,
  history: BackfillValue | undefined,
): ReadObjectDraft {
  const manifest = object.manifest;
  const requiredFieldNames = (manifest.requiredFields ?? []).flatMap((f) =>
    f.fieldName && !f.mapToName ? [f.fieldName] : [],
  );
  const optionalFieldNames = (manifest.optionalFields ?? []).flatMap((f) =>
    f.fieldName && !f.mapToName ? [f.fieldName] : [],
  );
  const fields: Record<string, boolean> = installed?.selectedFields
    ? { ...installed.selectedFields }
    : Object.fromEntries([...requiredFieldNames, ...optionalFieldNames].map((name) => [name, true]));
  const mappings: Record<string, string> = {};
  const valueMappings: Record<string, Record<string, string>> = {};
  for (const input of object.mappingInputs) {
    mappings[input.mapToName] = installed?.selectedFieldMappings?.[input.mapToName] ?? input.fieldName ?? '';
    if (input.mappedValues?.length) {
      valueMappings[input.mapToName] = byProviderValue(
        input,
        installed?.selectedValueMappings?.[input.mapToName],
      );
    }
  }
  // A fresh install follows the history chosen for every object; a builder's preset, or an installed
  // history other than the shared one, is the object's own.
  const own = preset.backfill ?? (installed ? installedBackfill(object, installed) : undefined);
  const ownBackfill =
    (preset.backfill !== undefined || installed !== undefined) && backfillKey(own) !== backfillKey(history);
  const backfill = ownBackfill ? own : history;
  const filters: FilterDraft[] = (installed?.fieldFilters ?? []).map((f) => ({
    key: newFilterKey(),
    fieldName: f.fieldName,
    value: f.value ?? '',
  }));
  return {
    // An installation's own objects are the ones it reads; a fresh install starts from the presets.
    selected: object.enabledAlways || (hasInstallation ? installed !== undefined : preset.selected !== false),
    allFields: installed
      ? installed.selectedFieldsAuto === 'all'
      : // The manifest reads every field of its own accord: so does a fresh install, whatever it requires
        // (a required field alone would leave Deals reading only its amount).
        manifest.optionalFieldsAuto === 'all',
    fields,
    mappings,
    valueMappings,
    schedule:
      preset.schedule ??
      installed?.schedule ??
      manifest.schedule ??
      presets.defaultSchedule ??
      '*/15 * * * *',
    backfill,
    ownBackfill,
    filters,
    paused: installed?.disabled ?? false,
    destination: preset.destination ?? installed?.destination ?? manifest.destination,
  };
}

type Period = { days?: number; fullHistory?: boolean };

/** A backfill as the draft keeps it (full history, or a number of days), or undefined for none given. */
function backfillOf(period: Period | undefined): BackfillValue | undefined {
  if (!period) return undefined;
  return period.fullHistory
    ? { defaultPeriod: { fullHistory: true } }
    : { defaultPeriod: { days: period.days ?? 0 } };
}

/** An installed object's history; one installed without any imports what its manifest asks. */
function installedBackfill(
  object: ReadObjectDetails,
  installed: InstalledReadObject,
): BackfillValue | undefined {
  return backfillOf(installed.backfill?.defaultPeriod ?? object.manifest.backfill?.defaultPeriod);
}

/** One word per history, so two choices compare equal when they import the same records. */
function backfillKey(value: BackfillValue | undefined): string {
  if (!value) return 'none';
  return 'fullHistory' in value.defaultPeriod ? 'full' : `${value.defaultPeriod.days}`;
}

/** How far back a history reaches: full history beyond any number of days. */
function reach(value: BackfillValue): number {
  return 'fullHistory' in value.defaultPeriod ? Number.POSITIVE_INFINITY : value.defaultPeriod.days;
}

/**
 * The history shared by every object. An installation's is the one most of its objects import (the
 * others keep theirs as exceptions); a fresh install takes the furthest the manifest asks of any object,
 * so no object imports less than its manifest wants unless the user says so.
 */
function sharedHistory(
  wizard: IntegrationDetails,
  installedObjects: Record<string, InstalledReadObject> | undefined,
): BackfillValue | undefined {
  if (installedObjects) {
    const counts = new Map<string, { value: BackfillValue | undefined; count: number }>();
    for (const object of wizard.readObjects) {
      const installed = installedObjects[object.objectName];
      if (!installed) continue;
      const value = installedBackfill(object, installed);
      const entry = counts.get(backfillKey(value)) ?? { value, count: 0 };
      counts.set(backfillKey(value), { value, count: entry.count + 1 });
    }
    const [first] = [...counts.values()].sort((a, b) => b.count - a.count);
    if (first) return first.value;
  }
  const asked = wizard.readObjects.flatMap((object) => {
    const value = backfillOf(object.manifest.backfill?.defaultPeriod);
    return value ? [value] : [];
  });
  return asked.sort((a, b) => reach(b) - reach(a))[0];
}

/** Where a draft without an installation starts: the settings the group had before uninstalling, or the defaults. */
export type DraftStart = 'previous' | 'defaults';

/**
 * The draft a wizard opens with: the group's installation when it has one; else, unless `start` is
 * `defaults`, the settings the group had when it last uninstalled (so a reinstall picks up where it left
 * off); else the manifest's defaults. The builder's presets go on top of each.
 */
export function initialDraft(
  wizard: IntegrationDetails,
  presets: DraftPresets = {},
  start: DraftStart = 'previous',
): WizardDraft {
  const installedContent =
    wizard.installation?.config.content ??
    (start === 'previous' ? wizard.previousConfig?.content : undefined);
  const installedObjects = installedContent?.read?.objects as Record<string, InstalledReadObject> | undefined;
  const history = sharedHistory(wizard, installedObjects);
  const read = Object.fromEntries(
    wizard.readObjects.map((object) => [
      object.objectName,
      initialRead(
        object,
        presets.read?.[object.objectName] ?? {},
        installedObjects?.[object.objectName],
        presets,
        installedContent !== undefined,
        history,
      ),
    ]),
  );
  const write = Object.fromEntries(
    wizard.writeObjects.map((object): [string, WriteObjectDraft] => {
      const installed = installedContent?.write?.objects[object.objectName];
      return [
        object.objectName,
        {
          selected: installed !== undefined,
          deletionEnabled: installed?.deletionSettings?.enabled ?? false,
          fields: Object.fromEntries(
            Object.entries(installed?.selectedFieldSettings ?? {}).map(([name, setting]) => [
              name,
              {
                enabled: setting.default !== undefined,
                value:
                  setting.default?.stringValue ??
                  setting.default?.integerValue ??
                  setting.default?.booleanValue ??
                  '',
                writeOnCreate: setting.writeOnCreate,
                writeOnUpdate: setting.writeOnUpdate,
              },
            ]),
          ),
        },
      ];
    }),
  );
  return {
    history: { value: history },
    read,
    write,
    proxyEnabled: installedContent?.proxy?.enabled ?? false,
  };
}
