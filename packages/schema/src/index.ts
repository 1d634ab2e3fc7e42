export type { BrowserSearchResponse, BrowserSearchResult } from './browser/browser-search-response.js';
export { browserSearchResponseSchema, browserSearchResultSchema } from './browser/browser-search-response.js';
export type {
  ConnectOutcome,
  ConnectResult,
  ConnectStart,
  ConnectUrl,
} from './browser/connect-flow.js';
export {
  connectAttemptSchema,
  connectOutcomeSchema,
  connectResultSchema,
  connectStartSchema,
  connectUrlSchema,
} from './browser/connect-flow.js';
export type { ConnectionAnswer } from './browser/connection-answer.js';
export { connectionAnswerSchema } from './browser/connection-answer.js';
export { installationVersionTag } from './browser/installation-version.js';
export type {
  CatalogConnectionState,
  CatalogEntry,
  CatalogInstallationState,
  IntegrationCatalog,
} from './browser/integration-catalog.js';
export {
  catalogConnectionStateSchema,
  catalogEntrySchema,
  catalogInstallationStateSchema,
  integrationCatalogSchema,
} from './browser/integration-catalog.js';
export type {
  IntegrationDetails,
  MappingInput,
  ReadObjectDetails,
  WriteObjectDetails,
} from './browser/integration-details.js';
export {
  integrationDetailsSchema,
  mappingInputSchema,
  readObjectDetailsSchema,
  writeObjectDetailsSchema,
} from './browser/integration-details.js';
export type { InviteList } from './browser/invite-list.js';
export { inviteListSchema } from './browser/invite-list.js';
export type {
  PauseBody,
  UninstallHeaders,
  UpdateInstallationBody,
  UpdateInstallationBodyInput,
  UpdateInstallationHeaders,
} from './browser/manage-requests.js';
export {
  ifMatchSchema,
  pauseBodySchema,
  uninstallHeadersSchema,
  updateInstallationBodySchema,
  updateInstallationHeadersSchema,
} from './browser/manage-requests.js';
export type {
  CreateInstallationBody,
  CreateInstallationBodyInput,
  CreateInstallationQuery,
  IdempotencyHeader,
  IntegrationParams,
  InviteParams,
  ObjectParams,
  RunNowBody,
} from './browser/requests.js';
export {
  browserConfigSchema,
  createInstallationBodySchema,
  createInstallationQuerySchema,
  idempotencyHeaderSchema,
  integrationParamsSchema,
  inviteParamsSchema,
  objectParamsSchema,
  runNowBodySchema,
} from './browser/requests.js';
export type { RunHistory, RunHistoryEntry } from './browser/run-history.js';
export { runHistoryEntrySchema, runHistoryLength, runHistorySchema } from './browser/run-history.js';
export type {
  BackfillProgressView,
  RunNowAnswer,
  SyncObjectState,
  SyncObjectStatus,
  SyncProblem,
  SyncProblemCode,
  SyncRun,
  SyncStatus,
  SyncWriteStatus,
} from './browser/sync-status.js';
export {
  backfillProgressViewSchema,
  runNowAnswerSchema,
  syncObjectStateSchema,
  syncObjectStatusSchema,
  syncProblemCodeSchema,
  syncProblemSchema,
  syncRunSchema,
  syncStatusSchema,
  syncWriteStatusSchema,
} from './browser/sync-status.js';
export type { CronFieldName, CronFieldSpec } from './cron/cron-fields.js';
export { cronFields } from './cron/cron-fields.js';
export type { CronDescription, CronParam, CronPhrase, CronPhraseKey } from './cron/describe-cron.js';
export { describeCron } from './cron/describe-cron.js';
export type { NextRunsOptions } from './cron/next-runs.js';
export { nextRuns } from './cron/next-runs.js';
export type {
  CronError,
  CronErrorCode,
  CronField,
  CronItem,
  CronParseResult,
  CronSchedule,
} from './cron/parse-cron.js';
export { dayMatches, parseCron } from './cron/parse-cron.js';
export type { ProblemFields } from './problem/build-problem.js';
export { buildProblem, validationDetail } from './problem/build-problem.js';
export type { ProblemKind, ProblemType } from './problem/problem-types.js';
export { isRetryableStatus, issueTypes, problemTypes } from './problem/problem-types.js';
export type { Backfill, BackfillPeriod } from './resources/backfill.js';
export { backfillPeriodSchema, backfillSchema } from './resources/backfill.js';
export type {
  Config,
  ConfigContent,
  ConfigContentInput,
  ConfigInput,
  ConfigRecord,
  ProxyConfig,
} from './resources/config.js';
export {
  configContentSchema,
  configRecordSchema,
  configSchema,
  createdBySchema,
  defaultCreatedBy,
  proxyConfigSchema,
} from './resources/config.js';
export type {
  Destination,
  DestinationMetadata,
  DestinationRequest,
  DestinationUpdate,
} from './resources/destination.js';
export {
  destinationMetadataSchema,
  destinationNameSchema,
  destinationRequestSchema,
  destinationSchema,
  destinationUpdateSchema,
  isReservedHeaderName,
  webhookHeadersSchema,
  webhookUrlSchema,
} from './resources/destination.js';
export type { FieldMappingEntry, MappedValue } from './resources/field-mapping.js';
export { fieldMappingEntrySchema, mappedValueSchema } from './resources/field-mapping.js';
export type {
  ConnectionUpdateRequest,
  GenerateConnectionRequest,
  HostedProject,
  HydratedReadObject,
  HydratedRevision,
  ProviderApp,
} from './resources/hosted-surface.js';
export {
  connectionGetQuerySchema,
  connectionListQuerySchema,
  connectionUpdateMaskSchema,
  connectionUpdateRequestSchema,
  generateConnectionRequestSchema,
  hydratedFieldSchema,
  hydratedReadObjectSchema,
  hydratedRevisionSchema,
  hydrateQuerySchema,
  projectQuerySchema,
  projectSchema,
  providerAppSchema,
} from './resources/hosted-surface.js';
export type {
  Connection,
  ConnectionStatus,
  Group,
  Installation,
  InstallationRequest,
  InstallationRequestInput,
} from './resources/installation.js';
export {
  connectionSchema,
  connectionStatusSchema,
  groupSchema,
  installationRequestSchema,
  installationSchema,
  installationWriteQuerySchema,
} from './resources/installation.js';
export type {
  InstallationUpdate,
  InstallationUpdateContent,
  UpdateMask,
} from './resources/installation-update.js';
export {
  installationUpdateContentSchema,
  installationUpdateSchema,
  parseUpdateMask,
  updateMaskPath,
} from './resources/installation-update.js';
export type { Invite, InviteStatus } from './resources/invite.js';
export { inviteSchema, inviteStatusSchema } from './resources/invite.js';
export type { InviteRequest } from './resources/invite-request.js';
export { inviteRequestSchema } from './resources/invite-request.js';
export { limits } from './resources/limits.js';
export type {
  Manifest,
  ManifestField,
  ManifestIntegration,
  ManifestReadObject,
  ManifestWriteObject,
} from './resources/manifest.js';
export {
  hostedManifestIntegrationSchema,
  manifestFieldSchema,
  manifestIntegrationSchema,
  manifestReadObjectSchema,
  manifestSchema,
  manifestWriteObjectSchema,
} from './resources/manifest.js';
export type { FieldMetadata, Integration, ObjectMetadata, ValueType } from './resources/metadata.js';
export {
  fieldMetadataSchema,
  integrationSchema,
  objectMetadataSchema,
  valueTypeSchema,
} from './resources/metadata.js';
export type {
  EventTopicRoute,
  NotificationEventType,
  NotificationPayload,
  Topic,
  TopicDestinationRoute,
} from './resources/notification.js';
export {
  eventTopicRouteRequestSchema,
  eventTopicRouteSchema,
  notificationEventTypeSchema,
  notificationEventTypes,
  notificationPayloadSchema,
  topicDestinationRouteRequestSchema,
  topicDestinationRouteSchema,
  topicNameSchema,
  topicRequestSchema,
  topicSchema,
} from './resources/notification.js';
export type {
  ConnectError,
  OauthCompleteAnswer,
  OauthCompleteRequest,
  OauthConnectRequest,
  OauthUpdateRequest,
} from './resources/oauth-connect.js';
export {
  connectErrorSchema,
  oauthCompleteAnswerSchema,
  oauthCompleteRequestSchema,
  oauthConnectRequestSchema,
  oauthUpdateRequestSchema,
} from './resources/oauth-connect.js';
export type {
  BackfillProgress,
  Operation,
  OperationList,
  OperationLog,
  OperationMetadata,
  OperationStatus,
} from './resources/operation.js';
export {
  backfillProgressSchema,
  operationListSchema,
  operationLogSchema,
  operationMetadataSchema,
  operationSchema,
  operationStatusSchema,
} from './resources/operation.js';
export type { PreviousConfig } from './resources/previous-config.js';
export { previousConfigSchema } from './resources/previous-config.js';
export type { FilterValue } from './resources/primitives.js';
export { dateTimeSchema, filterValueSchema, nameSchema } from './resources/primitives.js';
export type { Issue, IssueLocation, Problem } from './resources/problem.js';
export { issueLocationSchema, issueSchema, problemContentType, problemSchema } from './resources/problem.js';
export type { ReadConfig, ReadObjectConfig } from './resources/read-config.js';
export { readConfigSchema, readObjectConfigSchema, scheduleSchema } from './resources/read-config.js';
export type { ReadFilter } from './resources/read-filter.js';
export { readFilterSchema, readFiltersSchema } from './resources/read-filter.js';
export type { PauseReadsRequest, TriggerReadRequest, TriggerReadResult } from './resources/read-request.js';
export {
  pauseReadsRequestSchema,
  triggerReadRequestSchema,
  triggerReadResultSchema,
} from './resources/read-request.js';
export type {
  ObjectDelivery,
  ObjectReadStatus,
  ProviderWait,
  ReadStatus,
} from './resources/read-status.js';
export {
  objectDeliverySchema,
  objectReadStatusSchema,
  providerWaitSchema,
  readStatusSchema,
} from './resources/read-status.js';
export type { SearchFilter, SearchRequest, SearchResponse, SearchResultItem } from './resources/search.js';
export {
  searchFilterSchema,
  searchRequestSchema,
  searchResponseSchema,
  searchResultItemSchema,
} from './resources/search.js';
export type {
  FieldValueMapping,
  ProviderValues,
  UnmappedValues,
} from './resources/value-mapping.js';
export {
  fieldValueMappingSchema,
  providerValuesSchema,
  unmappedValuesSchema,
} from './resources/value-mapping.js';
export type {
  ReadType,
  WebhookMessage,
  WebhookResultEntry,
  WebhookResultInfo,
} from './resources/webhook-message.js';
export {
  readTypeSchema,
  webhookMessageSchema,
  webhookResultEntrySchema,
  webhookResultInfoSchema,
} from './resources/webhook-message.js';
export type {
  FieldDefault,
  FieldSetting,
  FieldSettingInput,
  ValueDefault,
  WriteConfig,
  WriteObjectConfig,
} from './resources/write-config.js';
export {
  fieldDefaultSchema,
  fieldSettingSchema,
  valueDefaultSchema,
  writeConfigSchema,
  writeObjectConfigSchema,
  writeOnCreateSchema,
  writeOnUpdateSchema,
} from './resources/write-config.js';
export type {
  WriteAcceptedResponse,
  WriteBatchResponse,
  WriteMode,
  WriteOperationDetails,
  WriteRecord,
  WriteRequest,
  WriteResult,
  WriteSingleResponse,
  WriteType,
} from './resources/write-request.js';
export {
  writeAcceptedResponseSchema,
  writeBatchLimit,
  writeBatchResponseSchema,
  writeModeSchema,
  writeOperationDetailsSchema,
  writeRecordSchema,
  writeRequestSchema,
  writeResultSchema,
  writeSingleResponseSchema,
  writeTypeSchema,
} from './resources/write-request.js';
export type {
  ObjectWriteStatus,
  WriteFailure,
  WriteStatus,
  WriteStatusQuery,
} from './resources/write-status.js';
export {
  objectWriteStatusSchema,
  writeFailureSchema,
  writeStatusQuerySchema,
  writeStatusSchema,
} from './resources/write-status.js';
export {
  connectAttemptPattern,
  connectChannelName,
  connectErrors,
  connectResultType,
  readConnectResult,
} from './rules/connect-result.js';
export type { EmailProblem } from './rules/email.js';
export { emailPattern, emailProblem } from './rules/email.js';
export type {
  FieldNameSource,
  MappingContext,
  ResolvedField,
  ResolvedFilter,
} from './rules/field-resolution.js';
export {
  fieldMappings,
  mappedFieldsOf,
  resolveFieldName,
  resolveFilters,
  toMappedFields,
  toProviderValue,
} from './rules/field-resolution.js';
export {
  describeZodIssue,
  echoableValue,
  formatPath,
  protoKeyIssues,
  toIssues,
  valueAt,
} from './rules/issues.js';
export type { Searchability } from './rules/searchability.js';
export { searchability, searchableObjects } from './rules/searchability.js';
export { defaultUnmappedValues, providerValuesOf } from './rules/value-mapping-rules.js';
export type { InputKind, ValueKind } from './rules/value-types.js';
export {
  inputKindOf,
  isIsoDate,
  isIsoDateTime,
  typeMismatch,
  valueFitsType,
  valueFormatOf,
  valueKindOf,
} from './rules/value-types.js';
