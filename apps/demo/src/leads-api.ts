import type { Lead, SentLead } from './lead.js';

/** A refusal of Northwind's server or of the CRM through it: the sentence, and each field's message. */
export class LeadError extends Error {
  constructor(
    message: string,
    readonly fields: Record<string, string>,
  ) {
    super(message);
  }
}

async function answer<T>(response: Response): Promise<T> {
  if (response.ok) return (response.status === 204 ? undefined : await response.json()) as T;
  const body = (await response.json().catch(() => ({}))) as {
    detail?: string;
    issues?: { name?: string; detail?: string }[];
  };
  const fields: Record<string, string> = {};
  for (const issue of body.issues ?? []) {
    // The service names record members (`record.email`); the form's fields are the lead's.
    const name = (issue.name ?? '').replace(/^record\./, '').toLowerCase();
    if (issue.detail && ['name', 'email', 'stage'].includes(name)) fields[name] = issue.detail;
  }
  throw new LeadError(body.detail ?? `Northwind's server answered ${response.status}.`, fields);
}

const json = { Accept: 'application/json', 'Content-Type': 'application/json' };

export async function fetchSentLeads(signal?: AbortSignal): Promise<SentLead[]> {
  const response = await fetch('/demo/leads', { headers: { Accept: 'application/json' }, signal });
  return (await answer<{ leads: SentLead[] }>(response)).leads;
}

export async function sendLead(integrationId: string, lead: Lead): Promise<SentLead> {
  const response = await fetch(`/demo/leads/${encodeURIComponent(integrationId)}`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify(lead),
  });
  return answer<SentLead>(response);
}

export async function updateLeadStage(lead: SentLead, stage: Lead['stage']): Promise<SentLead> {
  const response = await fetch(
    `/demo/leads/${encodeURIComponent(lead.integrationId)}/${encodeURIComponent(lead.recordId)}`,
    { method: 'PATCH', headers: json, body: JSON.stringify({ stage }) },
  );
  return answer<SentLead>(response);
}

export async function deleteLead(lead: SentLead): Promise<void> {
  const response = await fetch(
    `/demo/leads/${encodeURIComponent(lead.integrationId)}/${encodeURIComponent(lead.recordId)}`,
    { method: 'DELETE', headers: { Accept: 'application/json' } },
  );
  return answer<void>(response);
}

export async function readLeadsBack(integrationId: string): Promise<{ operationId: string }> {
  const response = await fetch(`/demo/leads/${encodeURIComponent(integrationId)}/read`, {
    method: 'POST',
    headers: json,
    body: '{}',
  });
  return answer<{ operationId: string }>(response);
}
