'use client';

import type {
  FieldMetadata,
  IntegrationDetails,
  ReadObjectDetails,
  WriteObjectDetails,
} from '@splice/schema';
import { providerValuesOf } from '@splice/schema';
import { describeSchedule } from '../../../provider/describe-schedule.js';
import type { SpliceMessageKey, SpliceMessages } from '../../../provider/messages.js';
import { formatMessage } from '../../../provider/messages.js';
import { fieldNamed, objectNamed } from '../../shared/named.js';
import { byAppValue } from '../model/build-config.js';
import type { ObjectConfig, WizardChange } from '../model/build-update.js';
import type { ReadObjectDraft, WriteObjectDraft } from '../model/draft.js';
import { fieldIds } from '../model/field-ids.js';
import { objectStep } from '../model/steps.js';
import { validateStep } from '../model/validate.js';
import { historyText } from './history-words.js';
import type { StepViewProps } from './step-props.js';

/** A provider field's display name, and a value of it as the user saw it (a picklist's display value). */
function namesOf(fields: readonly FieldMetadata[]) {
  const field = (fieldName: string) => fieldNamed(fields, fieldName);
  return {
    field: (fieldName: string) => field(fieldName)?.displayName ?? fieldName,
    value: (fieldName: string, value: unknown) =>
      field(fieldName)?.values?.find((v) => v.value === value)?.displayValue ?? String(value),
  };
}

function readSummary(object: ReadObjectDetails, draft: ReadObjectDraft, messages: SpliceMessages): string[] {
  const fieldCount = Object.values(draft.fields).filter(Boolean).length;
  const names = namesOf(object.fields);
  // Both sides in the user's words: the manifest's name for the app field, the provider's for its field.
  const appName = (mapToName: string) => {
    const input = object.mappingInputs.find((i) => i.mapToName === mapToName);
    return input?.mapToDisplayName ?? mapToName;
  };
  const mappings = Object.entries(draft.mappings)
    .filter(([, field]) => field)
    .map(([name, field]) =>
      formatMessage(messages.mappingPair, { app: appName(name), provider: names.field(field) }),
    );
  // The value matches chosen, one line per mapped name, each app value with every provider value behind
  // it: "Values of Stage: New ← Lead, Won ← Customer / Evangelist".
  const valueLines = Object.entries(draft.valueMappings).flatMap(([name, values]) => {
    const appValues = object.mappingInputs.find((i) => i.mapToName === name)?.mappedValues ?? [];
    const order = (app: string) => appValues.findIndex((v) => v.mappedValue === app);
    const picklist = fieldNamed(object.fields, draft.mappings[name])?.values ?? [];
    const picklistOrder = (value: string) => picklist.findIndex((v) => v.value === value);
    const grouped = Object.entries(byAppValue(values)).sort(([a], [b]) => order(a) - order(b));
    const pairs = grouped.map(([app, providerValues]) =>
      formatMessage(messages.mappingPair, {
        app: appValues.find((v) => v.mappedValue === app)?.mappedDisplayValue ?? app,
        provider: [...providerValuesOf(providerValues)]
          .sort((a, b) => picklistOrder(a) - picklistOrder(b))
          .map((value) => names.value(draft.mappings[name] ?? '', value))
          .join(' / '),
      }),
    );
    return pairs.length
      ? [formatMessage(messages.reviewValueMappings, { name: appName(name), values: pairs.join(', ') })]
      : [];
  });
  const filters = draft.filters
    .filter((f) => f.fieldName)
    .map((f) => `${names.field(f.fieldName)} = ${names.value(f.fieldName, f.value)}`);
  return [
    `${draft.allFields ? messages.reviewAllFields : formatMessage(messages.reviewFieldCount, { count: fieldCount }, messages.locale)}, ${historyText(draft.backfill, messages)}`,
    formatMessage(messages.reviewSchedule, {
      description: describeSchedule(draft.schedule, messages) ?? draft.schedule,
    }),
    ...(mappings.length ? [formatMessage(messages.reviewMappings, { mappings: mappings.join(', ') })] : []),
    ...valueLines,
    ...(filters.length ? [formatMessage(messages.reviewFilters, { filters: filters.join(' and ') })] : []),
    ...(draft.paused ? [messages.reviewPaused] : []),
    // No destination line: it is the builder's endpoint name (no display name exists), nothing the user
    // chose or can act on.
  ];
}

/** `read` -> `Read`: a word of a message key. */
const capital = (word: string) => `${word[0]?.toUpperCase()}${word.slice(1)}`;

/**
 * One line of "What will change": the object, and when it changes, each changed part in words; the
 * short ones (schedule, backfill, pause, deletion) with their value before and after.
 */
