'use client';

import { describeCron, nextRuns, parseCron } from '@splice/schema';
import { useMemo, useState } from 'react';
import { formatCronDescription } from '../../../provider/describe-schedule.js';
import type { SpliceMessages } from '../../../provider/messages.js';
import { formatMessage } from '../../../provider/messages.js';
import { formatTime, formatTimeOfDay } from '../../shared/format-time.js';
import { invalidProps } from '../../shared/parts.js';
import { fieldIds } from '../model/field-ids.js';
import { localTimePreset } from '../model/schedule-presets.js';
import { FieldError } from './field-error.js';
import type { StepViewProps } from './step-props.js';
import { errorText } from './step-props.js';

/**
 * The presets, "9:00 AM" meaning 09:00 on the user's own clock: stored as the UTC cron the service runs,
 * and labelled with both times in the provider's locale ("9:00 AM your time (5:00 PM UTC)").
 */
function schedulePresets(messages: SpliceMessages, now: Date) {
  const at = (weekday: number | undefined) => {
    const preset = localTimePreset(9, 0, weekday, undefined, now);
    const time = formatMessage(preset.isUtc ? messages.scheduleTimeUtc : messages.scheduleTimeLocal, {
      local: formatTimeOfDay(preset.localMinutes, messages.locale),
      utc: formatTimeOfDay(preset.utcMinutes, messages.locale),
    });
    return { cron: preset.cron, time };
  };
  const daily = at(undefined);
  const weekly = at(1);
  return [
    { cron: '*/15 * * * *', label: messages.schedulePreset15 },
    { cron: '0 * * * *', label: messages.schedulePresetHourly },
    { cron: daily.cron, label: formatMessage(messages.schedulePresetDaily, { time: daily.time }) },
    { cron: weekly.cron, label: formatMessage(messages.schedulePresetWeekly, { time: weekly.time }) },
  ];
}

/** docs/service-interface.md#read-config `schedule`: presets, or a validated cron with a readable preview and the next runs. */
export function ScheduleField(props: StepViewProps & { objectName: string }) {
  const { state, messages, ids, objectName, locked } = props;
  const draft = state.draft?.read[objectName];
  const fieldId = fieldIds.schedule(objectName);
  const id = ids.of(fieldId);
  const schedule = draft?.schedule ?? '';
  const parsed = useMemo(() => parseCron(schedule), [schedule]);
  const upcoming = useMemo(() => (parsed.ok ? nextRuns(parsed.schedule, { count: 3 }) : []), [parsed]);
  // Choosing "Custom" keeps the current expression, so the preset it equals would stay checked and the
  // click would seem to do nothing: remember the choice until a preset is picked again.
  const [customChosen, setCustomChosen] = useState(false);
  const presets = useMemo(() => schedulePresets(messages, new Date()), [messages]);
  if (!draft) return null;
  const error = errorText(props, fieldId);
  const preset = customChosen ? undefined : presets.find((p) => p.cron === schedule.trim());
  const description = parsed.ok ? formatCronDescription(describeCron(parsed.schedule), messages) : '';
  if (locked.schedule) {
    return (
      <p data-part="hint" data-field-id={fieldId}>
        {formatMessage(messages.scheduleLocked, {
          integration: state.wizard?.integration.displayName ?? '',
          description,
        })}
      </p>
    );
  }
  const set = (value: string) => state.updateRead(objectName, { schedule: value });
  return (
    <fieldset data-part="fieldset" data-field-id={fieldId} aria-describedby={id.error}>
      <legend data-part="legend">{messages.scheduleLegend}</legend>
      {presets.map((p) => (
        <label key={p.cron} data-part="option">
          <input
            type="radio"
            name={id.choices}
            checked={preset?.cron === p.cron}
            onChange={() => {
              setCustomChosen(false);
              set(p.cron);
            }}
          />
          <span>{p.label}</span>
        </label>
      ))}
      <label data-part="option">
        <input
          type="radio"
          name={id.choices}
          checked={!preset}
          onChange={() => setCustomChosen(true)}
          aria-controls={id.control}
        />
        <span>{messages.scheduleCustom}</span>
      </label>
      <div data-part="field">
        <label data-part="label" htmlFor={id.control}>
          {messages.scheduleCronLabel}
        </label>
        <input
          data-part="input"
          id={id.control}
          value={schedule}
          // A cron expression is code, read left to right in any locale; a right-to-left page would
          // reverse its fields on screen ("*/15 * * * *" shown as "* * * * 15/*").
          dir="ltr"
          spellCheck={false}
          autoComplete="off"
          {...invalidProps(error)}
          aria-describedby={`${id.hint} ${id.preview} ${id.error}`}
          onChange={(event) => set(event.currentTarget.value)}
        />
        <p data-part="hint" id={id.hint}>
          {messages.scheduleCronHint}
        </p>
        <div data-part="preview" id={id.preview} aria-live="polite">
          {parsed.ok && (
            <>
              <p>{description}</p>
              <p data-part="hint">
                {messages.scheduleNextRuns}:{' '}
                {upcoming.map((time) => formatTime(time, messages.locale)).join(' · ')}
              </p>
            </>
          )}
        </div>
        <FieldError
          id={id.error}
          text={
            error ??
            (schedule && !parsed.ok
              ? formatMessage(messages.scheduleInvalid, { detail: parsed.error.message })
              : undefined)
          }
        />
      </div>
    </fieldset>
  );
}
