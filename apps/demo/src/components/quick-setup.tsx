import type { BackfillDraft, BackfillValue } from '@splice/react';
import { BackfillPicker, describeError, useCreateInstallation, useSpliceUi } from '@splice/react';
import type { FormEvent } from 'react';
import { useRef, useState } from 'react';
import type { DemoCrm } from '../integration.js';
import { recommendedConfig } from '../recommended-config.js';
import { hrefOf } from '../routes.js';

/**
 * The history quick setup offers first: the whole of it. The demo's CRMs are emulators whose generated
 * records were last changed in mid-2025, so a window of recent days would import none of them.
 */
const defaultBackfill: BackfillValue = { defaultPeriod: { fullHistory: true } };

/**
 * Installs with Northwind's recommended mapping for a CRM: the standalone BackfillPicker and the headless
 * `useCreateInstallation` hook, for builders who want a one-question setup instead of the wizard.
 */
export function QuickSetup({ integrationId, crm }: { integrationId: string; crm: DemoCrm }) {
  const { messages } = useSpliceUi();
  const formRef = useRef<HTMLFormElement>(null);
  // The value the picker's current input stands for: undefined while its custom number is invalid, so
  // an older valid choice is never installed in its place.
  const [backfill, setBackfill] = useState<BackfillValue | undefined>(defaultBackfill);
  const [draft, setDraft] = useState<BackfillDraft>();
  const [blocked, setBlocked] = useState(false);
  const { install, isPending, error, status } = useCreateInstallation(integrationId);

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
    const result = await install(recommendedConfig(crm, backfill));
    if (result.ok) window.location.hash = hrefOf('/installation', integrationId);
  };

  const failure = status === 'error' ? describeError(error, messages) : null;
  return (
    <form ref={formRef} className="nw-quick-setup" onSubmit={onSubmit} aria-busy={isPending} noValidate>
      <BackfillPicker
        legend="How much history should Northwind import?"
        {...(draft ? { draft } : { defaultValue: defaultBackfill })}
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
