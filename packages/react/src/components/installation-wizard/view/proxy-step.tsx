'use client';

import { formatMessage } from '../../../provider/messages.js';
import { fieldIds } from '../model/field-ids.js';
import { FieldError } from './field-error.js';
import type { StepViewProps } from './step-props.js';

/** docs/service-interface.md#config-content `proxy`, offered only where the builder's manifest allows it. */
export function ProxyStep(props: StepViewProps) {
  const { state, messages, ids } = props;
  const wizard = state.wizard;
  if (!wizard || !state.draft) return null;
  const id = ids.of(fieldIds.proxy);
  return (
    <div data-part="step-body" data-field-id={fieldIds.proxy}>
      <label data-part="option">
        <input
          id={id.control}
          type="checkbox"
          checked={state.draft.proxyEnabled}
          aria-describedby={`${id.hint} ${id.error}`}
          onChange={(event) => state.setProxyEnabled(event.currentTarget.checked)}
        />
        <span>
          {formatMessage(messages.proxyLabel, {
            integration: wizard.integration.displayName,
            provider: props.provider,
          })}
        </span>
      </label>
      <p data-part="hint" id={id.hint}>
        {formatMessage(messages.proxyHint, {
          integration: wizard.integration.displayName,
          provider: props.provider,
        })}
      </p>
      <FieldError id={id.error} text={state.serverErrors[fieldIds.proxy]?.detail} />
    </div>
  );
}
