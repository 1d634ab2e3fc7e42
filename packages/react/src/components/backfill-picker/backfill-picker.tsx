'use client';

import { useId, useState } from 'react';
import type { SpliceMessages } from '../../provider/messages.js';
import { formatMessage } from '../../provider/messages.js';
import { useSpliceUi } from '../../provider/splice-context.js';
import type { ClassNames } from '../shared/parts.js';
import { invalidProps, part, rootProps } from '../shared/parts.js';
import { SpliceErrorBoundary } from '../shared/splice-error-boundary.js';
import type {
  BackfillChoice,
  BackfillDraft,
  BackfillInput,
  BackfillMode,
  BackfillValue,
  CustomDaysError,
} from './backfill-draft.js';
import {
  defaultChoice,
  defaultMaxDays,
  defaultPresets,
  draftFrom,
  parseCustomDays,
  sameBackfill,
  valueFrom,
} from './backfill-draft.js';

export type BackfillPickerPart =
  | 'fieldset'
  | 'legend'
  | 'option'
  | 'option-label'
  | 'option-hint'
  | 'period'
  | 'field'
  | 'label'
  | 'input'
  | 'hint'
  | 'error';

export interface BackfillPickerProps {
  /** Controlled value; use with `onValueChange`. */
  value?: BackfillInput;
  /** Initial value when uncontrolled. Default: no backfill. */
  defaultValue?: BackfillInput;
  /** Called with each new valid choice; not called while a custom number is invalid. */
  onValueChange?: (value: BackfillValue) => void;
  /**
   * The picker's whole view state (mode, quick choice, the custom text as typed), controlled: a host that
   * must keep what the user typed, valid or not (a wizard's draft), holds it here. Default: kept inside.
   */
  draft?: BackfillDraft;
  /** Called with every change of the view state and the value it stands for (undefined while invalid). */
  onDraftChange?: (draft: BackfillDraft, value: BackfillValue | undefined) => void;
  /** An error from the host (a server's issue); shown on the custom number in place of the picker's own. */
  error?: string;
  /** The host tried to go on: the custom number's own error shows even before the user left the field. */
  showErrors?: boolean;
  /** Quick choices in days. Default 7, 30, 90, 365. */
  presets?: readonly number[];
  /** Largest custom number of days. Default 36 500. */
  maxDays?: number;
  /** Replaces the group's visible label. Default: `messages.backfillLegend`. */
  legend?: string;
  disabled?: boolean;
  /** Radio group name (forms). Default: generated. */
  name?: string;
  className?: string;
  classNames?: ClassNames<BackfillPickerPart>;
}

function customErrorText(error: CustomDaysError, messages: SpliceMessages, maxDays: number): string {
  if (error === 'required') return messages.backfillCustomRequired;
  if (error === 'invalid') return messages.backfillCustomInvalid;
  return formatMessage(messages.backfillCustomTooLarge, { max: maxDays }, messages.locale);
}

