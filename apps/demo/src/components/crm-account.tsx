import { ConnectButton, spliceKeys, useSpliceContext } from '@splice/react';
import { useState } from 'react';
import { crmIntegrationId } from '../integration.js';

/**
 * The company's CRM account on the settings page: Splice's `ConnectButton` shows the connection and
 * offers "Reconnect" when the CRM stops accepting it. The sandbox control beside it makes that happen on
 * purpose (the sandbox CRM revokes the tokens), which a real CRM does when someone removes the app.
 */
export function CrmAccount() {
  const { queryClient } = useSpliceContext();
  const [breaking, setBreaking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function breakConnection() {
    setBreaking(true);
    setError(null);
    try {
      const response = await fetch('/demo/sandbox/break-connection', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: '{}',
      });
      if (!response.ok) {
        const body = (await response.json().catch(() => ({}))) as { detail?: string };
        setError(body.detail ?? `The sandbox answered ${response.status}.`);
      }
      await queryClient.invalidateQueries({ queryKey: spliceKeys.base('/api') });
    } finally {
      setBreaking(false);
    }
  }

  return (
    <section className="nw-card" aria-labelledby="crm-account-heading">
      <h2 id="crm-account-heading">CRM account</h2>
      <ConnectButton integrationId={crmIntegrationId} />
      <details className="nw-sandbox">
        <summary>Sandbox controls</summary>
        <p className="nw-muted">
          Make the sandbox CRM revoke your company's sign-in, as a real CRM does when an admin removes the
          app. The connection turns bad and Splice offers to reconnect it.
        </p>
        <button
          type="button"
          className="nw-button nw-button--quiet"
          onClick={() => void breakConnection()}
          aria-disabled={breaking || undefined}
        >
          Break the CRM connection
        </button>
        {error && (
          <p role="alert" className="nw-form-error">
            {error}
          </p>
        )}
      </details>
    </section>
  );
}
