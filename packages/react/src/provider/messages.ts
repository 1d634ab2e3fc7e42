/**
 * Every string a user can see, in English. A host overrides any of them through the provider's
 * `messages` prop; `{name}` placeholders are filled by `formatMessage`.
 */
import { networkMessages } from '../client/splice-error.js';
import { connectMessages } from '../components/connect-button/connect-messages.js';
import { wizardMessages } from '../components/installation-wizard/wizard-messages.js';
import { catalogMessages } from '../components/integrations-catalog/catalog-messages.js';
import { syncStatusMessages } from '../components/sync-status/sync-status-messages.js';
import { uninstallMessages } from '../components/uninstall-button/uninstall-messages.js';
import { cronMessages } from './cron-messages.js';

export const defaultMessages = {
  /** The BCP 47 locale whose plural rules choose between `{n, plural, one {…} other {…}}` branches. */
  locale: 'en',
  ...wizardMessages,
  ...connectMessages,
  ...cronMessages,
  ...syncStatusMessages,
  ...uninstallMessages,
  ...catalogMessages,
  loading: 'Loading…',
  retry: 'Retry',
  errorBoundaryTitle: 'This part of the page could not be shown.',
  errorBoundaryDetail: 'The rest of the page still works. Try again, or reload the page if it keeps failing.',

  errorOffline: networkMessages.offline,
  errorUnreachable: networkMessages.unreachable,
  errorTimeout: networkMessages.timeout,
  errorUnauthenticated: 'Your session has ended. Sign in again, then try again.',
  errorForbidden: 'This request was refused. Reload the page and try again.',
  errorRateLimited: 'Too many requests in a short time. Wait a moment, then try again.',
  errorServer: 'The server could not complete the request. Try again in a moment.',
  errorTooLarge: 'That is more than can be sent at once. Shorten the longest values, then try again.',
  errorUnknown: 'Something went wrong. Try again.',
  errorReference: 'Reference: {requestId}',

  backfillLegend: 'Past records to read first',
  backfillNone: 'No backfill',
  backfillNoneHint: 'Only records created or changed from now on are read.',
  backfillDays: 'Recent history',
  backfillDaysHint: 'Records from a number of past days.',
  backfillFull: 'Full history',
  backfillFullHint: 'Every record, however old. The first read can take a long time.',
  backfillPeriodLegend: 'How many days',
  backfillPresetDays: 'Last {days, plural, one {day} other {# days}}',
  backfillCustom: 'Custom',
  backfillCustomLabel: 'Number of days',
  backfillCustomRequired: 'Enter a number of days.',
  backfillCustomInvalid: 'Enter a whole number of 0 or more.',
  backfillCustomTooLarge: 'Enter at most {max} days.',
  backfillCustomZero: '0 days reads no past records, the same as no backfill.',

  inviteEmailLabel: 'E-mail address',
  inviteEmailHint: 'They receive an invitation to join your organization.',
  inviteSubmit: 'Send invite',
  inviteSubmitting: 'Sending…',
  inviteEmailRequired: 'Enter an e-mail address.',
  inviteEmailInvalid: 'Enter a valid e-mail address, such as name@example.com.',
  inviteEmailTooLong: 'Use an address of at most {max} characters.',
  inviteConflict: 'This address cannot be invited again: it already has an invite or belongs to a member.',
  inviteSent: 'Invite sent to {email}.',
  inviteIssues: 'The server refused these values:',
  inviteStatusLabel: 'Status',
  inviteStatusPending: 'Pending',
  inviteStatusAccepted: 'Accepted',
  inviteStatusRevoked: 'Revoked',
  inviteStatusExpired: 'Expired',
  invitesPendingTitle: 'Pending invites',
  invitesLoading: 'Loading pending invites…',
  invitesEmpty: 'No pending invites.',
  invitesLoadFailed: 'The pending invites could not be loaded.',
  inviteSentAt: 'Sent {when}',
  inviteRevoke: 'Revoke',
  inviteRevokeLabel: 'Revoke the invite to {email}',
  inviteRevokeQuestion: 'Revoke the invite to {email}?',
  inviteRevokeConfirm: 'Revoke invite',
  inviteRevokeKeep: 'Keep',
  inviteRevoking: 'Revoking…',
  inviteRevoked: 'Invite to {email} revoked.',
  inviteRevokeGone: 'That invite is no longer pending.',

  searchObjectLabel: 'Object',
  searchNoObjects: 'No object can be searched yet. Install the integration first.',
  /** With the SearchBox's `installHref`: the sentence before the link, and the link. */
  searchNoObjectsYet: 'No object can be searched yet.',
  searchInstallFirst: 'Install the integration first',
  searchFiltersLegend: 'Conditions (all must match)',
  searchConditionLegend: 'Condition {index}',
  searchFieldLabel: 'Field',
  searchFieldPlaceholder: 'Choose a field',
  searchMappedFieldsGroup: 'Your fields',
  searchProviderFieldsGroup: 'Provider fields',
  searchValueLabel: 'Value',
  searchValuePlaceholder: 'Choose a value',
  searchValueTrue: 'True',
  searchValueFalse: 'False',
  searchValueRequired: 'Enter a value.',
  searchValueNotNumber: 'Enter a number.',
  searchValueDate: 'Enter a date as year-month-day, like 2026-11-26.',
  searchValueDatetime: 'Enter a date and time with its zone, like 2026-11-26T09:00:00Z (UTC).',
  /** Under the conditions: the provider compares values exactly (the search's one operator is equals). */
  searchExactHint:
    'Each value must match exactly, capital letters included: “Thompson” does not find “thompson”. Spaces around a value are ignored, and an e-mail address matches in any case.',
  searchFieldRequired: 'Choose a field.',
  searchFieldDuplicate: 'This field already has a condition: use one condition per field.',
  searchAddFilter: 'Add condition',
  searchRemoveFilter: 'Remove condition {index}',
  searchSubmit: 'Search',
  searchSearching: 'Searching…',
  searchResultsCaption: 'Results for {objectName}',
  searchResultsCount: '{count, plural, one {# record} other {# records}} found',
  searchResultsOne: '1 record found',
  searchResultsFirstPage: 'The first {count, plural, one {match} other {# matches}}',
  searchEmpty: 'No records match these conditions.',
  searchFirstPageOnly:
    'There may be more matches than these. Narrow the conditions to find a specific record.',
  searchIdColumn: 'ID',
  searchNoId: '(no ID)',
  searchShowDetails: 'Show details of {id}',
  searchHideDetails: 'Hide details of {id}',
  searchShowDetailsShort: 'Show details',
  searchHideDetailsShort: 'Hide details',
  searchFieldsHeading: 'All fields',
  searchRawHeading: 'As the provider returns it',
  searchNoFields: 'No fields are known for this object yet.',
  searchOtherIssues: 'The server refused these values:',
} as const;

