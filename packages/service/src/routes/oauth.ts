import {
  issueTypes,
  oauthCompleteRequestSchema,
  oauthConnectRequestSchema,
  oauthUpdateRequestSchema,
} from '@splice/schema';
import { jsonBody, optionalJsonBody, problemError, validationError } from '@splice/server-kit';
import type { Context } from 'hono';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { ServiceDeps } from '../deps.js';
import { findProject } from '../lookups/find-integration.js';
import { bodyLimit } from '../middleware/body-limit/index.js';
import { requireCredentials } from '../middleware/credentials/index.js';
import type { FlowEnd } from '../oauth/connect-flow.js';
import { callbackPath, completeFlow, completeHeldFlow, startFlow } from '../oauth/connect-flow.js';
import { cspNonce, pageHeaders } from '../oauth/html.js';
import { messagePage, type OpenerMessage } from '../oauth/message-page.js';
import type { Connection, Project, Repository } from '../store/index.js';

const endTitles: Record<string, string> = {
  connected: 'Account connected',
  access_denied: 'Access denied',
  expired: 'Link expired',
  provider_error: 'Sign-in failed',
};

function answerFlowEnd(c: Context, ended: FlowEnd, browserOrigins: readonly string[]) {
  if (ended.kind === 'redirect') return c.redirect(ended.url, 303);
  const nonce = cspNonce();
  const message: OpenerMessage = ended.connectionId
    ? { eventType: 'AUTHORIZATION_SUCCEEDED', data: { connection: ended.connectionId } }
    : { eventType: 'AUTHORIZATION_FAILED', data: { error: ended.detail }, message: ended.detail };
  const script = browserOrigins.length > 0;
  return c.body(
    messagePage(nonce, endTitles[ended.outcome] ?? 'Sign-in', ended.detail, {
      message,
      origins: browserOrigins,
    }),
    ended.status,
    pageHeaders(nonce, { script }),
  );
}

/** A JSON body is optional for oauth-update (the hosted operation takes none): a content type or a length announces one. */
const updateBodySent = (c: Context) => {
  const length = c.req.header('content-length');
  return Boolean(c.req.header('content-type')) || (length !== undefined && length !== '0');
};

/**
 * A flow bound to its browser must end on a page that completes it: `browserBinding` without
 * `redirectUrl` would hold a result nobody can save.
 */
function requireRedirectForBinding(body: { redirectUrl?: string; browserBinding?: string }) {
  if (body.browserBinding !== undefined && body.redirectUrl === undefined) {
    throw validationError([
      {
        name: 'redirectUrl',
        type: issueTypes.missingProperty,
        in: 'body',
        detail: 'Give a redirectUrl with browserBinding: the page there completes the flow.',
      },
    ]);
  }
}

/** The connection a `{connectionId}:{action}` segment names, within the project (404 otherwise). */
async function connectionOf(repo: Repository, project: Project, target: string): Promise<Connection> {
  const connectionId = target.slice(0, target.lastIndexOf(':'));
  const connection = await repo.getConnection(project.id, connectionId);
  if (!connection) {
    throw problemError(
      404,
      'connectionNotFound',
      `Project "${project.name}" has no connection "${connectionId}".`,
    );
  }
  return connection;
}

/**
 * The project and the connection of a connection action, resolved before its body is read: 404 for an
 * unknown project, action or connection, 405 for an action sent with another method.
 */
const withConnectionAction = (repo: Repository) =>
  createMiddleware<{ Variables: { project: Project; connection: Connection } }>(async (c, next) => {
    const project = await findProject(repo, c.req.param('projectIdOrName') ?? '');
    const target = c.req.param('target') ?? '';
    const action = target.slice(target.lastIndexOf(':') + 1);
    const expected = action === 'oauth-update' ? 'PATCH' : undefined;
    if (!expected)
      throw problemError(404, 'notFound', `There is no operation at ${c.req.method} ${c.req.path}.`);
    if (c.req.method !== expected) {
      c.header('Allow', expected);
      throw problemError(405, 'methodNotAllowed', `Use ${expected} for :${action}.`);
    }
    c.set('project', project);
    c.set('connection', await connectionOf(repo, project, target));
    await next();
  });

