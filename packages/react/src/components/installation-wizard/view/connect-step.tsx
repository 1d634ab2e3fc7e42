import { useConnection } from '../../../hooks/use-connection.js';
import { formatMessage } from '../../../provider/messages.js';
import { useSpliceContext } from '../../../provider/splice-context.js';
import { ConnectControls, connectDataState } from '../../connect-button/connect-button.js';

export interface ConnectStepProps {
  integrationId: string;
  provider: string;
  /** The group has a connection the provider refused: reconnect it. */
  reconnect: boolean;
  titleId: string;
}

/**
 * The wizard's first step when the group has no working connection: connect (or reconnect) the
 * provider account here; once connected, the wizard reloads its data and goes on to the objects.
 */
export function ConnectStep({ integrationId, provider, reconnect, titleId }: ConnectStepProps) {
  const { messages } = useSpliceContext();
  const flow = useConnection(integrationId);
  return (
    <section
      data-part="step"
      data-step="connect"
      data-connect-state={connectDataState(flow)}
      aria-labelledby={titleId}
    >
      <h3 id={titleId}>
        {formatMessage(reconnect ? messages.wizardReconnectTitle : messages.wizardConnectTitle, { provider })}
      </h3>
      <p>
        {formatMessage(reconnect ? messages.wizardReconnectIntro : messages.wizardConnectIntro, { provider })}
      </p>
      <ConnectControls flow={flow} provider={provider} showConnected={false} />
    </section>
  );
}
