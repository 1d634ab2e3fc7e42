export type {
  WriteAcceptedResponse,
  WriteBatchResponse,
  WriteRequest,
  WriteResult,
  WriteSingleResponse,
} from '@splice/schema';
export type { BffLogger, LogEntry, LogLevel } from '../log/log-entry.js';
export type { UpstreamIssue, UpstreamProblemBody } from '../upstream/answers/problem.js';
export type { UpstreamFaultKind } from '../upstream/upstream-fault.js';
export { UpstreamFault } from '../upstream/upstream-fault.js';
export { UpstreamProblem } from '../upstream/upstream-problem.js';
export type {
  CallOptions,
  SpliceServerClient,
  TriggerReadInput,
  WriteInput,
} from './create-server-client.js';
export { createSpliceServerClient } from './create-server-client.js';
export type { OperationAnswer } from './operation-answer.js';
export { operationAnswerSchema } from './operation-answer.js';
export type { SpliceServerClientOptions } from './server-client-options.js';
export type { WriteOutcome } from './write-outcome.js';
export { failureReasons, writtenRecordId } from './write-outcome.js';
