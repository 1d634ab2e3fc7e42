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
  /** The last valid backfill: what is sent (the shared history's, unless `ownBackfill`). */
  backfill: BackfillValue | undefined;
  /** The object imports a history of its own instead of the one chosen for every object. */
  ownBackfill: boolean;
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

/** The history every read object imports, unless one has its own (`ReadObjectDraft.ownBackfill`). */
export interface HistoryDraft {
  /** The last valid choice: what each object that follows it sends. */
  value: BackfillValue | undefined;
  /** The picker as the user left it; while it stands for no valid value the objects step is blocked. */
  input?: BackfillDraft | undefined;
}

/** The whole wizard's choices: kept for the wizard's lifetime so back and forth loses nothing. */
export interface WizardDraft {
  history: HistoryDraft;
  read: Record<string, ReadObjectDraft>;
  write: Record<string, WriteObjectDraft>;
  proxyEnabled: boolean;
}
