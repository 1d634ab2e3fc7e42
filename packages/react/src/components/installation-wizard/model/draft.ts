import type { BackfillDraft, BackfillValue } from '../../backfill-picker/backfill-draft.js';

/** A read filter as the user edits it: the value stays text until the field's type is known. */
export interface FilterDraft {
  /** Stable across reorders so React keys and focus survive adding and removing rows. */
  key: string;
  fieldName: string;
  value: string | number | boolean | '';
}

/** What the user chooses for one object to read (docs/service-interface.md#read-config). */
export interface ReadObjectDraft {
  selected: boolean;
  /** `selectedFieldsAuto: all`. */
  allFields: boolean;
  /** `selectedFields`: provider field name -> read. */
  fields: Record<string, boolean>;
  /** mapToName -> provider field ('' while unmapped). */
  mappings: Record<string, string>;
  /**
   * mapToName -> (provider value -> app value, '' or absent while not mapped). Keyed by the provider's
   * value, since several provider values may stand for one app value and each belongs to one only.
   */
  valueMappings: Record<string, Record<string, string>>;
  schedule: string;
  /** The last valid backfill: what is sent. */
  backfill: BackfillValue | undefined;
  /**
   * The backfill picker as the user left it, the custom text as typed: while it stands for no valid
   * value the step is blocked, so `backfill` is never an older choice sent in its place.
   */
  backfillInput?: BackfillDraft | undefined;
  filters: FilterDraft[];
  /** `disabled`: reads paused. */
  paused: boolean;
  destination: string | undefined;
}

/** A write default as the user edits it; its kind follows the provider field's type. */
export interface FieldDefaultDraft {
  enabled: boolean;
  value: string | number | boolean | '';
  writeOnCreate: 'always' | 'never';
  writeOnUpdate: 'always' | 'never' | 'ifEmpty';
}

/** What the user chooses for one object to write (docs/service-interface.md#write-config). */
export interface WriteObjectDraft {
  selected: boolean;
  deletionEnabled: boolean;
  fields: Record<string, FieldDefaultDraft>;
}

/** The whole wizard's choices: kept for the wizard's lifetime so back and forth loses nothing. */
export interface WizardDraft {
  read: Record<string, ReadObjectDraft>;
  write: Record<string, WriteObjectDraft>;
  proxyEnabled: boolean;
}
