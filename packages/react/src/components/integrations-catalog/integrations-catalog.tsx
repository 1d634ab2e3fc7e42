'use client';

import type { CatalogEntry } from '@splice/schema';
import { useId } from 'react';
import { useIntegrations } from '../../hooks/use-integrations.js';
import type { SpliceMessages } from '../../provider/messages.js';
import { formatMessage } from '../../provider/messages.js';
import { useSpliceContext } from '../../provider/splice-context.js';
import { LoadFailure } from '../shared/load-failure.js';
import type { ClassNames } from '../shared/parts.js';
import { part, rootProps } from '../shared/parts.js';
import { SpliceErrorBoundary } from '../shared/splice-error-boundary.js';
import type { IntegrationStep } from './next-step.js';
import { nextIntegrationStep } from './next-step.js';

export type IntegrationsCatalogPart =
  | 'list'
  | 'entry'
  | 'name'
  | 'provider'
  | 'states'
  | 'connection'
  | 'installation'
  | 'next-step'
  | 'status'
  | 'alert'
  | 'button';

export interface IntegrationsCatalogProps {
  /**
   * Where an entry's next step leads, as a link (e.g. the host's install page for that integration).
   * Answer undefined to offer the step as a button calling `onStep` instead. Default: no links.
   */
  stepHref?: (step: IntegrationStep, entry: CatalogEntry) => string | undefined;
  /** Called when the user takes a next step offered as a button. Without it (and a link), no step shows. */
  onStep?: (step: IntegrationStep, entry: CatalogEntry) => void;
  className?: string;
  classNames?: ClassNames<IntegrationsCatalogPart>;
}

type Messages = SpliceMessages;

const connectionWords = {
  none: 'catalogConnectionNone',
  connected: 'catalogConnectionConnected',
  needs_reconnect: 'catalogConnectionNeedsReconnect',
} as const satisfies Record<CatalogEntry['connection'], keyof Messages>;

const installationWords = {
  not_installed: 'catalogInstallationNotInstalled',
  installed: 'catalogInstallationInstalled',
  paused: 'catalogInstallationPaused',
  unhealthy: 'catalogInstallationUnhealthy',
} as const satisfies Record<CatalogEntry['installation'], keyof Messages>;

const stepWords = {
  connect: ['catalogConnect', 'catalogConnectLabel'],
  reconnect: ['catalogReconnect', 'catalogReconnectLabel'],
  install: ['catalogInstall', 'catalogInstallLabel'],
  settings: ['catalogSettings', 'catalogSettingsLabel'],
} as const satisfies Record<IntegrationStep, readonly [keyof Messages, keyof Messages]>;

function Entry(props: IntegrationsCatalogProps & { entry: CatalogEntry }) {
  const { messages } = useSpliceContext();
  const { entry, classNames } = props;
  const id = useId();
  const step = nextIntegrationStep(entry);
  const [text, label] = stepWords[step];
  const stepLabel = formatMessage(messages[label], { integration: entry.displayName });
  const href = props.stepHref?.(step, entry);
  const { onStep } = props;
  return (
    <li
      {...part('entry', classNames)}
      aria-labelledby={`${id}-name`}
      data-connection={entry.connection}
      data-installation={entry.installation}
    >
      <p {...part('name', classNames)} id={`${id}-name`}>
        {entry.displayName}
      </p>
      <p {...part('provider', classNames)}>
        {formatMessage(messages.catalogProvider, { provider: entry.providerDisplayName })}
      </p>
      <dl {...part('states', classNames)}>
        <div {...part('connection', classNames)} data-state={entry.connection}>
          <dt>{messages.catalogConnection}</dt>
          <dd>{messages[connectionWords[entry.connection]]}</dd>
        </div>
        <div {...part('installation', classNames)} data-state={entry.installation}>
          <dt>{messages.catalogInstallation}</dt>
          <dd>{messages[installationWords[entry.installation]]}</dd>
        </div>
      </dl>
      {href !== undefined ? (
        <a {...part('next-step', classNames)} data-step={step} href={href} aria-label={stepLabel}>
          {messages[text]}
        </a>
      ) : onStep ? (
        <button
          {...part('next-step', classNames)}
          data-step={step}
          type="button"
          aria-label={stepLabel}
          onClick={() => onStep(step, entry)}
        >
          {messages[text]}
        </button>
      ) : null}
    </li>
  );
}

function CatalogView(props: IntegrationsCatalogProps) {
  const { messages, theme, direction } = useSpliceContext();
  const query = useIntegrations();
  const { classNames } = props;
  const entries = query.data?.integrations ?? [];
  const state = query.isPending
    ? 'loading'
    : query.isError && !query.data
      ? 'error'
      : entries.length
        ? 'list'
        : 'empty';

  let body: React.ReactNode;
  if (state === 'loading') {
    body = (
      <p {...part('status', classNames)} role="status">
        {messages.catalogLoading}
      </p>
    );
  } else if (state === 'error') {
    body = (
      <>
        <p {...part('status', classNames)}>{messages.catalogLoadFailed}</p>
        <LoadFailure error={query.error} onRetry={() => void query.refetch()} classNames={classNames} />
      </>
    );
  } else if (state === 'empty') {
    body = <p {...part('status', classNames)}>{messages.catalogEmpty}</p>;
  } else {
    body = (
      <ul {...part('list', classNames)} aria-label={messages.catalogLabel}>
        {entries.map((entry) => (
          <Entry key={entry.id} {...props} entry={entry} />
        ))}
      </ul>
    );
  }
  return (
    <div
      {...rootProps('integrations-catalog', { theme, direction }, props.className)}
      data-state={state}
      aria-busy={query.isFetching || undefined}
    >
      {body}
    </div>
  );
}

/**
 * Every integration of the project, each saying in words where the signed-in user's group stands
 * (connection, installation) and offering the one next step: Connect, Reconnect, Install or Settings,
 * as the host's link (`stepHref`) or a button (`onStep`).
 */
export function IntegrationsCatalog(props: IntegrationsCatalogProps) {
  return (
    <SpliceErrorBoundary>
      <CatalogView {...props} />
    </SpliceErrorBoundary>
  );
}
