import { useConnection } from '../../hooks/use-connection.js';
import type { ConnectButtonPart } from '../connect-button/connect-button.js';
import { ConnectControls } from '../connect-button/connect-button.js';
import type { ClassNames } from '../shared/parts.js';
import { part } from '../shared/parts.js';

export interface SyncReconnectProps {
  integrationId: string;
  /** The provider's name as its users know it. */
  provider: string;
  classNames: ClassNames<ConnectButtonPart | 'reconnect'> | undefined;
}

/**
 * The way out of a broken connection inside the status: the provider's refusal and "Reconnect", with
 * every outcome of the popup (blocked, closed, denied) the connect controls know, then "connected".
 * Reconnecting reads the status again, so the objects stop failing.
 */
export function SyncReconnect({ integrationId, provider, classNames }: SyncReconnectProps) {
  const flow = useConnection(integrationId);
  // Until the connection is read, the controls would offer "Connect" (no connection known), not Reconnect.
  if (flow.query.isPending) return null;
  return (
    <div {...part('reconnect', classNames)}>
      <ConnectControls flow={flow} provider={provider} classNames={classNames} />
    </div>
  );
}
