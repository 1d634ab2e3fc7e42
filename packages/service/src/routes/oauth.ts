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
import { publicConnection } from '../lookups/public-connection.js';
import { bodyLimit } from '../middleware/body-limit/index.js';
import { requireCredentials } from '../middleware/credentials/index.js';
import type { FlowEnd } from '../oauth/connect-flow.js';
import { completeFlow, completeHeldFlow, startFlow } from '../oauth/connect-flow.js';
import { consentPage, messagePage } from '../oauth/consent-page.js';
import { hashSecret as hashState } from '../oauth/crypto.js';
import { cspNonce, pageHeaders } from '../oauth/html.js';
import {
  authorizePath,
  callbackPath,
  decide,
  exchangeCode,
  parseAuthorizationRequest,
  requestFields,
  revokeTokens,
  tokenPath,
} from '../oauth/sandbox-authorization-server.js';
import type { Connection, Project, Repository } from '../store/index.js';

const endTitles: Record<string, string> = {
  connected: 'Account connected',
  access_denied: 'Access denied',
  expired: 'Link expired',
  provider_error: 'Sign-in failed',
};

function answerFlowEnd(c: Context, ended: FlowEnd) {
  if (ended.kind === 'redirect') return c.redirect(ended.url, 303);
  const nonce = cspNonce();
  return c.body(
    messagePage(nonce, endTitles[ended.outcome] ?? 'Sign-in', ended.detail),
    ended.status,
    pageHeaders(nonce),
  );
}

