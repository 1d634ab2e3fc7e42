import { ConnectButton, spliceKeys, useSpliceContext } from '@splice/react';
import { useState } from 'react';
import {
  postProviderControl,
  providerControlsKey,
  providerName,
  useProviderControls,
} from '../provider-controls-api.js';

/**
 * The company's CRM account on the settings page: Splice's `ConnectButton` shows the connection and
 * offers "Reconnect" when the CRM stops accepting it. The controls beside it act on the company's account
 * at the CRM's emulator: revoke the app's access, as a real CRM does when an admin removes the app (the
 * service learns of it from the CRM's refusal), and throttle the account, as a busy account's rate limit
 * does, so the reads slow down and catch up rather than fail.
 */
export function CrmAccount({ integrationId }: { integrationId: string }) {
  const { queryClient } = useSpliceContext();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const controls = useProviderControls().data;

  async function act(path: string, body: Record<string, unknown>) {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      // The account this card names, should the company have connected a second CRM.
      setError(await postProviderControl(path, { ...body, provider: controls?.provider ?? undefined }));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: providerControlsKey }),
        queryClient.invalidateQueries({ queryKey: spliceKeys.base('/api') }),
      ]);
    } finally {
      setBusy(false);
    }
  }

  const crm = providerName(controls?.provider);
  return (
    <section className="nw-card" aria-labelledby="crm-account-heading">
      <h2 id="crm-account-heading">CRM account</h2>
      <ConnectButton integrationId={integrationId} />
      <details className="nw-sandbox">
        <summary>CRM emulator controls</summary>
        <p className="nw-muted">
          Your company's {crm} account is an emulator's, shared by every company connected to it. Revoke the
          app's access, as an admin removing the app does: on its next call Splice meets the refusal, the
          connection turns bad and Splice offers to reconnect it. Or throttle the account, as a busy account's
          rate limit does.
        </p>
        <div className="nw-actions">
          <button
            type="button"
            className="nw-button nw-button--quiet"
            onClick={() => void act('break-connection', {})}
            aria-disabled={busy || undefined}
          >
            Break the CRM connection
          </button>
          <button
            type="button"
            className="nw-button nw-button--quiet"
            onClick={() => void act('throttle', { throttled: !controls?.throttled })}
            aria-disabled={busy || undefined}
          >
            {controls?.throttled ? 'Restore the rate limit' : 'Throttle my CRM account'}
          </button>
        </div>
        {error && (
          <p role="alert" className="nw-form-error">
            {error}
          </p>
        )}
      </details>
    </section>
  );
}