/**
 * The OAuth connect flow. On `{base_url}`: `POST /oauth-connect` and
 * `PATCH /projects/{p}/connections/{id}:oauth-update` as the hosted service has them (200, the URL as
 * text/plain). Beside `{base_url}`: the service's callback, where the provider sends the user back.
 */
export function oauthRoutes(deps: ServiceDeps) {
  const { repo, oauth, publicOrigin } = deps;
  const auth = requireCredentials(deps.credentials, 'apiKeyOrBearer');

  const connectionPath = '/projects/:projectIdOrName/connections/:target{[^/]+:[a-z-]+}';
  const api = new Hono()
    .post('/oauth-connect', auth, bodyLimit(16 * 1024), jsonBody(oauthConnectRequestSchema), async (c) => {
      // The body names the project, so it is read first (415, 400), then the project (404).
      const body = c.req.valid('json');
      requireRedirectForBinding(body);
      const project = await findProject(repo, body.projectIdOrName);
      if (!deps.connectors.entry(body.provider)) {
        throw validationError([
          {
            name: 'provider',
            type: issueTypes.invalidReference,
            in: 'body',
            detail: `There is no provider "${body.provider}".`,
            value: body.provider,
          },
        ]);
      }
      const group = await repo.getGroup(project.id, body.groupRef);
      const url = await startFlow(
        oauth,
        {
          project,
          provider: body.provider,
          groupRef: body.groupRef,
          groupName: body.groupName ?? group?.groupName ?? body.groupRef,
          consumerRef: body.consumerRef,
          consumerName: body.consumerName ?? body.consumerRef,
          connectionId: null,
          redirectUrl: body.redirectUrl ?? null,
          browserBinding: body.browserBinding ?? null,
        },
        publicOrigin(),
        deps.connectors,
      );
      return c.text(url, 200);
    })
    // Extension: saves the result a bound flow's callback held, given the starting browser's secret.
    .post(
      '/oauth-connect/complete',
      auth,
      bodyLimit(16 * 1024),
      jsonBody(oauthCompleteRequestSchema),
      async (c) => {
        const body = c.req.valid('json');
        const project = await findProject(repo, body.projectIdOrName);
        const connection = await completeHeldFlow(repo, oauth, {
          projectId: project.id,
          completion: body.completion,
          browserSecret: body.browserSecret,
        });
        if (!connection) {
          throw problemError(
            404,
            'connectFlowNotFound',
            'No connect flow waits for this completion: it is unknown, spent, past its two minutes, or the browser secret does not match its binding. Nothing was saved.',
          );
        }
        return c.json({ connectionId: connection.id }, 200);
      },
    )
    // A connection's action: `:oauth-update` (PATCH); any other method or action is answered 405 or 404.
    .on(
      ['PATCH', 'POST'],
      connectionPath,
      auth,
      bodyLimit(16 * 1024),
      withConnectionAction(repo),
      optionalJsonBody(oauthUpdateRequestSchema, updateBodySent),
      async (c) => {
        const { project, connection } = c.var;
        const body = c.req.valid('json');
        requireRedirectForBinding(body);
        const group = await repo.getGroup(project.id, connection.groupRef);
        const url = await startFlow(
          oauth,
          {
            project,
            provider: connection.provider,
            groupRef: connection.groupRef,
            groupName: group?.groupName ?? connection.groupRef,
            consumerRef: connection.consumerRef,
            consumerName: connection.consumerRef,
            connectionId: connection.id,
            redirectUrl: body.redirectUrl ?? null,
            browserBinding: body.browserBinding ?? null,
          },
          publicOrigin(),
          deps.connectors,
        );
        return c.text(url, 200);
      },
    );

  const pages = new Hono().get(callbackPath, async (c) => {
    const q = c.req.query();
    return answerFlowEnd(
      c,
      await completeFlow(
        repo,
        oauth,
        { state: q.state, code: q.code, error: q.error },
        publicOrigin(),
        deps.connectors,
      ),
      deps.browserOrigins ?? [],
    );
  });

  return { api, pages };
}