function refusalPage(c: Context, status: 400 | 403, detail: string) {
  const nonce = cspNonce();
  return c.body(messagePage(nonce, 'This request cannot be completed', detail), status, pageHeaders(nonce));
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
 * unknown project, action or connection, 405 for an action sent with the other method.
 */
const withConnectionAction = (repo: Repository) =>
  createMiddleware<{ Variables: { project: Project; connection: Connection } }>(async (c, next) => {
    const project = await findProject(repo, c.req.param('projectIdOrName') ?? '');
    const target = c.req.param('target') ?? '';
    const action = target.slice(target.lastIndexOf(':') + 1);
    const expected = action === 'oauth-update' ? 'PATCH' : action === 'sandbox-revoke' ? 'POST' : undefined;
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

function readableScope(deps: ServiceDeps, provider: string, scope: string): string[] {
  const metadata = deps.providers.get(provider);
  const name = (object: string) => metadata?.getObjectMetadata(object)?.displayName?.toLowerCase() ?? object;
  const reads: string[] = [];
  const writes: string[] = [];
  for (const item of scope.split(' ').filter(Boolean)) {
    const [object, access] = item.split(':');
    if (!object) continue;
    (access === 'write' ? writes : reads).push(name(object));
  }
  return [
    ...(reads.length ? [`Read your ${reads.join(', ')}`] : []),
    ...(writes.length ? [`Create and update your ${writes.join(', ')}`] : []),
    'Know your name, e-mail address and workspace',
  ];
}

/**
 * The OAuth connect flow. On `{base_url}`: `POST /oauth-connect` and
 * `PATCH /projects/{p}/connections/{id}:oauth-update` as the hosted service has them (200, the URL as
 * text/plain), and the sandbox control `POST /projects/{p}/connections/{id}:sandbox-revoke` (extension).
 * Beside `{base_url}`: the service's callback and the sandbox provider's own authorization pages.
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
      if (!deps.providers.has(body.provider) && !deps.connectors?.entry(body.provider)) {
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
        repo,
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
    // Either action of a connection: `:oauth-update` (PATCH) or the sandbox's `:sandbox-revoke` (POST).
    .on(
      ['PATCH', 'POST'],
      connectionPath,
      auth,
      bodyLimit(16 * 1024),
      withConnectionAction(repo),
      // Only oauth-update reads a body; the sandbox control takes none, whatever is sent.
      optionalJsonBody(oauthUpdateRequestSchema, (c) => c.req.method === 'PATCH' && updateBodySent(c)),
      async (c) => {
        const { project, connection } = c.var;
        if (c.req.method === 'POST') return c.json(await revoke(deps, connection), 200);
        const body = c.req.valid('json');
        requireRedirectForBinding(body);
        const group = await repo.getGroup(project.id, connection.groupRef);
        const url = await startFlow(
          repo,
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

  const pages = new Hono()
    .get(callbackPath, async (c) => {
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
      );
    })
    .get(authorizePath, async (c) => {
      const parsed = parseAuthorizationRequest(c.req.query(), publicOrigin());
      if (!parsed.ok) {
        if (!parsed.redirect) return refusalPage(c, 400, parsed.description);
        const url = new URL(parsed.redirectUri);
        url.search = new URLSearchParams({
          error: 'invalid_request',
          error_description: parsed.description,
          state: parsed.state,
        }).toString();
        return c.redirect(url.toString(), 303);
      }
      const { request } = parsed;
      const nonce = cspNonce();
      const appName = await findAppName(deps, request.state);
      return c.body(
        consentPage({
          nonce,
          appName,
          account: request.account,
          workspace: request.workspace,
          permissions: readableScope(deps, 'sandboxcrm', request.scope),
          request: requestFields(request),
        }),
        200,
        pageHeaders(nonce),
      );
    })
    .post(authorizePath, bodyLimit(16 * 1024), async (c) => {
      // The provider's own defence of its consent form: a page of another site must not post "allow".
      const origin = c.req.header('origin');
      const site = c.req.header('sec-fetch-site');
      const foreignOrigin = origin !== undefined && origin !== 'null' && origin !== publicOrigin();
      // `Origin: null` (a privacy-minded browser) counts only when fetch metadata says same-origin.
      const opaque = origin === 'null' && site !== 'same-origin';
      if (foreignOrigin || opaque || (site !== undefined && site !== 'same-origin')) {
        return refusalPage(c, 403, 'This form can only be sent from the Sandbox CRM consent page.');
      }
      const form = await c.req.parseBody();
      const fields = Object.fromEntries(
        Object.entries(form).map(([k, v]) => [k, typeof v === 'string' ? v : undefined]),
      );
      const parsed = parseAuthorizationRequest(fields, publicOrigin());
      if (!parsed.ok) return refusalPage(c, 400, parsed.description);
      const decision = fields.decision === 'allow' ? 'allow' : 'deny';
      return c.redirect(
        await decide(oauth.store, parsed.request, decision, oauth.now?.() ?? new Date()),
        303,
      );
    })
    .post(tokenPath, bodyLimit(16 * 1024), async (c) => {
      const form = await c.req.parseBody();
      const text = (name: string) => (typeof form[name] === 'string' ? (form[name] as string) : undefined);
      c.header('Cache-Control', 'no-store');
      if (text('grant_type') !== 'authorization_code') {
        return c.json(
          { error: 'unsupported_grant_type', error_description: 'Only authorization_code is supported.' },
          400,
        );
      }
      const answer = await exchangeCode(
        oauth.store,
        {
          code: text('code'),
          codeVerifier: text('code_verifier'),
          redirectUri: text('redirect_uri'),
          clientId: text('client_id'),
        },
        oauth.now?.() ?? new Date(),
      );
      if (!answer.ok)
        return c.json(
          { error: answer.error, error_description: answer.description },
          answer.error === 'invalid_client' ? 401 : 400,
        );
      // RFC 6749 5.1: this is the provider's token endpoint talking to its client, the one place a token
      // is ever written out; the service's own API never returns one.
      return c.json(
        {
          access_token: answer.tokens.accessToken,
          token_type: 'Bearer',
          expires_in: answer.tokens.expiresIn,
          refresh_token: answer.tokens.refreshToken,
          scope: answer.tokens.scope,
        },
        200,
      );
    });

  return { api, pages };
}

/** The app the consent page names: the display name of the project the flow belongs to, else its id. */
async function findAppName(deps: ServiceDeps, state: string): Promise<string> {
  const flow = await deps.oauth.store.getFlow(hashState(state));
  const project = flow ? await deps.repo.getProject(flow.projectId) : undefined;
  return project?.displayName || project?.id || 'An app';
}

/** The sandbox control: the provider revokes the connection's tokens, and the connection turns bad. */
async function revoke(deps: ServiceDeps, connection: Connection) {
  const now = deps.oauth.now?.() ?? new Date();
  const opened = deps.oauth.secrets.open((connection.credentials as { sealed?: unknown }).sealed) as
    | { accessToken?: string; refreshToken?: string }
    | undefined;
  if (opened) {
    await revokeTokens(
      deps.oauth.store,
      [opened.accessToken, opened.refreshToken].filter((t): t is string => typeof t === 'string'),
      now,
    );
  }
  const updated = await deps.repo.updateConnection(connection.projectId, connection.id, {
    status: 'bad_credentials',
    updateTime: now.toISOString(),
  });
  return publicConnection(deps.repo, updated ?? connection);
}
