// Values

// Types
// The shapes the BFF answers with and accepts, defined once as schemas in @splice/schema.
export type {
  BackfillProgressView,
  BrowserSearchResponse,
  BrowserSearchResult,
  CatalogConnectionState,
  CatalogEntry,
  CatalogInstallationState,
  ConnectionAnswer,
  ConnectStart,
  ConnectUrl,
  CreateInstallationBodyInput,
  FieldMetadata,
  Installation,
  IntegrationCatalog,
  IntegrationDetails,
  Invite,
  InviteList,
  InviteRequest,
  MappingInput,
  ReadObjectDetails,
  RunHistory,
  RunHistoryEntry,
  RunNowAnswer,
  SearchRequest,
  SyncObjectState,
  SyncObjectStatus,
  SyncProblem,
  SyncProblemCode,
  SyncRun,
  SyncStatus as SyncStatusAnswer,
  WriteObjectDetails,
} from '@splice/schema';
export type {
  ConnectFlow,
  ConnectFlowEnd,
  ConnectFlowOutcome,
  PopupConnectOptions,
} from './client/connect-flow.js';
export {
  isFreshConnection,
  startPopupConnect,
  startRedirectConnect,
  takeRedirectResult,
} from './client/connect-flow.js';
export type {
  CallOptions,
  CreateInstallationOptions,
  SpliceClient,
  SpliceClientOptions,
  UninstallOptions,
  UpdateInstallationOptions,
} from './client/create-splice-client.js';
export { createSpliceClient } from './client/create-splice-client.js';
export {
  catalogQuery,
  connectionQuery,
  integrationQuery,
  runHistoryQuery,
  searchQuery,
  spliceKeys,
  syncStatusQuery,
} from './client/query-keys.js';
export type { SpliceError, SpliceNetworkErrorKind } from './client/splice-error.js';
export {
  isRetryableError,
  isSpliceNetworkError,
  isSpliceProblem,
  SpliceNetworkError,
  SpliceProblem,
} from './client/splice-error.js';
export type { FetchLike } from './client/transport.js';
export type {
  BackfillDraft,
  BackfillInput,
  BackfillValue,
} from './components/backfill-picker/backfill-draft.js';
export type {
  BackfillPickerPart,
  BackfillPickerProps,
} from './components/backfill-picker/backfill-picker.js';
export { BackfillPicker } from './components/backfill-picker/backfill-picker.js';
export type {
  ConnectButtonPart,
  ConnectButtonProps,
} from './components/connect-button/connect-button.js';
export { ConnectButton } from './components/connect-button/connect-button.js';
export type {
  InstallationWizardPart,
  InstallationWizardProps,
} from './components/installation-wizard/installation-wizard.js';
export { InstallationWizard } from './components/installation-wizard/installation-wizard.js';
export type {
  FieldDefaultDraft,
  FilterDraft,
  ReadObjectDraft,
  WizardDraft,
  WriteObjectDraft,
} from './components/installation-wizard/model/draft.js';
export { clearWizardDrafts } from './components/installation-wizard/model/draft-storage.js';
export type { DraftPresets, ReadObjectPreset } from './components/installation-wizard/model/initial-draft.js';
export type {
  HideableStep,
  WizardStep,
  WizardStepId,
  WizardStepKind,
} from './components/installation-wizard/model/steps.js';
export type { StepError, StepErrors } from './components/installation-wizard/model/validate.js';
export type {
  DraftUpdate,
  ServerFieldError,
} from './components/installation-wizard/model/wizard-reducer.js';
export type {
  UseInstallationWizardOptions,
  UseInstallationWizardResult,
} from './components/installation-wizard/use-installation-wizard.js';
export { useInstallationWizard } from './components/installation-wizard/use-installation-wizard.js';
export type { WizardLocks } from './components/installation-wizard/view/step-props.js';
export type {
  IntegrationsCatalogPart,
  IntegrationsCatalogProps,
} from './components/integrations-catalog/integrations-catalog.js';
export { IntegrationsCatalog } from './components/integrations-catalog/integrations-catalog.js';
export type { IntegrationStep } from './components/integrations-catalog/next-step.js';
export { nextIntegrationStep } from './components/integrations-catalog/next-step.js';
export type { InviteFormPart, InviteFormProps } from './components/invite-form/invite-form.js';
export { InviteForm } from './components/invite-form/invite-form.js';
export type { SearchBoxPart, SearchBoxProps } from './components/search-box/search-box.js';
export { SearchBox } from './components/search-box/search-box.js';
export { formatTime } from './components/shared/format-time.js';
export type { ClassNames } from './components/shared/parts.js';
export type {
  SpliceErrorBoundaryFallbackProps,
  SpliceErrorBoundaryProps,
} from './components/shared/splice-error-boundary.js';
export { SpliceErrorBoundary } from './components/shared/splice-error-boundary.js';
export type { SyncStatusPart, SyncStatusProps } from './components/sync-status/sync-status.js';
export { SyncStatus } from './components/sync-status/sync-status.js';
export type {
  UninstallButtonPart,
  UninstallButtonProps,
} from './components/uninstall-button/uninstall-button.js';
export { UninstallButton } from './components/uninstall-button/uninstall-button.js';
export type { SpliceResult } from './hooks/settle.js';
export type { ConnectState, UseConnectionOptions, UseConnectionResult } from './hooks/use-connection.js';
export { useConnection } from './hooks/use-connection.js';
export type { InstallOptions } from './hooks/use-create-installation.js';
export { useCreateInstallation } from './hooks/use-create-installation.js';
export { useDisconnect } from './hooks/use-disconnect.js';
export type { UseIntegrationOptions } from './hooks/use-integration.js';
export { useIntegration } from './hooks/use-integration.js';
export { useIntegrations } from './hooks/use-integrations.js';
export { useInvite } from './hooks/use-invite.js';
export type { UseInvitesResult } from './hooks/use-invites.js';
export { useInvites } from './hooks/use-invites.js';
export type { UseRunHistoryOptions, UseRunHistoryResult } from './hooks/use-run-history.js';
export { useRunHistory } from './hooks/use-run-history.js';
export { useSearch } from './hooks/use-search.js';
export type { SyncStatusState, UseSyncStatusOptions } from './hooks/use-sync-status.js';
export { useSyncStatus } from './hooks/use-sync-status.js';
export { useUninstall } from './hooks/use-uninstall.js';
export type { UpdateOptions } from './hooks/use-update-installation.js';
export { isConflict, useUpdateInstallation } from './hooks/use-update-installation.js';
export type { CronMessageKey } from './provider/cron-messages.js';
export type { ErrorDescription } from './provider/describe-error.js';
export { describeError } from './provider/describe-error.js';
export { describeSchedule } from './provider/describe-schedule.js';
export type { SpliceMessageKey, SpliceMessages } from './provider/messages.js';
export { defaultMessages, formatMessage } from './provider/messages.js';
export type { SpliceContextValue, SpliceTheme, SpliceUi } from './provider/splice-context.js';
export { useSpliceContext, useSpliceUi } from './provider/splice-context.js';
export type { SpliceProviderProps } from './provider/splice-provider.js';
export { SpliceProvider } from './provider/splice-provider.js';
export type { TextDirection } from './provider/text-direction.js';
export { textDirection } from './provider/text-direction.js';
