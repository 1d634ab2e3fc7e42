import type { ReactNode } from 'react';
import { useServedIntegration } from '../integration.js';
import { hrefOf } from '../routes.js';

/**
 * Renders a page's body for the integration it serves (see `useServedIntegration`) once that is known,
 * and says so while the catalog that tells it loads, when it fails, or when there is no CRM to serve.
 */
export function WithServedIntegration({ children }: { children: (integrationId: string) => ReactNode }) {
  const served = useServedIntegration();
  if (served.status === 'ready') return children(served.id);
  if (served.status === 'pending') return <p role="status">Loading your company's CRM…</p>;
  if (served.status === 'none') {
    return (
      <p className="nw-empty">
        Northwind has no CRM integration to offer yet. See <a href={hrefOf('/integrations')}>Integrations</a>.
      </p>
    );
  }
  return (
    <div role="alert" className="nw-form-error">
      <p>Your company's CRM integration could not be loaded ({served.error.message}).</p>
      <button type="button" className="nw-button nw-button--quiet" onClick={served.retry}>
        Try again
      </button>
    </div>
  );
}
