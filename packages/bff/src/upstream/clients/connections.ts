import type { Connection } from '@splice/schema';
import { oauthCompleteAnswerSchema, oauthCompleteRequestSchema } from '@splice/schema';
import * as z from 'zod/mini';
import { readEach } from '../answers/read-answer.js';
import type { CallContext } from '../call.js';
import { endpoint } from '../endpoint.js';
import { readConnection } from '../sanitise.js';
import type { ClientKit } from './client-kit.js';
import { strictBody } from './client-kit.js';

/** The OAuth operations answer the URL to open as text: it must be an absolute http(s) URL. */
const authorizationUrlSchema = z.string().check(
  z.refine((value) => {
    try {
      const url = new URL(value.trim());
      return url.protocol === 'https:' || url.protocol === 'http:';
    } catch {
      return false;
    }
  }, 'not an absolute http(s) URL'),
);

export interface OauthConnectInput {
  provider: string;
  groupRef: string;
  consumerRef: string;
  /**
   * Extension of the embedded service: where the browser goes when the flow ends. Left out for the
   * hosted service (its flow ends where the project's settings say).
   */
  redirectUrl?: string;
  /**
   * Extension of the embedded service, with `redirectUrl`: the hash of the secret the starting browser
   * holds; the service then holds the flow's result until `oauthComplete` presents that secret.
   */
  browserBinding?: string;
}

/** What `:oauth-update` may carry beyond the hosted operation (embedded extensions, both or neither). */
export interface OauthUpdateExtensions {
  redirectUrl: string;
  browserBinding: string;
}

/** A group's connections, and the OAuth flows that make or refresh them. */
export function createConnectionsClient(kit: ClientKit) {
  const { baseUrl, project, call, read, settle, getJson } = kit;
  return {
    async listConnections(ctx: CallContext, groupRef: string): Promise<Connection[]> {
      const operation = 'listConnections';
      const url = endpoint(baseUrl, ['projects', project, 'connections'], { groupRef });
      const json = await getJson(ctx, operation, url);
      return settle(ctx, operation, readEach(json, readConnection));
    },

    /**
     * deleteConnection: 204. The hosted description declares no other answer; the embedded service refuses
     * a connection an installation uses (409), which the BFF checks first anyway.
     */
    async deleteConnection(ctx: CallContext, connectionId: string): Promise<void> {
      await call(ctx, {
        operation: 'deleteConnection',
        method: 'DELETE',
        url: endpoint(baseUrl, ['projects', project, 'connections', connectionId]),
        credential: 'api-key',
        kind: 'write',
        expectStatus: 204,
        answer: 'none',
      });
    },

    /** `POST {base_url}/oauth-connect`: the provider URL for the group and consumer. Never retried. */
    async oauthConnect(ctx: CallContext, input: OauthConnectInput): Promise<string> {
      const operation = 'oauthConnect';
      const text = await call(ctx, {
        operation,
        method: 'POST',
        url: endpoint(baseUrl, ['oauth-connect']),
        credential: 'api-key',
        // Built field by field, as every upstream body: only what the allowlist names leaves.
        body: {
          projectIdOrName: project,
          provider: input.provider,
          groupRef: input.groupRef,
          consumerRef: input.consumerRef,
          ...(input.redirectUrl === undefined ? {} : { redirectUrl: input.redirectUrl }),
          ...(input.browserBinding === undefined ? {} : { browserBinding: input.browserBinding }),
        },
        kind: 'write',
        expectStatus: 200,
        answer: 'text',
      });
      return read(ctx, operation, authorizationUrlSchema, text).trim();
    },

    /**
     * `PATCH {base_url}/projects/{p}/connections/{id}:oauth-update`: the URL that refreshes a connection.
     * The hosted operation takes no body; the embedded extensions are sent only when given.
     */
    async oauthUpdate(
      ctx: CallContext,
      connectionId: string,
      extensions: OauthUpdateExtensions | undefined,
    ): Promise<string> {
      const operation = 'oauthUpdate';
      const url = endpoint(baseUrl, ['projects', project, 'connections', connectionId]);
      // The custom method's colon stays literal, as in the hosted path (an encoded %3A would not route).
      url.pathname += ':oauth-update';
      const text = await call(ctx, {
        operation,
        method: 'PATCH',
        url,
        credential: 'api-key',
        ...(extensions === undefined
          ? {}
          : {
              body: {
                redirectUrl: extensions.redirectUrl,
                browserBinding: extensions.browserBinding,
              },
            }),
        kind: 'write',
        expectStatus: 200,
        answer: 'text',
      });
      return read(ctx, operation, authorizationUrlSchema, text).trim();
    },

    /**
     * `POST {base_url}/oauth-connect/complete` (embedded extension): saves a bound flow's held result for
     * the browser holding its secret. Answers the connection's id; a 404 (unknown, spent, too old, or
     * another browser's secret: nothing saved) is thrown as an upstream problem. Never retried: the first
     * call spends the result.
     */
    async oauthComplete(
      ctx: CallContext,
      completion: string,
      browserSecret: string | undefined,
    ): Promise<string> {
      const operation = 'oauthComplete';
      const json = await call(ctx, {
        operation,
        method: 'POST',
        url: endpoint(baseUrl, ['oauth-connect', 'complete']),
        credential: 'api-key',
        body: strictBody(
          oauthCompleteRequestSchema,
          {
            projectIdOrName: project,
            completion,
            ...(browserSecret === undefined ? {} : { browserSecret }),
          },
          operation,
        ),
        kind: 'write',
        expectStatus: 200,
      });
      return read(ctx, operation, oauthCompleteAnswerSchema, json).connectionId;
    },
  };
}
