'use client';

import type { ReactNode } from 'react';
import { useEffect, useId, useMemo, useRef } from 'react';
import { isSpliceProblem } from '../../client/splice-error.js';
import { describeError } from '../../provider/describe-error.js';
import { formatMessage } from '../../provider/messages.js';
import { useSpliceContext } from '../../provider/splice-context.js';
import { ErrorReference } from '../shared/error-reference.js';
import { formatTime } from '../shared/format-time.js';
import { LoadFailure } from '../shared/load-failure.js';
import type { ClassNames } from '../shared/parts.js';
import { part, rootProps } from '../shared/parts.js';
import { SpliceErrorBoundary } from '../shared/splice-error-boundary.js';
import { useFocusRescue } from '../shared/use-focus-rescue.js';
import { SyncStatus } from '../sync-status/sync-status.js';
import type { UseInstallationWizardOptions } from './use-installation-wizard.js';
import { useInstallationWizard } from './use-installation-wizard.js';
import { ConnectStep } from './view/connect-step.js';
import { wizardDomIds } from './view/dom-ids.js';
import { ObjectsStep } from './view/objects-step.js';
import { Progress, stepTitle } from './view/progress.js';
import { ProxyStep } from './view/proxy-step.js';
import { ReadStep } from './view/read-step.js';
import { ReviewStep } from './view/review-step.js';
import type { WizardLocks } from './view/step-props.js';
import { WriteStep } from './view/write-step.js';

export type InstallationWizardPart =
  | 'header'
  | 'title'
  | 'progress'
  | 'step'
  | 'footer'
  | 'alert'
  | 'previous'
  | 'installed';

/** The hook's options (the integration, presets, hidden steps, mode, draft, step, callbacks) and the view's own. */
export interface InstallationWizardProps extends UseInstallationWizardOptions {
  /** Preset parts the user sees but cannot change. Default: nothing locked. */
  locked?: WizardLocks;
  /** The provider's name as users know it, e.g. "Salesforce". Default: the service's display name for it. */
  providerName?: string;
  /**
   * Where the group's existing installation is managed: when an install meets one (made meanwhile, e.g.
   * in another tab), the message links there. Default: no link.
   */
  existingInstallationHref?: string;
  /**
   * Focus the first step's heading once it shows: for a wizard opened by the user's action (an Edit
   * button that gives way to it), so keyboard users start on the step, not on the page. Default false.
   */
  autoFocus?: boolean;
  className?: string;
  classNames?: ClassNames<InstallationWizardPart>;
}

