/**
 * One record as Northwind keeps it (server/imported-records.ts stores them; `GET /demo/records` answers a
 * page of them): the CRM record's mapped and other fields, and how it came.
 */
export interface ImportedRecord {
  objectName: string;
  recordId: string;
  readType: string;
  operationId: string | null;
  mappedFields: Record<string, unknown>;
  fields: Record<string, unknown>;
  receivedAt: string;
}

export interface ImportedRecordsPage {
  /** Records held for the group, per object. */
  counts: Record<string, number>;
  total: number;
  /** The latest received first. */
  records: ImportedRecord[];
}

export async function fetchImportedRecords(signal?: AbortSignal): Promise<ImportedRecordsPage> {
  const response = await fetch('/demo/records', { headers: { Accept: 'application/json' }, signal });
  if (!response.ok) throw new Error(`Northwind's server answered ${response.status}.`);
  return (await response.json()) as ImportedRecordsPage;
}
