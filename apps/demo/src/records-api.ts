/** What `GET /demo/records` answers: Northwind's own table of delivered CRM records (server/imported-records.ts). */
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
  counts: Record<string, number>;
  total: number;
  records: ImportedRecord[];
}

export async function fetchImportedRecords(signal?: AbortSignal): Promise<ImportedRecordsPage> {
  const response = await fetch('/demo/records', { headers: { Accept: 'application/json' }, signal });
  if (!response.ok) throw new Error(`Northwind's server answered ${response.status}.`);
  return (await response.json()) as ImportedRecordsPage;
}
