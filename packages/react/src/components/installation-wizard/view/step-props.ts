import type { SpliceMessages } from '../../../provider/messages.js';
import type { InstallationWizardState } from '../use-installation-wizard.js';

/** What every step view receives. */
export interface StepViewProps {
  state: InstallationWizardState;
  messages: SpliceMessages;
  /** Prefix of DOM ids, unique per wizard. */
  idPrefix: string;
  /** Parts the builder locked: shown, not editable. */
  locked: WizardLocks;
}

export interface WizardLocks {
  destination?: boolean;
  schedule?: boolean;
  backfill?: boolean;
}

/** The text of an error on a control: the server's sentence wins over the client's code. */
export function errorText(
  state: InstallationWizardState,
  fieldId: string,
  describe: (code: NonNullable<InstallationWizardState['errors'][string]>) => string,
): string | undefined {
  const server = state.serverErrors[fieldId];
  if (server) return server.detail;
  const client = state.errors[fieldId];
  return client ? describe(client) : undefined;
}
