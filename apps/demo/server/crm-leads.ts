import type { Session } from '@splice/bff';
import type { SpliceServerClient } from '@splice/bff/server-client';
import { failureReasons, UpstreamFault, UpstreamProblem, writtenRecordId } from '@splice/bff/server-client';
import type { Issue } from '@splice/schema';
import type { DemoCrm } from '@splice/service/demo-fixtures';
import { recommendedCrmReads, recommendedCrmWrites } from '@splice/service/demo-fixtures';
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { Lead, LeadField, SentLead } from '../src/lead.js';
import { leadIssues, leadStages } from '../src/lead.js';
import { problem } from './problem.js';

export interface CrmLeadsOptions {
  splice: SpliceServerClient;
  resolveSession: (c: Context) => Promise<Session | null>;
  /** The app's origin: the only page allowed to send. */
  origin: string;
}

/** Which CRM an integration of the demo syncs (hubspot-sync: HubSpot, salesforce-sync: Salesforce). */
function crmOf(integrationId: string): DemoCrm | undefined {
  return (Object.keys(recommendedCrmReads) as DemoCrm[]).find(
    (crm) => recommendedCrmReads[crm].integration === integrationId,
  );
}

/** A lead as the CRM's contact: the name in the provider's fields, the stage by Northwind's mapped name. */
function contactOf(crm: DemoCrm, lead: Lead): Record<string, unknown> {
  const [first, ...rest] = lead.name.trim().split(/\s+/);
  const last = rest.join(' ') || first || lead.name;
  return crm === 'hubspot'
    ? { email: lead.email.trim(), firstname: first, lastname: last, stage: lead.stage }
    : { Email: lead.email.trim(), FirstName: first, LastName: last, stage: lead.stage };
}

/** The service's refusal, said to the user: its detail, and each issue under the form's field names. */
function retell(c: Context, error: unknown) {
  if (error instanceof UpstreamProblem) {
    const { problem: body, status } = error;
    const issues: Issue[] = body.issues.map((issue) => ({
      type: issue.type,
      title: issue.title ?? 'Invalid value',
      detail: issue.detail ?? body.detail ?? body.title,
      in: 'body',
      name: issue.name ?? '',
    }));
    const code = status === 404 ? 404 : status === 409 ? 409 : 422;
    return problem(c, code, 'badRequest', body.detail ?? body.title, issues.length > 0 ? issues : undefined);
  }
  if (error instanceof UpstreamFault) {
    return problem(
      c,
      502,
      'badRequest',
      'Your CRM could not be reached through Splice. Try again in a moment.',
    );
  }
  throw error;
}

/**
 * Northwind's "Send to your CRM": its server writes a lead to the signed-in company's CRM through the
 * service's Write API (`@splice/bff/server-client`, with the API key, which never reaches a browser) and
 * for the session's group only. What it sent is kept per company in this process, so the page can update
 * a lead's stage or ask to delete it (which the recommended settings do not allow).
 */
