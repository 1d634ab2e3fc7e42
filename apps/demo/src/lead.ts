import { emailProblem } from '@splice/schema';

/**
 * A lead as Northwind's "Send to your CRM" form takes it, and the one rule that checks it: the form runs
 * it before sending (each message next to its field) and the demo's server runs it again on what arrives.
 * zod-free, as the page bundles no zod: the e-mail check is @splice/schema's, the same as the invite's.
 */
export const leadStages = ['new', 'working', 'won', 'lost'] as const;
export type LeadStage = (typeof leadStages)[number];

export const leadStageLabels: Record<LeadStage, string> = {
  new: 'New',
  working: 'Working',
  won: 'Customer',
  lost: 'Churned',
};

export interface Lead {
  name: string;
  email: string;
  stage: LeadStage;
}

export type LeadField = keyof Lead;

const maxName = 120;

/** Each field's problem in words; empty when the lead can be sent. */
export function leadIssues(value: Partial<Record<LeadField, unknown>>): Partial<Record<LeadField, string>> {
  const issues: Partial<Record<LeadField, string>> = {};
  const name = typeof value.name === 'string' ? value.name.trim() : '';
  if (name === '') issues.name = 'Enter the lead’s name.';
  else if (name.length > maxName) issues.name = `Keep the name to ${maxName} characters.`;
  const email = typeof value.email === 'string' ? value.email.trim() : '';
  const emailIssue = emailProblem(email);
  if (emailIssue === 'required') issues.email = 'Enter the lead’s e-mail address.';
  else if (emailIssue === 'invalid') issues.email = 'Enter an e-mail address such as name@example.com.';
  else if (emailIssue === 'too_long') issues.email = 'This e-mail address is too long.';
  if (!leadStages.includes(value.stage as LeadStage)) issues.stage = 'Choose a stage.';
  return issues;
}

/** A lead Northwind sent to the company's CRM, as its server remembers it. */
export interface SentLead extends Lead {
  integrationId: string;
  recordId: string;
  sentAt: string;
}
