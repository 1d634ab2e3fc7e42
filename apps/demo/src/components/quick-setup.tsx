import type { BackfillDraft, BackfillValue } from '@splice/react';
import { BackfillPicker, describeError, useCreateInstallation, useSpliceUi } from '@splice/react';
import type { FormEvent } from 'react';
import { useRef, useState } from 'react';
import { crmIntegrationId } from '../integration.js';
import { recommendedConfig } from '../recommended-config.js';
import { hrefOf } from '../routes.js';

/**
 * Installs with Northwind's recommended mapping: the standalone BackfillPicker and the headless
 * `useCreateInstallation` hook, for builders who want a one-question setup instead of the wizard.
 */
export function QuickSetup() {
  const { messages } = useSpliceUi();
  const formRef = useRef<HTMLFormElement>(null);
  // The value the picker's current input stands for: undefined while its custom number is invalid, so
  // an older valid choice is never installed in its place.
  const [backfill, setBackfill] = useState<BackfillValue | undefined>({ defaultPeriod: { days: 30 } });
  const [draft, setDraft] = useState<BackfillDraft>();
  const [blocked, setBlocked] = useState(false);
  const { install, isPending, error, status } = useCreateInstallation(crmIntegrationId);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!backfill) {
      setBlocked(true);
      // Focus on the field to fix, after the error is rendered on it.
      requestAnimationFrame(() =>
        formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    const result = await install(recommendedConfig(backfill));
    if (result.ok) window.location.hash = hrefOf('/installation');
  };

  const failure = status === 'error' ? describeError(error, messages) : null;
  return (
    <form ref={formRef} className="nw-quick-setup" onSubmit={onSubmit} aria-busy={isPending} noValidate>
      <BackfillPicker
        legend="How much history should Northwind import?"
        {...(draft ? { draft } : { defaultValue: { defaultPeriod: { days: 30 } } })}
        onDraftChange={(next, value) => {
          setDraft(next);
          setBackfill(value);
          if (value) setBlocked(false);
        }}
        showErrors={blocked}
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