export function crmLeadRoutes(options: CrmLeadsOptions) {
  const { splice } = options;
  const sent = new Map<string, SentLead[]>();

  return new Hono()
    .use(async (c, next) => {
      c.header('Cache-Control', 'no-store');
      const origin = c.req.header('Origin');
      if (origin !== undefined && origin !== options.origin) {
        return problem(c, 403, 'forbiddenOrigin', 'Requests from this origin are not allowed.');
      }
      await next();
    })
    .get('/', async (c) => {
      const session = await options.resolveSession(c);
      if (!session) return problem(c, 401, 'unauthenticated', 'Sign in first.');
      return c.json({ leads: sent.get(session.groupRef) ?? [] }, 200);
    })
    .post('/:integrationId', async (c) => {
      const session = await options.resolveSession(c);
      if (!session) return problem(c, 401, 'unauthenticated', 'Sign in first.');
      const crm = crmOf(c.req.param('integrationId'));
      if (!crm) return problem(c, 404, 'notFound', 'Northwind sends leads to HubSpot and Salesforce only.');
      const body = (await c.req.json().catch(() => null)) as Partial<Record<LeadField, unknown>> | null;
      const issues = leadIssues(body ?? {});
      if (!body || Object.keys(issues).length > 0) {
        return problem(
          c,
          400,
          'validation',
          'Some fields need correcting.',
          Object.entries(issues).map(([name, detail]) => ({
            type: 'about:blank',
            title: 'Invalid value',
            detail,
            in: 'body' as const,
            name,
          })),
        );
      }
      const lead: Lead = {
        name: String(body.name).trim(),
        email: String(body.email).trim(),
        stage: body.stage as Lead['stage'],
      };
      const integrationId = recommendedCrmReads[crm].integration;
      try {
        const outcome = await splice.write({
          integrationId,
          objectName: recommendedCrmWrites[crm].objectName,
          groupRef: session.groupRef,
          type: 'create',
          record: contactOf(crm, lead),
        });
        const recordId = writtenRecordId(outcome);
        if (!recordId) {
          return problem(
            c,
            422,
            'badRequest',
            `Your CRM did not take the lead: ${failureReasons(outcome).join(' ')}`,
          );
        }
        const entry: SentLead = { ...lead, integrationId, recordId, sentAt: new Date().toISOString() };
        sent.set(session.groupRef, [entry, ...(sent.get(session.groupRef) ?? [])].slice(0, 50));
        return c.json(entry, 201);
      } catch (error) {
        return retell(c, error);
      }
    })
    .patch('/:integrationId/:recordId', async (c) => {
      const session = await options.resolveSession(c);
      if (!session) return problem(c, 401, 'unauthenticated', 'Sign in first.');
      const lead = (sent.get(session.groupRef) ?? []).find(
        (l) => l.recordId === c.req.param('recordId') && l.integrationId === c.req.param('integrationId'),
      );
      const crm = lead && crmOf(lead.integrationId);
      if (!lead || !crm) return problem(c, 404, 'notFound', 'Northwind did not send this lead.');
      const body = (await c.req.json().catch(() => null)) as { stage?: unknown } | null;
      if (!leadStages.includes(body?.stage as Lead['stage'])) {
        return problem(c, 400, 'validation', 'Choose a stage.', [
          {
            type: 'about:blank',
            title: 'Invalid value',
            detail: 'Choose a stage.',
            in: 'body',
            name: 'stage',
          },
        ]);
      }
      try {
        // Only the stage: the settings' `ifEmpty` default leaves a title someone set in the CRM alone.
        const outcome = await splice.write({
          integrationId: lead.integrationId,
          objectName: recommendedCrmWrites[crm].objectName,
          groupRef: session.groupRef,
          type: 'update',
          record: { id: lead.recordId, stage: body?.stage },
        });
        if (!outcome.ok) {
          return problem(
            c,
            422,
            'badRequest',
            `Your CRM did not take the change: ${failureReasons(outcome).join(' ')}`,
          );
        }
        lead.stage = body?.stage as Lead['stage'];
        return c.json(lead, 200);
      } catch (error) {
        return retell(c, error);
      }
    })
    .delete('/:integrationId/:recordId', async (c) => {
      const session = await options.resolveSession(c);
      if (!session) return problem(c, 401, 'unauthenticated', 'Sign in first.');
      const leads = sent.get(session.groupRef) ?? [];
      const lead = leads.find(
        (l) => l.recordId === c.req.param('recordId') && l.integrationId === c.req.param('integrationId'),
      );
      const crm = lead && crmOf(lead.integrationId);
      if (!lead || !crm) return problem(c, 404, 'notFound', 'Northwind did not send this lead.');
      try {
        await splice.write({
          integrationId: lead.integrationId,
          objectName: recommendedCrmWrites[crm].objectName,
          groupRef: session.groupRef,
          type: 'delete',
          record: { id: lead.recordId },
        });
        sent.set(
          session.groupRef,
          leads.filter((l) => l !== lead),
        );
        return c.body(null, 204);
      } catch (error) {
        return retell(c, error);
      }
    })
    .post('/:integrationId/read', async (c) => {
      const session = await options.resolveSession(c);
      if (!session) return problem(c, 401, 'unauthenticated', 'Sign in first.');
      const crm = crmOf(c.req.param('integrationId'));
      if (!crm) return problem(c, 404, 'notFound', 'Northwind reads HubSpot and Salesforce only.');
      const leads = (sent.get(session.groupRef) ?? []).filter(
        (l) => l.integrationId === c.req.param('integrationId'),
      );
      const oldest = leads.at(-1)?.sentAt;
      try {
        // What changed since the first lead sent (a minute earlier, for clocks apart): the leads come back.
        const since = new Date(Date.parse(oldest ?? new Date().toISOString()) - 60_000).toISOString();
        const started = await splice.triggerRead({
          integrationId: recommendedCrmReads[crm].integration,
          objectName: recommendedCrmReads[crm].objects.contacts,
          groupRef: session.groupRef,
          sinceTimestamp: since,
        });
        return c.json(started, 201);
      } catch (error) {
        return retell(c, error);
      }
    });
}
