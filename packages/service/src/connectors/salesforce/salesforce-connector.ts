/**
 * The Salesforce connector: the `Connector` of one connection over Salesforce's REST API, through the
 * connection's `ProviderHttp` (whose base is the connection's `instance_url`). Describes are kept for a
 * few minutes: search and reads check every field name against them, and the wizard asks for them again.
 */
import type { ObjectMetadata } from '@splice/schema';
import type {
  BatchWriteRequest,
  Connector,
  ProviderRecord,
  ReadPageRequest,
  ReadPageResult,
  SearchRequest,
  WriteOutcome,
  WriteRecordRequest,
} from '../connector.js';
import type { ProviderHttp } from '../provider-http.js';
import { DescribedFields, describeSchema, toObjectMetadata } from './describe.js';
import { readSalesforcePage } from './read-page.js';
import { salesforceProvider, sobjectPath } from './salesforce-api.js';
import { expectSuccess, parseAnswer } from './salesforce-errors.js';
import { searchSalesforce } from './search.js';
import { batchWriteRecords, deleteRecord, readRecord, writeRecord } from './writes.js';

export interface SalesforceConnectorOptions {
  /** How long a describe is reused (default 5 minutes): a field added in Salesforce shows up after it. */
  describeTtlMs?: number;
  /** Default `Date.now`. */
  now?: () => number;
}

export class SalesforceConnector implements Connector {
  readonly provider = salesforceProvider;
  private readonly describes = new Map<string, { atMs: number; fields: Promise<DescribedFields> }>();
  private readonly describeTtlMs: number;
  private readonly now: () => number;

  constructor(
    private readonly http: ProviderHttp,
    options: SalesforceConnectorOptions = {},
  ) {
    this.describeTtlMs = options.describeTtlMs ?? 5 * 60_000;
    this.now = options.now ?? Date.now;
  }

  /** The object's describe, fetched once per TTL; a failed fetch is not kept. */
  describe(objectName: string, signal?: AbortSignal): Promise<DescribedFields> {
    const key = objectName.toLowerCase();
    const kept = this.describes.get(key);
    if (kept && this.now() - kept.atMs < this.describeTtlMs) return kept.fields;
    const fields = this.http
      .send({ method: 'GET', path: `${sobjectPath(objectName)}/describe`, ...(signal && { signal }) })
      .then(
        (response) =>
          new DescribedFields(parseAnswer(describeSchema, expectSuccess(response).body, 'describe')),
      );
    const entry = { atMs: this.now(), fields };
    this.describes.set(key, entry);
    fields.catch(() => {
      if (this.describes.get(key) === entry) this.describes.delete(key);
    });
    return fields;
  }

  async listObjectMetadata(objectNames: readonly string[], signal?: AbortSignal): Promise<ObjectMetadata[]> {
    const described = await Promise.all(objectNames.map((name) => this.describe(name, signal)));
    return described.map((fields) => toObjectMetadata(fields.describe));
  }

  async readPage(request: ReadPageRequest): Promise<ReadPageResult> {
    return readSalesforcePage(this.http, await this.describe(request.objectName, request.signal), request);
  }

  async search(request: SearchRequest): Promise<ProviderRecord[]> {
    return searchSalesforce(this.http, await this.describe(request.objectName, request.signal), request);
  }

  async getRecord(
    objectName: string,
    recordId: string,
    fields: readonly string[],
    signal?: AbortSignal,
  ): Promise<ProviderRecord | undefined> {
    const described = await this.describe(objectName, signal);
    return readRecord(this.http, described, { objectName, recordId, fields, ...(signal && { signal }) });
  }

  write(request: WriteRecordRequest): Promise<WriteOutcome> {
    return writeRecord(this.http, request);
  }

  batchWrite(request: BatchWriteRequest): Promise<WriteOutcome[]> {
    return batchWriteRecords(this.http, request);
  }

  delete(objectName: string, recordId: string, signal?: AbortSignal): Promise<void> {
    return deleteRecord(this.http, objectName, recordId, signal);
  }
}
