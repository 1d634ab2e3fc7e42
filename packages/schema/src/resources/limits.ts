/**
 * Size limits shared by every resource. The interface sets no sizes (docs/service-interface.md#limits); these bound what one request
 * can make a server hold or a browser render, and are generous for real CRM schemas (2,000 fields).
 */
export const limits = {
  /** Identifiers: object, field, group, project, integration names. */
  name: 256,
  /** Free text such as prompts, display names and filter values. */
  text: 2_048,
  /** Cron expressions. */
  schedule: 128,
  /** Entries of a map such as `read.objects` or `selectedFields`. */
  mapEntries: 5_000,
  /** Items of `fieldFilters`. */
  filters: 100,
  /** Items of `dynamicMappingsInput`. */
  mappings: 1_000,
  /** Items of `mappedValues` within one mapping entry. */
  mappedValues: 1_000,
  /** Search results in one page. */
  searchPage: 100,
  /** An e-mail address (RFC 5321 path limit). */
  email: 254,
  /** Days a backfill may reach back (100 years): the picker's upper bound and the schema's. */
  backfillDays: 36_500,
} as const;
