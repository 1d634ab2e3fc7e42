import type {
  WriteAcceptedResponse,
  WriteBatchResponse,
  WriteResult,
  WriteSingleResponse,
} from '@splice/schema';

/**
 * What a write came to, by kind: one record (`single`), a batch, or an asynchronous write the service
 * took (`accepted`: its operation tells the end). `ok` is false when the provider refused any record (the
 * service's 422): `failureReasons` says why, in the provider's words.
 */
export type WriteOutcome =
  | { kind: 'single'; ok: boolean; response: WriteSingleResponse }
  | { kind: 'batch'; ok: boolean; response: WriteBatchResponse }
  | { kind: 'accepted'; ok: true; response: WriteAcceptedResponse };

const messagesOf = (result: WriteResult | undefined) => result?.errors?.map((e) => e.message) ?? [];

/** Every reason a write gave for records it did not write, top-level ones first. */
export function failureReasons(outcome: WriteOutcome): string[] {
  if (outcome.kind === 'accepted') return [];
  const top = outcome.response.errors?.map((e) => e.message) ?? [];
  if (outcome.kind === 'single') return [...top, ...messagesOf(outcome.response.result)];
  return [...top, ...(outcome.response.results ?? []).flatMap(messagesOf)];
}

/** The written record's id, for a single create or update that succeeded. */
export function writtenRecordId(outcome: WriteOutcome): string | undefined {
  if (outcome.kind !== 'single' || !outcome.ok) return undefined;
  return outcome.response.result?.recordId;
}
