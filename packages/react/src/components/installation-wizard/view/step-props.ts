import type { SpliceMessages } from '../../../provider/messages.js';
import type { UseInstallationWizardResult } from '../use-installation-wizard.js';
import { describeStepError } from './describe-step-error.js';
import type { WizardDomIds } from './dom-ids.js';

/** What every step view receives. */
export interface StepViewProps {
  state: UseInstallationWizardResult;
  messages: SpliceMessages;
  /** The DOM ids of this wizard instance. */
  ids: WizardDomIds;
  /** Parts the builder locked: shown, not editable. */
  locked: WizardLocks;
  /** The provider as users know it ("Salesforce"): the `providerName` prop, else the service's display name. */
  provider: string;
}

export interface WizardLocks {
  destination?: boolean;
  schedule?: boolean;
  backfill?: boolean;
}

/** The text of an error on a control: the server's sentence wins over the client's code, worded via `messages`. */
export function errorText(props: StepViewProps, fieldId: string): string | undefined {
  const server = props.state.serverErrors[fieldId];
  if (server) return server.detail;
  const client = props.state.errors[fieldId];
  return client ? describeStepError(client, props.messages, props.provider) : undefined;
}
