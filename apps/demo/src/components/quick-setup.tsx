import type { BackfillValue } from '@splice/react';
import { BackfillPicker, describeError, useCreateInstallation, useSpliceUi } from '@splice/react';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { crmIntegrationId } from '../integration.js';
import { recommendedConfig } from '../recommended-config.js';
import { hrefOf } from '../routes.js';

/**
 * Installs with Northwind's recommended mapping: the standalone BackfillPicker and the headless
 * `useCreateInstallation` hook, for builders who want a one-question setup instead of the wizard.
 */
export function QuickSetup() {
  const { messages } = useSpliceUi();
  const [backfill, setBackfill] = useState<BackfillValue>({ defaultPeriod: { days: 30 } });
  const { install, isPending, error, status } = useCreateInstallation(crmIntegrationId);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await install(recommendedConfig(backfill));
    if (result.ok) window.location.hash = hrefOf('/installation');
  };

  const failure = status === 'error' ? describeError(error, messages) : null;
  return (
    <form className="nw-quick-setup" onSubmit={onSubmit} aria-busy={isPending}>
      <BackfillPicker
        legend="How much history should Northwind import?"
        defaultValue={backfill}
        onValueChange={setBackfill}
      />
      <div className="nw-actions">
        <button type="submit" className="nw-button" aria-disabled={isPending || undefined}>
          {isPending ? 'Installing…' : 'Install with recommended settings'}
        </button>
      </div>
      <div role="alert" className="nw-form-error">
        {failure && (
          <>
            <p>{failure.text}</p>
            {failure.reference && <p className="nw-muted">{failure.reference}</p>}
          </>
        )}
      </div>
    </form>
  );
}
