import * as z from 'zod/mini';

export const issueLocationSchema = z.enum(['path', 'query', 'header', 'body']);
export type IssueLocation = z.infer<typeof issueLocationSchema>;

/** docs/service-interface.md#issues, an issue item: one per offending parameter or property. */
export const issueSchema = z.object({
  type: z.string(),
  title: z.optional(z.string()),
  detail: z.string(),
  in: issueLocationSchema,
  /** The full indexed path, e.g. `config.content.read.objects.contacts.schedule` or `fieldFilters[1].operator`. */
  name: z.string(),
  value: z.optional(z.unknown()),
});
export type Issue = z.infer<typeof issueSchema>;

/** The problem object, with the fields the hosted service adds (docs/service-interface.md#errors). */
export const problemSchema = z.object({
  type: z.string(),
  href: z.optional(z.string()),
  title: z.string(),
  status: z.int(),
  detail: z.optional(z.string()),
  instance: z.optional(z.string()),
  issues: z.optional(z.array(issueSchema)),
  requestId: z.optional(z.string()),
  retryable: z.optional(z.boolean()),
  retryAfter: z.optional(z.string()),
  remedy: z.optional(z.string()),
  causes: z.optional(z.array(z.string())),
  time: z.optional(z.string()),
  subsystem: z.optional(z.string()),
  context: z.optional(z.record(z.string(), z.unknown())),
});
export type Problem = z.infer<typeof problemSchema>;

export const problemContentType = 'application/problem+json';
