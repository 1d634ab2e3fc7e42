/**
 * Reading a page of provider records and shaping it into messages, the costly half of a read (about half
 * of a backfill's CPU time). `PageBuilder` hides where that runs: in the engine's thread
 * (`inThreadPageBuilder`, any provider) or in a worker thread beside it (./page-thread.ts, the sandbox), so
 * a backfill uses both cores while the engine's thread stores pages and delivers messages.
 */
import type { Provider, ProviderRecord, ReadWindow } from '../provider/provider-contract.js';
import type { RecordShaping } from '../records/record-shaping.js';
import type { MessageEnvelope } from './build-messages.js';
import { packMessages, resultEntries } from './build-messages.js';
import type { NewDelivery } from './operation-store.js';
import { TimeSlice } from './time-slice.js';

/** Everything a page needs, as plain data (it crosses to a worker thread by structured clone). */
export interface PageRequest {
  objectName: string;
  window: ReadWindow;
  afterId: number;
  limit: number;
  shaping: RecordShaping;
  envelope: MessageEnvelope;
  destinationName: string;
  maxMessageBytes: number;
  /** Records shaped between two yields to the event loop (in-thread only). */
  buildChunk: number;
}

export interface BuiltPage {
  messages: NewDelivery[];
  /** The id to continue after; the request's `afterId` when the page is empty. */
  lastId: number;
  /** Records read (a page shorter than `limit` is the last). */
  records: number;
}

export interface PageBuilder {
  /** True when pages are built on the caller's thread. */
  readonly inThread: boolean;
  build(request: PageRequest): Promise<BuiltPage>;
  close(): Promise<void>;
}

/** Reads and shapes one page; `pause` is awaited between chunks of records. */
export async function buildPage(
  provider: Pick<Provider, 'readPage'>,
  request: PageRequest,
  pause?: () => Promise<void>,
): Promise<BuiltPage> {
  const page = provider.readPage(request.objectName, request.window, request.afterId, request.limit);
  const messages = await messagesOf(page.records, request, pause);
  return { messages, lastId: page.lastId, records: page.records.length };
}

/**
 * A page's records shaped and packed into messages; `pause` is awaited between chunks of `buildChunk`
 * records. The sandbox's pages and a connector's pages become messages the same way.
 */
export async function messagesOf(
  records: readonly ProviderRecord[],
  request: Pick<PageRequest, 'shaping' | 'envelope' | 'destinationName' | 'maxMessageBytes' | 'buildChunk'>,
  pause?: () => Promise<void>,
): Promise<NewDelivery[]> {
  const resultEntry = resultEntries(request.shaping);
  const entries: string[] = [];
  for (let index = 0; index < records.length; index++) {
    entries.push(resultEntry(records[index]!));
    if (pause && (index + 1) % request.buildChunk === 0) await pause();
  }
  return packMessages(request.envelope, entries, request.destinationName, request.maxMessageBytes);
}

/** Builds pages in the caller's thread, yielding to the event loop so requests stay answered. */
export function inThreadPageBuilder(provider: Provider): PageBuilder {
  return {
    inThread: true,
    build: (request) => {
      const slice = new TimeSlice();
      return buildPage(provider, request, () => slice.yield());
    },
    close: async () => {},
  };
}
