import type { SpliceMessages } from '../../../provider/messages.js';
import { formatMessage } from '../../../provider/messages.js';
import type { BackfillValue } from '../../backfill-picker/backfill-draft.js';

/**
 * A history in the words the review, the read steps and the sync status share: "the last 30 days", "the
 * full history", "no history".
 */
export function historyText(value: BackfillValue | undefined, messages: SpliceMessages): string {
  const period = value?.defaultPeriod;
  if (period && 'fullHistory' in period) return messages.reviewBackfillFull;
  if (period && period.days > 0)
    return formatMessage(messages.reviewBackfillDays, { days: period.days }, messages.locale);
  return messages.reviewBackfillNone;
}
