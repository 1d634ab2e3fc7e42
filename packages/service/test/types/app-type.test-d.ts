import type { InviteRequest, ObjectMetadata } from '@splice/schema';
import type { hc, InferRequestType, InferResponseType } from 'hono/client';
import type { JSONParsed } from 'hono/utils/types';
import { describe, expectTypeOf, it } from 'vitest';
import type { AppType } from '../../src/index.js';

// Checked by the compiler only (vitest's typecheck mode and `tsc`): the service's one route chain is typed
// end to end, as the BFF's is, so `hc<AppType>` knows every path, its parameters and its answers.
type Api = ReturnType<typeof hc<AppType>>;
type Project = Api['v1']['projects'][':projectIdOrName'];

describe('the service AppType', () => {
  it('GET /health answers its status', () => {
    expectTypeOf<InferResponseType<Api['health']['$get'], 200>>().toEqualTypeOf<{ status: string }>();
  });

  it('POST /v1/orgs/:orgId/invites takes the org in the path and the invite as its validated body', () => {
    type Route = Api['v1']['orgs'][':orgId']['invites']['$post'];
    // Hono joins the request's parts as an intersection, so each part is compared on its own.
    expectTypeOf<InferRequestType<Route>['param']>().toEqualTypeOf<{ orgId: string }>();
    expectTypeOf<InferRequestType<Route>['json']>().toEqualTypeOf<InviteRequest>();
  });

  it('GET .../objects/:objectName/metadata takes the three path names and answers ObjectMetadata', () => {
    type Route = Project['integrations'][':integrationId']['objects'][':objectName']['metadata']['$get'];
    expectTypeOf<{ projectIdOrName: string; integrationId: string; objectName: string }>().toExtend<
      InferRequestType<Route>['param']
    >();
    expectTypeOf<InferResponseType<Route, 200>>().toEqualTypeOf<JSONParsed<ObjectMetadata>>();
  });

  it('carries the optional parts (destinations, operations, notifications, reads) in the same chain', () => {
    // The project itself answers `getProject`, so its client object joins `$get` to its sub-paths.
    expectTypeOf<Project['$get']>().not.toBeNever();
    expectTypeOf<Project['integrations']>().not.toBeNever();
    expectTypeOf<Project['installations']>().not.toBeNever();
    expectTypeOf<Project['connections']>().not.toBeNever();
    expectTypeOf<Project['provider-apps']>().not.toBeNever();
    expectTypeOf<Project['destinations']>().not.toBeNever();
    expectTypeOf<Project['providers']>().not.toBeNever();
    expectTypeOf<Project['operations']>().not.toBeNever();
    expectTypeOf<Project['topics']>().not.toBeNever();
    expectTypeOf<Project['notification-event-topic-routes']>().not.toBeNever();
    expectTypeOf<Project['topic-destination-routes']>().not.toBeNever();
    expectTypeOf<Api['read']['v1']['projects'][':projectIdOrName']['integrations']>().not.toBeNever();
  });
});
