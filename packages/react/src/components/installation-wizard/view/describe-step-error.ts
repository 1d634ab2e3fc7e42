import { limits } from '@splice/schema';
import type { SpliceMessages } from '../../../provider/messages.js';
import { formatMessage } from '../../../provider/messages.js';
import type { StepError } from '../model/validate.js';

/** Words a client-side step error through the replaceable messages. */
export function describeStepError(error: StepError, messages: SpliceMessages, provider: string): string {
  switch (error.code) {
    case 'choose-an-object':
      return messages.objectsNone;
    case 'choose-a-field':
      return messages.fieldsRequired;
    case 'mapping-required':
      return formatMessage(messages.mappingRequired, { provider, name: error.name });
    case 'mapping-unknown-field':
      return formatMessage(messages.mappingUnknownField, { field: error.field, object: error.objectName });
    case 'invalid-schedule':
      return formatMessage(messages.scheduleInvalid, { detail: error.detail });
    case 'schedule-required':
      return messages.scheduleRequired;
    case 'invalid-backfill':
      return error.reason === 'required'
        ? messages.backfillCustomRequired
        : error.reason === 'too-large'
          ? formatMessage(messages.backfillCustomTooLarge, { max: limits.backfillDays }, messages.locale)
          : messages.backfillCustomInvalid;
    case 'filter-field-required':
      return messages.filtersFieldRequired;
    case 'too-long':
      return formatMessage(messages.valueTooLong, { max: error.max, length: error.length }, messages.locale);
    case 'filter-value-required':
      return messages.filtersValueRequired;
    case 'filter-value-format':
      return error.format === 'date' ? messages.filtersValueDate : messages.filtersValueDatetime;
    case 'filter-value-type':
      return error.expected === 'integer'
        ? messages.filtersValueInteger
        : error.expected === 'number'
          ? messages.filtersValueNumber
          : messages.filtersValueBoolean;
    case 'default-value-required':
      return messages.writeDefaultRequired;
    case 'default-value-type':
      return error.expected === 'integer' ? messages.writeDefaultInteger : messages.writeDefaultBoolean;
  }
}