function WizardView(props: InstallationWizardProps) {
  const { messages, theme, direction } = useSpliceContext();
  // The rest of the props are the hook's options, passed through as given.
  const {
    classNames,
    locked = {},
    className,
    providerName,
    existingInstallationHref,
    autoFocus,
    ...options
  } = props;
  const prefix = useId().replace(/:/g, '');
  const ids = useMemo(() => wizardDomIds(prefix), [prefix]);
  const state = useInstallationWizard(options);
  const rootRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const installedRef = useRef<HTMLHeadingElement>(null);
  const { focusTarget, clearFocusTarget } = state;

  // After a step change or a refused step, focus moves to where the user should act next.
  useEffect(() => {
    if (!focusTarget) return;
    const root = rootRef.current;
    if (focusTarget === 'heading') headingRef.current?.focus();
    else if (focusTarget === 'installed') installedRef.current?.focus();
    else {
      const area = root?.querySelector<HTMLElement>(`[data-field-id="${CSS.escape(focusTarget)}"]`);
      // The invalid control itself when the area has several (a filter row: field, value, remove).
      const control = area?.matches('input, select, textarea, button')
        ? area
        : (area?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
          area?.querySelector<HTMLElement>('input:not([disabled]), select, textarea, button'));
      (control ?? area)?.focus();
    }
    clearFocusTarget();
  }, [focusTarget, clearFocusTarget]);

  // What the wizard shows: when the connect step gives way to the steps (the popup closed connected),
  // or the steps to the outcome, focus moves on with it instead of falling back to the page.
  const shows =
    state.status !== 'ready' || !state.wizard
      ? null
      : state.installed
        ? 'installed'
        : !state.wizard.connection || state.wizard.connection.status === 'bad_credentials'
          ? 'connect'
          : 'steps';
  useFocusRescue(shows, shows === 'installed' ? installedRef : headingRef);
  const autoFocused = useRef(false);
  useEffect(() => {
    if (!autoFocus || autoFocused.current || shows !== 'steps') return;
    autoFocused.current = true;
    headingRef.current?.focus();
  }, [autoFocus, shows]);

  const root = (state: string, children: ReactNode) => (
    <div
      {...rootProps('installation-wizard', { theme, direction }, className)}
      data-state={state}
      ref={rootRef}
    >
      {children}
    </div>
  );

  if (state.status === 'loading') return root('loading', <p role="status">{messages.loading}</p>);
  if (state.status === 'error') {
    return root(
      'error',
      <LoadFailure error={state.loadError} onRetry={state.retry} classNames={classNames} />,
    );
  }
  const wizard = state.wizard;
  if (!wizard || !state.draft || !state.step) return root('loading', <p role="status">{messages.loading}</p>);
  const integration = wizard.integration.displayName;
  const provider = providerName ?? wizard.integration.providerDisplayName;

  const editing = state.mode === 'edit';
  if (state.installed) {
    const installed = state.installed;
    return root(
      editing ? 'saved' : 'installed',
      <>
        <section {...part('installed', classNames)} role="status" aria-labelledby={ids.installed}>
          <h3 id={ids.installed} ref={installedRef} tabIndex={-1}>
            {formatMessage(editing ? messages.wizardSavedTitle : messages.wizardInstalledTitle, {
              integration,
            })}
          </h3>
          <p>
            {editing
              ? formatMessage(messages.wizardSavedDetail, {
                  date: formatTime(installed.updateTime ?? installed.createTime, messages.locale),
                })
              : formatMessage(messages.wizardInstalledDetail, {
                  date: formatTime(installed.createTime, messages.locale),
                  id: installed.id,
                })}
          </p>
        </section>
        {/* Beside the status region, not in it: its polling must not be read out at every refresh. An
            edit happens where the installation's own status is already shown, so it is not repeated. */}
        {!editing && <SyncStatus integrationId={props.integrationId} headingLevel={3} />}
      </>,
    );
  }

  if (!wizard.connection || wizard.connection.status === 'bad_credentials') {
    return root(
      wizard.connection ? 'reconnect' : 'no-connection',
      <>
        {/* The wizard's own heading comes first, so the step's h3 follows an h2 as on every other step. */}
        <header {...part('header', classNames)}>
          <h2 {...part('title', classNames)}>{formatMessage(messages.wizardTitle, { integration })}</h2>
        </header>
        <ConnectStep
          integrationId={props.integrationId}
          provider={provider}
          reconnect={wizard.connection !== null}
          titleId={ids.connect}
        />
      </>,
    );
  }

  const step = state.step;
  const isLast = state.stepIndex === state.steps.length - 1;
  const title = stepTitle(step, state, messages);
  const stepProps = { state, messages, ids, locked, provider };
  const clientErrors = Object.keys(state.errors).length > 0;
  const installProblem = state.installError;
  const issuesPlaced = isSpliceProblem(installProblem) && installProblem.issues.length > 0;
  const alert =
    installProblem && !issuesPlaced && !state.conflict ? describeError(installProblem, messages) : undefined;
  // Installed meanwhile (another tab, a teammate): the way to what exists, not a dead end.
  const existingHref =
    !editing && isSpliceProblem(installProblem) && installProblem.status === 409
      ? existingInstallationHref
      : undefined;

  return root(
    state.isInstalling
      ? 'installing'
      : state.conflict
        ? 'conflict'
        : clientErrors || installProblem
          ? 'invalid'
          : 'editing',
    <>
      <header {...part('header', classNames)}>
        <h2 {...part('title', classNames)}>
          {formatMessage(editing ? messages.wizardEditTitle : messages.wizardTitle, { integration })}
        </h2>
        <Progress state={state} messages={messages} />
      </header>
      {state.fromPrevious && wizard.previousConfig && (
        <div {...part('previous', classNames)}>
          <p>
            <strong>{messages.wizardPreviousFilled}</strong>{' '}
            {formatMessage(messages.wizardPreviousFilledDetail, {
              integration,
              date: formatTime(wizard.previousConfig.uninstallTime, messages.locale),
            })}
          </p>
          <button data-part="button" type="button" onClick={state.startFromDefaults}>
            {messages.wizardStartFromDefaults}
          </button>
        </div>
      )}
      <form
        {...part('step', classNames)}
        data-step={step.id}
        noValidate
        aria-labelledby={ids.stepTitle}
        aria-busy={state.isInstalling}
        onSubmit={(event) => {
          event.preventDefault();
          if (isLast) void state.install();
          else state.next();
        }}
      >
        <h3 id={ids.stepTitle} ref={headingRef} tabIndex={-1}>
          <span data-part="visually-hidden">
            {formatMessage(messages.wizardProgress, {
              current: state.stepIndex + 1,
              total: state.steps.length,
              step: '',
            })}
          </span>
          {title}
        </h3>
        {step.kind === 'objects' && <ObjectsStep {...stepProps} />}
        {/* Keyed by step: one object's view state (a picker's mode, a half-chosen field) never shows
            on another object's step. */}
        {step.kind === 'read' && <ReadStep key={step.id} {...stepProps} objectName={step.objectName} />}
        {step.kind === 'write' && <WriteStep key={step.id} {...stepProps} objectName={step.objectName} />}
        {step.kind === 'proxy' && <ProxyStep {...stepProps} />}
        {step.kind === 'review' && <ReviewStep {...stepProps} />}
        <div {...part('alert', classNames)} role="alert">
          {clientErrors && <p>{messages.wizardFixErrors}</p>}
          {issuesPlaced && <p>{messages.wizardServerIssues}</p>}
          {alert && (
            <>
              <p>{alert.text}</p>
              {existingHref && (
                <p>
                  <a href={existingHref} data-part="link">
                    {messages.wizardOpenExisting}
                  </a>
                </p>
              )}
              <ErrorReference reference={alert.reference} />
            </>
          )}
          {state.conflict && (
            <>
              <p>{messages.wizardConflict}</p>
              <button
                type="button"
                data-part="button"
                onClick={state.reloadCurrent}
                aria-disabled={state.isReloading || undefined}
              >
                {state.isReloading ? messages.wizardReloadingCurrent : messages.wizardReloadCurrent}
              </button>
            </>
          )}
        </div>
        <div {...part('footer', classNames)}>
          {state.stepIndex > 0 && (
            <button type="button" data-part="button" onClick={state.back}>
              {messages.wizardBack}
            </button>
          )}
          <button
            type="submit"
            data-part="submit"
            aria-disabled={state.isInstalling || state.isReloading || undefined}
          >
            {isLast
              ? state.isInstalling
                ? editing
                  ? messages.wizardSaving
                  : messages.wizardInstalling
                : editing
                  ? messages.wizardSave
                  : messages.wizardInstall
              : messages.wizardNext}
          </button>
        </div>
      </form>
    </>,
  );
}

/**
 * Installs one integration for the signed-in user's group, step by step: objects, each read object
 * (fields, mappings, values, schedule, backfill, filters, pause), each write object, proxy, review. A
 * server's 400/422 issues land on the step and control they name; nothing chosen is lost on any error.
 */
export function InstallationWizard(props: InstallationWizardProps) {
  return (
    <SpliceErrorBoundary>
      <WizardView {...props} />
    </SpliceErrorBoundary>
  );
}
