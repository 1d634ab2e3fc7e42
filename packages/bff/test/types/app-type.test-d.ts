import type {
  BrowserSearchResponse,
  CreateInstallationBodyInput,
  CreateInstallationQuery,
  IdempotencyHeader,
  Installation,
  IntegrationDetails,
  IntegrationParams,
  Invite,
  InviteList,
  InviteParams,
  InviteRequest,
  ObjectParams,
  PauseBody,
  SearchRequest,
  UninstallHeaders,
  UpdateInstallationBodyInput,
  UpdateInstallationHeaders,
} from '@splice/schema';
import type { hc, InferRequestType, InferResponseType } from 'hono/client';
import type { JSONParsed } from 'hono/utils/types';
import { describe, expectTypeOf, it } from 'vitest';
import type { AppType } from '../../src/index.js';

// Checked by the compiler only (vitest's typecheck mode and `tsc`): each browser-facing route of the
// BFF accepts and answers exactly the types inferred from the @splice/schema schemas that React uses.
// An answer is compared as `JSONParsed<...>`, the schema type after a trip through JSON (hono's own
// typing of `c.json`): `unknown` record values, for one, arrive as JSON values.
type Api = ReturnType<typeof hc<AppType>>;
type Integration = Api['integrations'][':integrationId'];

describe('the BFF AppType speaks the @splice/schema shapes', () => {
  it('GET /integrations/:integrationId takes the integration ID and answers IntegrationDetails', () => {
    type Route = Integration['$get'];
    expectTypeOf<keyof InferRequestType<Route>>().toEqualTypeOf<'param'>();
    expectTypeOf<InferRequestType<Route>['param']>().toEqualTypeOf<IntegrationParams>();
    expectTypeOf<InferResponseType<Route, 200>>().toEqualTypeOf<JSONParsed<IntegrationDetails>>();
  });

  it('POST /integrations/:integrationId/installations takes the create body and answers an Installation', () => {
    type Route = Integration['installations']['$post'];
    type Request = InferRequestType<Route>;
    expectTypeOf<keyof Request>().toEqualTypeOf<'param' | 'query' | 'header' | 'json'>();
    expectTypeOf<Request['param']>().toEqualTypeOf<IntegrationParams>();
    expectTypeOf<Request['query']>().toEqualTypeOf<CreateInstallationQuery>();
    expectTypeOf<Request['header']>().toEqualTypeOf<IdempotencyHeader>();
    expectTypeOf<Request['json']>().toEqualTypeOf<CreateInstallationBodyInput>();
    expectTypeOf<InferResponseType<Route, 201>>().toEqualTypeOf<JSONParsed<Installation>>();
  });

  it('POST /integrations/:integrationId/search takes a SearchRequest and answers a BrowserSearchResponse', () => {
    type Route = Integration['search']['$post'];
    type Request = InferRequestType<Route>;
    expectTypeOf<keyof Request>().toEqualTypeOf<'param' | 'json'>();
    expectTypeOf<Request['param']>().toEqualTypeOf<IntegrationParams>();
    expectTypeOf<Request['json']>().toEqualTypeOf<SearchRequest>();
    expectTypeOf<InferResponseType<Route, 200>>().toEqualTypeOf<JSONParsed<BrowserSearchResponse>>();
  });

  it('POST /invites takes an InviteRequest and answers an Invite', () => {
    type Route = Api['invites']['$post'];
    expectTypeOf<keyof InferRequestType<Route>>().toEqualTypeOf<'json'>();
    expectTypeOf<InferRequestType<Route>['json']>().toEqualTypeOf<InviteRequest>();
    expectTypeOf<InferResponseType<Route, 201>>().toEqualTypeOf<JSONParsed<Invite>>();
  });

  it('GET /invites answers an InviteList; DELETE /invites/:inviteId takes the ID only', () => {
    expectTypeOf<InferResponseType<Api['invites']['$get'], 200>>().toEqualTypeOf<JSONParsed<InviteList>>();
    type Revoke = Api['invites'][':inviteId']['$delete'];
    expectTypeOf<keyof InferRequestType<Revoke>>().toEqualTypeOf<'param'>();
    expectTypeOf<InferRequestType<Revoke>['param']>().toEqualTypeOf<InviteParams>();
  });

  it('PATCH /integrations/:integrationId/installation takes masks, If-Match and a key, and answers an Installation', () => {
    type Route = Integration['installation']['$patch'];
    type Request = InferRequestType<Route>;
    expectTypeOf<keyof Request>().toEqualTypeOf<'param' | 'query' | 'header' | 'json'>();
    expectTypeOf<Request['param']>().toEqualTypeOf<IntegrationParams>();
    expectTypeOf<Request['header']>().toEqualTypeOf<UpdateInstallationHeaders>();
    expectTypeOf<Request['json']>().toEqualTypeOf<UpdateInstallationBodyInput>();
    expectTypeOf<InferResponseType<Route, 200>>().toEqualTypeOf<JSONParsed<Installation>>();
  });

  it('DELETE /integrations/:integrationId/installation takes a key (and maybe If-Match) and no body', () => {
    type Route = Integration['installation']['$delete'];
    type Request = InferRequestType<Route>;
    expectTypeOf<keyof Request>().toEqualTypeOf<'param' | 'header'>();
    expectTypeOf<Request['header']>().toEqualTypeOf<UninstallHeaders>();
  });

  it('POST .../objects/:objectName/pause and /resume take the object and an empty body', () => {
    type Pause = Integration['objects'][':objectName']['pause']['$post'];
    type Resume = Integration['objects'][':objectName']['resume']['$post'];
    expectTypeOf<InferRequestType<Pause>['param']>().toEqualTypeOf<ObjectParams>();
    expectTypeOf<InferRequestType<Pause>['json']>().toEqualTypeOf<PauseBody>();
    expectTypeOf<InferRequestType<Resume>['json']>().toEqualTypeOf<PauseBody>();
  });

  it('answers nothing but these shapes with a 2xx', () => {
    expectTypeOf<InferResponseType<Integration['$get'], 201>>().toBeNever();
    expectTypeOf<InferResponseType<Api['invites']['$post'], 200>>().toBeNever();
  });
});
