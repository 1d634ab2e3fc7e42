import type { Installation, IntegrationDetails, SpliceMessages } from '@splice/react';
import { describeSchedule, useSpliceUi } from '@splice/react';

type ReadObjects = NonNullable<Installation['config']['content']['read']>['objects'];
type ReadObject = ReadObjects[string];

function backfillText(object: ReadObject): string {
  const period = object.backfill?.defaultPeriod;
  if (period?.fullHistory) return 'Full history';
  const days = period?.days ?? 0;
  if (days <= 0) return 'No history, new changes only';
  return days === 1 ? 'The last day' : `The last ${days} days`;
}

function scheduleText(
  schedule: string | undefined,
  defaultSchedule: string | undefined,
  messages: SpliceMessages,
): string {
  // Without its own schedule an object follows the integration's (the service reads the manifest's):
  // say which one that is, not just that there is one.
  if (!schedule) {
    if (!defaultSchedule) return 'Not scheduled: the integration sets no schedule';
    const described = describeSchedule(defaultSchedule, messages) ?? defaultSchedule;
    return `${described} (the integration’s default, ${defaultSchedule})`;
  }
  const description = describeSchedule(schedule, messages);
  return description ? `${description} (${schedule})` : schedule;
}

function fieldsText(object: ReadObject): string {
  if (object.selectedFieldsAuto === 'all') return 'Every field, including fields added later';
  const fields = Object.entries(object.selectedFields ?? {}).filter(([, on]) => on);
  return fields.length === 0 ? 'The required fields only' : fields.map(([name]) => name).join(', ');
}

function ReadObjectSummary({
  name,
  object,
  defaultSchedule,
}: {
  name: string;
  object: ReadObject;
  defaultSchedule: string | undefined;
}) {
  const { messages } = useSpliceUi();
  const mappings = Object.entries(object.selectedFieldMappings ?? {});
  const valueMappings = Object.entries(object.selectedValueMappings ?? {});
  const headingId = `read-${name}`;
  return (
    <section className="nw-object" aria-labelledby={headingId}>
      <h3 id={headingId}>
        Reads <code>{name}</code>
        {object.disabled && <span className="nw-badge nw-badge--muted">Paused</span>}
      </h3>
      <dl className="nw-facts">
        <dt>Fields</dt>
        <dd>{fieldsText(object)}</dd>
        <dt>Schedule</dt>
        <dd>{scheduleText(object.schedule, defaultSchedule, messages)}</dd>
        <dt>History import</dt>
        <dd>{backfillText(object)}</dd>
        {object.fieldFilters && object.fieldFilters.length > 0 && (
          <>
            <dt>Only records where</dt>
            <dd>
              {object.fieldFilters
                .map((filter) => `${filter.fieldName} = ${JSON.stringify(filter.value)}`)
                .join(' and ')}
            </dd>
          </>
        )}
      </dl>
      {mappings.length > 0 && (
        <table className="nw-table">
          <caption>Field mapping</caption>
          <thead>
            <tr>
              <th scope="col">Northwind field</th>
              <th scope="col">CRM field</th>
              <th scope="col">Values (Northwind → CRM)</th>
            </tr>
          </thead>
          <tbody>
            {mappings.map(([mapToName, providerField]) => {
              const values = object.selectedValueMappings?.[mapToName];
              return (
                <tr key={mapToName}>
                  <th scope="row">
                    <code>{mapToName}</code>
                  </th>
                  <td>
                    <code>{providerField}</code>
                  </td>
                  <td>
                    {values
                      ? Object.entries(values)
                          .map(([ours, theirs]) => `${ours} → ${theirs}`)
                          .join(', ')
                      : '—'}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {valueMappings
        .filter(([mapToName]) => !mappings.some(([mapped]) => mapped === mapToName))
        .map(([mapToName, values]) => (
          <p key={mapToName}>
            Values of <code>{mapToName}</code>:{' '}
            {Object.entries(values)
              .map(([ours, theirs]) => `${ours} → ${theirs}`)
              .join(', ')}
          </p>
        ))}
    </section>
  );
}

/** What was installed, in words: who, when, and per object what is read and how it is mapped. */
export function InstallationSummary({
  installation,
  details,
}: {
  installation: Installation;
  /** The integration's details: each object's manifest schedule, the one that applies without its own. */
  details: IntegrationDetails;
}) {
  const { content } = installation.config;
  const readObjects = Object.entries(content.read?.objects ?? {});
  const writeObjects = Object.entries(content.write?.objects ?? {});
  const created = new Date(installation.createTime);
  return (
    <div className="nw-installation">
      <dl className="nw-facts nw-facts--summary">
        <dt>Installed by</dt>
        <dd>{installation.createdBy.replace(/^consumer:/, '')}</dd>
        <dt>Installed on</dt>
        <dd>
          <time dateTime={installation.createTime}>{created.toLocaleString()}</time>
        </dd>
        <dt>Health</dt>
        <dd>
          <span className={`nw-badge nw-badge--${installation.healthStatus === 'healthy' ? 'ok' : 'bad'}`}>
            {installation.healthStatus === 'healthy' ? 'Healthy' : 'Unhealthy'}
          </span>
        </dd>
        <dt>CRM account</dt>
        <dd>
          {installation.connection.provider} (<code>{installation.connection.id}</code>)
        </dd>
        <dt>Installation ID</dt>
        <dd>
          <code>{installation.id}</code>
        </dd>
      </dl>
      {readObjects.map(([name, object]) => (
        <ReadObjectSummary
          key={name}
          name={name}
          object={object}
          defaultSchedule={details.readObjects.find((o) => o.objectName === name)?.manifest.schedule}
        />
      ))}
      {writeObjects.length > 0 && (
        <section className="nw-object" aria-labelledby="writes-heading">
          <h3 id="writes-heading">Writes back</h3>
          <ul>
            {writeObjects.map(([name, object]) => (
              <li key={name}>
                <code>{name}</code>
                {object.deletionSettings?.enabled ? ', deletions included' : ''}
              </li>
            ))}
          </ul>
        </section>
      )}
      {content.proxy && (
        <p>
          Direct CRM calls through the proxy: <strong>{content.proxy.enabled ? 'on' : 'off'}</strong>
        </p>
      )}
      <details className="nw-raw">
        <summary>The installation as the service returned it</summary>
        <pre>{JSON.stringify(installation, null, 2)}</pre>
      </details>
    </div>
  );
}