function BackfillPickerView(props: BackfillPickerProps) {
  const { messages, theme, direction } = useSpliceUi();
  const presets = props.presets ?? defaultPresets;
  const maxDays = props.maxDays ?? defaultMaxDays;
  const { classNames, disabled } = props;
  const ids = useId();
  const name = props.name ?? `${ids}-mode`;
  const isControlled = props.value !== undefined;

  const [ownDraft, setDraft] = useState<BackfillDraft>(
    () => props.draft ?? draftFrom(props.value ?? props.defaultValue, presets),
  );
  const draft = props.draft ?? ownDraft;
  const [uncontrolled, setUncontrolled] = useState<BackfillInput | undefined>(props.defaultValue);
  const [customTouched, setCustomTouched] = useState(false);
  const current = isControlled ? props.value : uncontrolled;

  // A controlled value changed from outside (not by this picker): show it. Adjusting state during render
  // avoids a frame with the stale choice (react.dev, "storing information from previous renders").
  const [seen, setSeen] = useState(props.value);
  if (isControlled && !props.draft && !sameBackfill(seen, props.value)) {
    setSeen(props.value);
    if (!sameBackfill(valueFrom(draft, maxDays), props.value)) setDraft(draftFrom(props.value, presets));
  }

  const update = (next: BackfillDraft) => {
    setDraft(next);
    const value = valueFrom(next, maxDays);
    props.onDraftChange?.(next, value);
    if (!value || sameBackfill(value, current)) return;
    if (isControlled) setSeen(value);
    else setUncontrolled(value);
    props.onValueChange?.(value);
  };

  const setMode = (mode: BackfillMode) => {
    const choice =
      mode === 'days' && draft.choice === 'custom' && draft.customText === ''
        ? defaultChoice(presets)
        : draft.choice;
    update({ ...draft, mode, choice });
  };
  const setChoice = (choice: BackfillChoice) => update({ ...draft, choice });
  const setCustomText = (customText: string) => {
    setCustomTouched(true);
    update({ ...draft, customText });
  };

  const parsed = parseCustomDays(draft.customText, maxDays);
  const onCustom = draft.mode === 'days' && draft.choice === 'custom';
  const ownError =
    (customTouched || props.showErrors) && 'error' in parsed
      ? customErrorText(parsed.error, messages, maxDays)
      : undefined;
  const customError = onCustom ? (props.error ?? ownError) : undefined;
  const showZeroHint = draft.choice === 'custom' && 'days' in parsed && parsed.days === 0;

  const modes: { mode: BackfillMode; label: string; hint: string }[] = [
    { mode: 'none', label: messages.backfillNone, hint: messages.backfillNoneHint },
    { mode: 'days', label: messages.backfillDays, hint: messages.backfillDaysHint },
    { mode: 'full', label: messages.backfillFull, hint: messages.backfillFullHint },
  ];
  const choices: { choice: BackfillChoice; label: string }[] = [
    ...presets.map((days) => ({
      choice: days,
      label: formatMessage(messages.backfillPresetDays, { days }, messages.locale),
    })),
    { choice: 'custom', label: messages.backfillCustom },
  ];

  // Under the option it belongs to, before Full history: read in that order and tabbed to in it.
  const period = draft.mode === 'days' && (
    <fieldset
      key="period"
      {...part('period', classNames)}
      data-state={draft.choice === 'custom' ? 'custom' : 'preset'}
    >
      <legend {...part('legend', classNames)}>{messages.backfillPeriodLegend}</legend>
      {choices.map(({ choice, label }) => (
        <label
          key={choice}
          {...part('option', classNames)}
          data-state={draft.choice === choice ? 'checked' : 'unchecked'}
        >
          <input
            type="radio"
            name={`${name}-days`}
            value={choice}
            checked={draft.choice === choice}
            onChange={() => setChoice(choice)}
          />
          <span {...part('option-label', classNames)}>{label}</span>
        </label>
      ))}
      {draft.choice === 'custom' && (
        <div {...part('field', classNames)}>
          <label {...part('label', classNames)} htmlFor={`${ids}-custom`}>
            {messages.backfillCustomLabel}
          </label>
          <input
            {...part('input', classNames)}
            id={`${ids}-custom`}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            value={draft.customText}
            onChange={(event) => setCustomText(event.target.value)}
            onBlur={() => setCustomTouched(true)}
            {...invalidProps(customError)}
            aria-describedby={`${ids}-custom-error${showZeroHint ? ` ${ids}-custom-hint` : ''}`}
          />
          {showZeroHint && (
            <p {...part('hint', classNames)} id={`${ids}-custom-hint`}>
              {messages.backfillCustomZero}
            </p>
          )}
          <p {...part('error', classNames)} id={`${ids}-custom-error`} aria-live="polite">
            {customError}
          </p>
        </div>
      )}
    </fieldset>
  );

  return (
    <div {...rootProps('backfill-picker', { theme, direction }, props.className)} data-state={draft.mode}>
      <fieldset {...part('fieldset', classNames)} disabled={disabled}>
        <legend {...part('legend', classNames)}>{props.legend ?? messages.backfillLegend}</legend>
        {modes.map(({ mode, label, hint }) => [
          <label
            key={mode}
            {...part('option', classNames)}
            data-state={draft.mode === mode ? 'checked' : 'unchecked'}
          >
            <input
              type="radio"
              name={name}
              value={mode}
              checked={draft.mode === mode}
              onChange={() => setMode(mode)}
              aria-describedby={`${ids}-${mode}-hint`}
            />
            <span {...part('option-label', classNames)}>{label}</span>
            <span {...part('option-hint', classNames)} id={`${ids}-${mode}-hint`}>
              {hint}
            </span>
          </label>,
          mode === 'days' && period,
        ])}
      </fieldset>
    </div>
  );
}

/**
 * docs/service-interface.md#backfill: no backfill, the last N days (quick choices or a custom whole number >= 0), or the
 * full history. Emits `{ defaultPeriod: { days } }` or `{ defaultPeriod: { fullHistory: true } }`.
 * Controlled (`value` + `onValueChange`) or uncontrolled (`defaultValue`).
 */
export function BackfillPicker(props: BackfillPickerProps) {
  return (
    <SpliceErrorBoundary>
      <BackfillPickerView {...props} />
    </SpliceErrorBoundary>
  );
}
