'use client';

import type { FieldMetadata, ReadObjectDetails, WriteObjectDetails } from '@splice/schema';
import { describeSchedule } from '../../../provider/describe-schedule.js';
import type { SpliceMessageKey, SpliceMessages } from '../../../provider/messages.js';
import { formatMessage } from '../../../provider/messages.js';
import { fieldNamed, objectNamed } from '../../shared/named.js';
import type { ReadObjectConfig, WizardChange } from '../model/build-update.js';
import type { ReadObjectDraft, WriteObjectDraft } from '../model/draft.js';
import type { ReadPart } from '../model/field-ids.js';
import { fieldIds } from '../model/field-ids.js';
import type { WizardStepId } from '../model/steps.js';
import { objectStep } from '../model/steps.js';
import type { StepViewProps } from './step-props.js';

function backfillText(draft: ReadObjectDraft, messages: SpliceMessages): string {
  const period = draft.backfill?.defaultPeriod;
  if (period && 'fullHistory' in period) return messages.reviewBackfillFull;
  if (period && period.days > 0)
    return formatMessage(messages.reviewBackfillDays, { days: period.days }, messages.locale);
  return messages.reviewBackfillNone;
}

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
    .map(([name, field]) => `${appName(name)} ← ${names.field(field)}`);
  // The value matches chosen, one line per mapped name: "Values of Stage: New ← Lead, Won ← Customer".
  const valueLines = Object.entries(draft.valueMappings).flatMap(([name, values]) => {
    const appValues = object.mappingInputs.find((i) => i.mapToName === name)?.mappedValues ?? [];
    const pairs = Object.entries(values)
      .filter(([, value]) => value)
      .map(
        ([app, value]) =>
          `${appValues.find((v) => v.mappedValue === app)?.mappedDisplayValue ?? app} ← ${names.value(draft.mappings[name] ?? '', value)}`,
      );
    return pairs.length
      ? [formatMessage(messages.reviewValueMappings, { name: appName(name), values: pairs.join(', ') })]
      : [];
  });
  const filters = draft.filters
    .filter((f) => f.fieldName)
    .map((f) => `${names.field(f.fieldName)} = ${names.value(f.fieldName, f.value)}`);
  return [
    `${draft.allFields ? messages.reviewAllFields : formatMessage(messages.reviewFieldCount, { count: fieldCount }, messages.locale)}, ${backfillText(draft, messages)}`,
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

/** One changed part of a read object in words; the schedule's template shows it before and after. */
function changedPart(part: ReadPart, change: WizardChange & { kind: 'read' }, messages: SpliceMessages) {
  const schedule = (config: ReadObjectConfig | undefined) => {
    const cron = config?.schedule ?? '';
    return describeSchedule(cron, messages) ?? cron;
  };
  const key = `reviewChanged${part[0]?.toUpperCase()}${part.slice(1)}` as SpliceMessageKey;
  return formatMessage(messages[key], { before: schedule(change.before), after: schedule(change.after) });
}

function writeSummary(
  object: WriteObjectDetails,
  draft: WriteObjectDraft,
  messages: SpliceMessages,
): string[] {
  const names = namesOf(object.fields);
  const defaults = Object.entries(draft.fields)
    .filter(([, s]) => s.enabled && s.value !== '')
    .map(([field, s]) => `${names.field(field)} = ${names.value(field, s.value)}`);
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
  const stepIndexOf = (id: WizardStepId) => state.steps.findIndex((s) => s.id === id);
  const editButton = (id: WizardStepId, label: string) => {
    const target = stepIndexOf(id);
    return target >= 0 ? (
      <button
        type="button"
        data-part="button"
        onClick={() => state.goTo(target)}
        aria-label={`${messages.reviewEdit} ${label}`}
      >
        {messages.reviewEdit}
      </button>
    ) : null;
  };
  const displayName = (objectName: string) =>
    objectNamed(wizard.readObjects, objectName)?.displayName ?? objectName;
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
                <li key={change.kind === 'read' ? `read-${change.objectName}` : change.kind}>
                  {change.kind === 'read'
                    ? formatMessage(
                        change.change === 'added'
                          ? messages.reviewChangeReadAdded
                          : change.change === 'stopped'
                            ? messages.reviewChangeReadStopped
                            : messages.reviewChangeRead,
                        {
                          object: displayName(change.objectName),
                          parts: change.parts.map((part) => changedPart(part, change, messages)).join(', '),
                        },
                      )
                    : change.kind === 'write'
                      ? messages.reviewChangeWrite
                      : formatMessage(messages.reviewChangeProxy, {
                          state: change.enabled ? messages.reviewOn : messages.reviewOff,
                        })}
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
                <strong>{o.displayName}</strong>{' '}
                {editButton(objectStep('read', o.objectName).id, o.displayName)}
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
                <strong>{o.displayName}</strong>{' '}
                {editButton(objectStep('write', o.objectName).id, o.displayName)}
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