function changeText(change: WizardChange, wizard: IntegrationDetails, messages: SpliceMessages): string {
  const onOff = (on: boolean | undefined) => (on ? messages.reviewOn : messages.reviewOff);
  if (change.kind === 'proxy')
    return formatMessage(messages.reviewChangeProxy, { state: onOff(change.enabled) });
  const { kind, before, after } = change;
  const parts = change.parts.map((part) => {
    const shown = (config: ObjectConfig = {}) => {
      const cron = config.schedule ?? '';
      return part === 'schedule'
        ? (describeSchedule(cron, messages) ?? cron)
        : part === 'backfill'
          ? // Built by buildConfigContent from a draft: the backfill is the draft's own value.
            historyText((config as Pick<ReadObjectDraft, 'backfill'>).backfill, messages)
          : onOff(part === 'paused' ? config.disabled : config.deletionSettings?.enabled);
    };
    return formatMessage(messages[`reviewChanged${capital(part)}` as SpliceMessageKey], {
      before: shown(before),
      after: shown(after),
    });
  });
  const object = objectNamed(kind === 'read' ? wizard.readObjects : wizard.writeObjects, change.objectName);
  const key = `reviewChange${capital(kind)}${change.change === 'changed' ? '' : capital(change.change)}`;
  return formatMessage(messages[key as SpliceMessageKey], {
    object: object?.displayName ?? change.objectName,
    parts: parts.join(', '),
  });
}

/** When a default is written, as the write step's choice named it ("Only if empty"). */
function whenText(when: 'always' | 'never' | 'ifEmpty', messages: SpliceMessages): string {
  return when === 'ifEmpty'
    ? messages.writeIfEmpty
    : when === 'never'
      ? messages.writeNever
      : messages.writeAlways;
}

function writeSummary(
  object: WriteObjectDetails,
  draft: WriteObjectDraft,
  messages: SpliceMessages,
): string[] {
  const names = namesOf(object.fields);
  const defaults = Object.entries(draft.fields)
    .filter(([, s]) => s.enabled && s.value !== '')
    .map(
      ([field, s]) =>
        `${names.field(field)} = ${names.value(field, s.value)} (${formatMessage(messages.reviewDefaultWhen, {
          create: whenText(s.writeOnCreate, messages),
          update: whenText(s.writeOnUpdate, messages),
        })})`,
    );
  return [
    formatMessage(messages.reviewDeletion, {
      state: draft.deletionEnabled ? messages.reviewOn : messages.reviewOff,
    }),
    ...(defaults.length ? [formatMessage(messages.reviewDefaults, { defaults: defaults.join(', ') })] : []),
  ];
}

/** A readable summary of what will be read and written, each part with a way back to edit it. */
export function ReviewStep(props: StepViewProps) {
  const { state, messages } = props;
  const { wizard, draft } = state;
  if (!wizard || !draft) return null;
  const reads = wizard.readObjects.filter((o) => o.enabledAlways || draft.read[o.objectName]?.selected);
  const writes = wizard.writeObjects.filter((o) => draft.write[o.objectName]?.selected);
  // An object's name, marked as the progress marks its step when that holds a value to fix (the line
  // below would show it as typed), and the way back to edit it.
  const objectHeading = (kind: 'read' | 'write', object: { objectName: string; displayName: string }) => {
    const target = state.steps.findIndex((s) => s.id === objectStep(kind, object.objectName).id);
    const step = state.steps[target];
    const toFix = step && Object.keys(validateStep(step, wizard, draft)).length > 0;
    return (
      <>
        <strong>{object.displayName}</strong>
        {toFix && <span data-part="progress-invalid"> {messages.wizardStepInvalid}</span>}{' '}
        {step && (
          <button
            type="button"
            data-part="button"
            onClick={() => state.goTo(target)}
            aria-label={`${messages.reviewEdit} ${object.displayName}`}
          >
            {messages.reviewEdit}
          </button>
        )}
      </>
    );
  };
  return (
    <div data-part="step-body" data-field-id={fieldIds.review}>
      {state.mode === 'edit' && (
        <section data-part="changes" aria-label={messages.reviewChanges}>
          <h4>{messages.reviewChanges}</h4>
          {state.changes.length === 0 ? (
            <p>{messages.reviewNoChanges}</p>
          ) : (
            <ul>
              {state.changes.map((change) => (
                <li key={change.kind === 'proxy' ? change.kind : `${change.kind}-${change.objectName}`}>
                  {changeText(change, wizard, messages)}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      <section data-part="summary" aria-label={messages.reviewReads}>
        <h4>{messages.reviewReads}</h4>
        {reads.length === 0 ? (
          <p>{messages.reviewNothing}</p>
        ) : (
          <ul>
            {reads.map((o) => (
              <li key={o.objectName}>
                {objectHeading('read', o)}
                <ul>
                  {readSummary(o, draft.read[o.objectName] as ReadObjectDraft, messages).map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section data-part="summary" aria-label={messages.reviewWrites}>
        <h4>{messages.reviewWrites}</h4>
        {writes.length === 0 ? (
          <p>{messages.reviewNothing}</p>
        ) : (
          <ul>
            {writes.map((o) => (
              <li key={o.objectName}>
                {objectHeading('write', o)}
                <ul>
                  {writeSummary(o, draft.write[o.objectName] as WriteObjectDraft, messages).map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </section>
      {wizard.proxy.allowed && (
        <p>
          {formatMessage(messages.reviewProxy, {
            state: draft.proxyEnabled ? messages.reviewOn : messages.reviewOff,
          })}
        </p>
      )}
    </div>
  );
}