export type SpliceMessageKey = keyof typeof defaultMessages;
export type SpliceMessages = Record<SpliceMessageKey, string>;

/** `{count, plural, one {# field} other {# fields}}`: a branch per plural category, `#` is the number. */
const pluralPattern = /\{(\w+), plural,((?:\s*(?:=\d+|zero|one|two|few|many|other)\s*\{[^{}]*\})+)\s*\}/g;
const branchPattern = /(=\d+|zero|one|two|few|many|other)\s*\{([^{}]*)\}/g;
const pluralRules = new Map<string, Intl.PluralRules>();

function pluralBranch(branches: string, count: number, locale: string): string | undefined {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  const category = rules.select(count);
  const found = new Map([...branches.matchAll(branchPattern)].map((m) => [m[1], m[2] ?? '']));
  return (found.get(`=${count}`) ?? found.get(category) ?? found.get('other'))?.replace(
    /#/g,
    count.toLocaleString(locale),
  );
}

/**
 * Fills `{name}` placeholders, and `{name, plural, one {…} other {…}}` choices by the plural rules of
 * `locale` (Intl.PluralRules: "1 field", "2 fields"); numbers are written with the locale's grouping
 * ("36,500"). An unknown or undefined placeholder is left as written so a typo stays visible.
 */
export function formatMessage(
  template: string,
  values: Record<string, string | number> = {},
  locale = 'en',
): string {
  return template
    .replace(pluralPattern, (whole, name: string, branches: string) => {
      const value = values[name];
      if (typeof value !== 'number') return whole;
      return pluralBranch(branches, value, locale) ?? whole;
    })
    .replace(/\{(\w+)\}/g, (whole, name: string) => {
      const value = values[name];
      // Numbers with the locale's grouping ("36,500"); a string's toLocaleString is the string itself.
      return value === undefined || !Object.hasOwn(values, name) ? whole : value.toLocaleString(locale);
    });
}

/** A locale's catalogue (English by default) with the host's replacements on top. */
export function mergeMessages(
  overrides: Partial<SpliceMessages> | undefined,
  catalogue: SpliceMessages = defaultMessages,
): SpliceMessages {
  return overrides ? { ...catalogue, ...overrides } : catalogue;
}
