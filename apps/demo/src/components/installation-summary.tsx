import type { Installation, IntegrationDetails, ReadObjectDetails, SpliceMessages } from '@splice/react';
import { describeSchedule, formatMessage, formatTime, useSpliceUi } from '@splice/react';
import type { FieldValueMapping } from '@splice/schema';
import { providerValuesOf } from '@splice/schema';

type ReadObjects = NonNullable<Installation['config']['content']['read']>['objects'];
type ReadObject = ReadObjects[string];

function backfillText(object: ReadObject, details: ReadObjectDetails | undefined): string {
  // Without its own choice an object gets the manifest's (as the service plans it).
  const period = (object.backfill ?? details?.manifest.backfill)?.defaultPeriod;
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

/**
 * Everything shown here in the user's words: the provider's display names for its fields and values,
 * the manifest's for Northwind's own fields and values. API names appear only where no name is known.
 */
function namesFor(details: ReadObjectDetails | undefined) {
  const fields = new Map(details?.fields.map((f) => [f.fieldName, f]));
  const inputs = new Map(details?.mappingInputs.map((i) => [i.mapToName, i]));
  return {
    field: (name: string) => fields.get(name)?.displayName ?? name,
    value: (field: string, value: unknown) =>
      fields.get(field)?.values?.find((v) => v.value === value)?.displayValue ?? String(value),
    ours: (mapToName: string) => inputs.get(mapToName)?.mapToDisplayName ?? mapToName,
    ourValue: (mapToName: string, value: string) =>
      inputs.get(mapToName)?.mappedValues?.find((v) => v.mappedValue === value)?.mappedDisplayValue ?? value,
  };
}

function fieldsText(object: ReadObject, names: ReturnType<typeof namesFor>): string {
  if (object.selectedFieldsAuto === 'all') return 'Every field, including fields added later';
  const fields = Object.entries(object.selectedFields ?? {}).filter(([, on]) => on);
  return fields.length === 0
    ? 'The required fields only'
    : fields.map(([name]) => names.field(name)).join(', ');
}

function ReadObjectSummary(props: {
  name: string;
  object: ReadObject;
  details: ReadObjectDetails | undefined;
}) {
  const { name, object, details } = props;
  const { messages } = useSpliceUi();
  const names = namesFor(details);
  // The manifest's fixed mappings (Surname always from Last Name) are read too, though the config does not
  // repeat them: list them with the chosen ones, in the manifest's order, as the wizard's review does.
  const selected = object.selectedFieldMappings ?? {};
  const inputs = details?.mappingInputs ?? [];
  const mappings: Array<[string, string]> = [
    ...inputs.flatMap((input): Array<[string, string]> => {
      const field = selected[input.mapToName] ?? input.fieldName;
      return field ? [[input.mapToName, field]] : [];
    }),
    ...Object.entries(selected).filter(([mapToName]) => !inputs.some((i) => i.mapToName === mapToName)),
  ];
  const valueMappings = Object.entries(object.selectedValueMappings ?? {});
  // Written as the wizard's review writes them (Splice's one message for a mapping): ours ← theirs.
  const values = (mapToName: string, providerField: string | undefined, pairs: FieldValueMapping) =>
    Object.entries(pairs)
      .map(([ours, theirs]) =>
        formatMessage(messages.mappingPair, {
          app: names.ourValue(mapToName, ours),
          provider: providerValuesOf(theirs)
            .map((value) => (providerField ? names.value(providerField, value) : value))
            .join(' / '),
        }),
      )
      .join(', ');
  const label = details?.displayName ?? name;
  const headingId = `read-${name}`;
  return (
    <section className="nw-object" aria-labelledby={headingId}>
      <h3 id={headingId}>
        Reads {label}
        {object.disabled && <span className="nw-badge nw-badge--muted">Turned off</span>}
      </h3>
      {/* Turned off, nothing is read: a schedule or a history import listed here would be untrue. */}
      {object.disabled && <p>Turned off in these settings: nothing is read. Edit settings to turn it on.</p>}
      <dl className="nw-facts">
        <dt>Fields</dt>
        <dd>{fieldsText(object, names)}</dd>
        {!object.disabled && (
          <>
            <dt>Schedule</dt>
            <dd>{scheduleText(object.schedule, details?.manifest.schedule, messages)}</dd>
            <dt>History import</dt>
            <dd>{backfillText(object, details)}</dd>
          </>
        )}
        {object.fieldFilters && object.fieldFilters.length > 0 && (
          <>
            <dt>Only records where</dt>
            <dd>
              {object.fieldFilters
                .map(
                  (filter) =>
                    `${names.field(filter.fieldName)} = ${names.value(filter.fieldName, filter.value)}`,
                )
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
              <th scope="col">Values (Northwind ← CRM)</th>
            </tr>
          </thead>
          <tbody>
            {mappings.map(([mapToName, providerField]) => {
              const pairs = object.selectedValueMappings?.[mapToName];
              return (
                <tr key={mapToName}>
                  <th scope="row">{names.ours(mapToName)}</th>
                  <td>{names.field(providerField)}</td>
                  <td>{pairs ? values(mapToName, providerField, pairs) : '—'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {valueMappings
        .filter(([mapToName]) => !mappings.some(([mapped]) => mapped === mapToName))
        .map(([mapToName, pairs]) => (
          <p key={mapToName}>
            Values of {names.ours(mapToName)}:{' '}
            {values(
              mapToName,
              details?.mappingInputs.find((i) => i.mapToName === mapToName)?.fieldName,
              pairs,
            )}
          </p>
        ))}
    </section>
  );
}

type WriteObject = NonNullable<Installation['config']['content']['write']>['objects'][string];
type FieldSettings = NonNullable<WriteObject['selectedFieldSettings']>;

/**
 * Each default value the integration writes, with when: on create and on update, in the words the
 * wizard's review writes them ("creating: Always write; updating: Only if empty"), so nothing is left out.
 */
function WriteDefaults({
  settings,
  details,
  messages,
}: {
  settings: FieldSettings;
  details: IntegrationDetails['writeObjects'][number] | undefined;
  messages: SpliceMessages;
}) {
  const entries = Object.entries(settings);
  if (entries.length === 0) return null;
  const when = { always: messages.writeAlways, never: messages.writeNever, ifEmpty: messages.writeIfEmpty };
  const fieldOf = (name: string) => details?.fields.find((f) => f.fieldName === name);
  return (
    <ul>
      {entries.map(([fieldName, setting]) => {
        const field = fieldOf(fieldName);
        const raw =
          setting.default?.stringValue ?? setting.default?.integerValue ?? setting.default?.booleanValue;
        const value = field?.values?.find((v) => v.value === raw)?.displayValue ?? String(raw ?? '');
        return (
          <li key={fieldName}>
            {field?.displayName ?? fieldName} = {value} (
            {formatMessage(messages.reviewDefaultWhen, {
              create: when[setting.writeOnCreate ?? 'always'],
              update: when[setting.writeOnUpdate ?? 'always'],
            })}
            )
          </li>
        );
      })}
    </ul>
  );
}

/** What was installed, in words: who, when, and per object what is read and how it is mapped. */
export function InstallationSummary({
  installation,
  details,
}: {
  installation: Installation;
  /** The integration's details: display names, and each object's manifest schedule (the default one). */
  details: IntegrationDetails;
}) {
  const { messages } = useSpliceUi();
  const { content } = installation.config;
  // The objects the manifest reads always are read whether the config names them or not: listed too,
  // so that the summary names every object the sync status shows.
  const configured = Object.entries(content.read?.objects ?? {});
  const readObjects: Array<[string, ReadObject]> = [
    ...configured,
    ...details.readObjects
      .filter((o) => o.enabledAlways && !configured.some(([, c]) => c.objectName === o.objectName))
      .map((o): [string, ReadObject] => [o.objectName, { objectName: o.objectName }]),
  ];
  const connectionBroken = details.connection?.status === 'bad_credentials';
  const healthy = installation.healthStatus === 'healthy' && !connectionBroken;
  const writeObjects = Object.entries(content.write?.objects ?? {});
  const objectLabel = (name: string) =>
    [...details.readObjects, ...details.writeObjects].find((o) => o.objectName === name)?.displayName ?? name;
  return (
    <div className="nw-installation">
      <dl className="nw-facts nw-facts--summary">
        <dt>Installed by</dt>
        <dd>{installation.createdBy.replace(/^consumer:/, '')}</dd>
        <dt>Installed on</dt>
        <dd>
          {/* As Splice's components write every moment: in the user's zone, the zone named. */}
          <time dateTime={installation.createTime}>
            {formatTime(installation.createTime, messages.locale)}
          </time>
        </dd>
        <dt>Health</dt>
        <dd>
          {/* The service's health does not know that the CRM stopped accepting the sign-in: nothing can be
              read then, whatever it says. */}
          <span className={`nw-badge nw-badge--${healthy ? 'ok' : 'bad'}`}>
            {connectionBroken ? 'Connection broken' : healthy ? 'Healthy' : 'Unhealthy'}
          </span>
        </dd>
        <dt>CRM</dt>
        {/* Ids (installation, connection) are for support, not for the people using the page. */}
        <dd>{details.integration.providerDisplayName}</dd>
      </dl>
      {readObjects.map(([name, object]) => (
        <ReadObjectSummary
          key={name}
          name={name}
          object={object}
          details={details.readObjects.find((o) => o.objectName === name)}
        />
      ))}
      {writeObjects.length > 0 && (
        <section className="nw-object" aria-labelledby="writes-heading">
          <h3 id="writes-heading">Writes back</h3>
          <ul>
            {writeObjects.map(([name, object]) => (
              <li key={name}>
                {objectLabel(name)}
                {object.deletionSettings?.enabled
                  ? ': records may be deleted in the CRM'
                  : ': never deletes a record in the CRM'}
                <WriteDefaults
                  settings={object.selectedFieldSettings ?? {}}
                  details={details.writeObjects.find((o) => o.objectName === name)}
                  messages={messages}
                />
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
    </div>
  );
}
