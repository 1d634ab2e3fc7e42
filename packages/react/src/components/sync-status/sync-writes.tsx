import type { SyncWriteStatus } from '@splice/schema';
import type { SpliceMessages } from '../../provider/messages.js';
import { formatMessage } from '../../provider/messages.js';
import type { ClassNames } from '../shared/parts.js';
import { part } from '../shared/parts.js';
import { relativeTime } from './sync-time.js';

export type SyncWritesPart =
  | 'writes'
  | 'writes-heading'
  | 'objects'
  | 'object'
  | 'object-name'
  | 'facts'
  | 'problem';

export interface SyncWritesProps {
  id: string;
  headingLevel: 3 | 4 | 5 | 6;
  writes: readonly SyncWriteStatus[];
  /** Each object as the user knows it, by API name. */
  labels: ReadonlyMap<string, string>;
  now: Date;
  messages: SpliceMessages;
  classNames: ClassNames<SyncWritesPart> | undefined;
}

/**
 * What the app wrote to the user's CRM, per written object: records written today (and deleted or
 * refused, when any were), and the latest failure with the CRM's reason.
 */
export function SyncWrites(props: SyncWritesProps) {
  const { id, writes, labels, now, messages, classNames } = props;
  const locale = messages.syncLocale;
  const Heading = `h${props.headingLevel}` as 'h3';
  const ObjectHeading = `h${Math.min(props.headingLevel + 1, 6)}` as 'h4';
  return (
    <section {...part('writes', classNames)} aria-labelledby={`${id}-writes`}>
      <Heading {...part('writes-heading', classNames)} id={`${id}-writes`}>
        {messages.syncWritesHeading}
      </Heading>
      <ul {...part('objects', classNames)}>
        {writes.map((object) => {
          const label = labels.get(object.objectName) ?? object.objectName;
          const failure = object.lastFailure;
          return (
            <li
              key={object.objectName}
              {...part('object', classNames)}
              data-kind="write"
              data-state={failure ? 'failed-before' : 'ok'}
              // Named with the section's heading too: the same object's read has the object's name alone.
              aria-labelledby={`${id}-write-${object.objectName} ${id}-writes`}
            >
              <ObjectHeading {...part('object-name', classNames)} id={`${id}-write-${object.objectName}`}>
                {label}
              </ObjectHeading>
              <dl {...part('facts', classNames)}>
                <div>
                  <dt>{messages.syncWrittenToday}</dt>
                  <dd>{object.recordsWrittenToday.toLocaleString(locale)}</dd>
                </div>
                {object.recordsDeletedToday > 0 && (
                  <div>
                    <dt>{messages.syncDeletedToday}</dt>
                    <dd>{object.recordsDeletedToday.toLocaleString(locale)}</dd>
                  </div>
                )}
                {object.recordsFailedToday > 0 && (
                  <div>
                    <dt>{messages.syncWriteFailedToday}</dt>
                    <dd>{object.recordsFailedToday.toLocaleString(locale)}</dd>
                  </div>
                )}
              </dl>
              {failure && (
                <div {...part('problem', classNames)} data-state="write_failed">
                  <p>
                    {formatMessage(messages.syncLastWriteFailure, {
                      when: relativeTime(failure.time, now, locale),
                    })}
                  </p>
                  <p>{formatMessage(messages.syncProblemDetail, { detail: failure.reason })}</p>
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
