import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '../components/page-header.js';
import { SendLead } from '../components/send-lead.js';
import { useServedIntegration } from '../integration.js';
import type { ImportedRecord } from '../records-api.js';
import { fetchImportedRecords } from '../records-api.js';
import { hrefOf } from '../routes.js';
import { useSignedInUser } from '../signed-in-user.js';

const readTypeLabel: Record<string, string> = {
  backfill: 'Backfill',
  scheduled: 'Scheduled',
  triggered: 'Run now',
};

/** The CRM each of Northwind's integrations writes to, by name. */
const crmNames: Record<string, string> = { 'hubspot-sync': 'HubSpot', 'salesforce-sync': 'Salesforce' };

function show(value: unknown): string {
  if (value === null || value === undefined) return '—';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Mapped fields first (Northwind's own names), then the CRM's other fields. */
function FieldList({ record }: { record: ImportedRecord }) {
  const mapped = Object.entries(record.mappedFields);
  const others = Object.entries(record.fields).filter(([name]) => !(name in record.mappedFields));
  return (
    <dl className="nw-record-fields">
      {mapped.map(([name, value]) => (
        <div key={`m-${name}`} className="nw-record-fields__mapped">
          <dt>{name}</dt>
          <dd>{show(value)}</dd>
        </div>
      ))}
      {others.map(([name, value]) => (
        <div key={`f-${name}`}>
          <dt>{name}</dt>
          <dd>{show(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The CRM records Splice delivered to Northwind's own endpoint, read from Northwind's own table (not
 * from Splice): the proof that the integration runs. Refreshed every two seconds, so a backfill is seen
 * arriving.
 */
export function RecordsPage() {
  const user = useSignedInUser();
  const records = useQuery({
    queryKey: ['northwind', 'imported-records', user.groupRef],
    queryFn: ({ signal }) => fetchImportedRecords(signal),
    refetchInterval: 2_000,
    staleTime: 0,
  });
  const data = records.data;
  const served = useServedIntegration();
  const crmName = served.status === 'ready' ? crmNames[served.id] : undefined;

  return (
    <>
      <PageHeader title="Imported records">
        <p>
          CRM records that Splice delivered to Northwind for {user.company}, as Northwind stored them in its
          own database. Progress of each read is on the <a href={hrefOf('/installation')}>sync settings</a>.
          Each record keeps its CRM's own object and field names: HubSpot's contacts, companies and deals,
          Salesforce's Contact, Account and Opportunity. Northwind's names (the pipeline stage, the priority)
          are the mapped fields, listed first.
        </p>
      </PageHeader>
      {served.status === 'ready' && crmName && <SendLead integrationId={served.id} crmName={crmName} />}
      <section className="nw-card" aria-label="Imported records">
        {records.isPending ? (
          <p role="status">Loading imported records…</p>
        ) : records.isError && !data ? (
          <div role="alert" className="nw-form-error">
            <p>The imported records could not be loaded ({records.error.message}).</p>
            <button
              type="button"
              className="nw-button nw-button--quiet"
              onClick={() => void records.refetch()}
            >
              Try again
            </button>
          </div>
        ) : data && data.total === 0 ? (
          <p className="nw-empty">
            No records have arrived yet. Install your CRM's sync with a backfill to import past records.
          </p>
        ) : data ? (
          <>
            <p role="status" data-testid="imported-total">
              <strong>{data.total.toLocaleString('en')}</strong> records imported
              {Object.keys(data.counts).length > 0 &&
                ` (${Object.entries(data.counts)
                  .map(([object, n]) => `${object}: ${n.toLocaleString('en')}`)
                  .join(', ')})`}
              .
            </p>
            <div className="nw-table-scroll">
              <table className="nw-table">
                <caption className="nw-muted">
                  The latest {data.records.length} received, newest first.
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Record</th>
                    <th scope="col">Fields (mapped first)</th>
                  </tr>
                </thead>
                <tbody>
                  {/* Two columns, so that a phone shows the fields without scrolling sideways. */}
                  {data.records.map((record) => (
                    <tr key={`${record.objectName}/${record.recordId}`}>
                      <td className="nw-record-meta">
                        <span className="nw-muted">{record.objectName}</span> <code>{record.recordId}</code>
                        <span>{readTypeLabel[record.readType] ?? record.readType}</span>
                        <ReceivedAt time={record.receivedAt} />
                      </td>
                      <td>
                        <FieldList record={record} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        ) : null}
      </section>
    </>
  );
}

/**
 * When a record arrived, in the user's zone and named so, as two lines that never break inside: the
 * date, then the time to the second (records of one delivery arrive seconds apart).
 */
function ReceivedAt({ time }: { time: string }) {
  const moment = new Date(time);
  return (
    <time dateTime={time} className="nw-muted">
      <span className="nw-nowrap">{moment.toLocaleDateString(undefined, { dateStyle: 'medium' })}</span>{' '}
      <span className="nw-nowrap">
        {moment.toLocaleTimeString(undefined, {
          hour: 'numeric',
          minute: '2-digit',
          second: '2-digit',
          timeZoneName: 'short',
        })}
      </span>
    </time>
  );
}
