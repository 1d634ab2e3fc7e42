import type { AppType } from '@splice/bff';
import type { hc, InferRequestType, InferResponseType } from 'hono/client';
import { describe, expectTypeOf, it } from 'vitest';
import type { SpliceClient } from './create-splice-client.js';

// Checked by the compiler only: the client's methods take and return the @splice/schema types, and
// these are what the BFF's routes (its AppType, a type-only import) accept and answer. A route renamed
// or reshaped in the BFF fails here before any browser meets it.
type Api = ReturnType<typeof hc<AppType>>;
type Integration = Api['integrations'][':integrationId'];
type Answer<Method extends (...args: never[]) => Promise<unknown>> = Awaited<ReturnType<Method>>;

describe('createSpliceClient agrees with the BFF routes', () => {
  it('listIntegrations reads what GET /integrations answers', () => {
    expectTypeOf<InferResponseType<Api['integrations']['$get'], 200>>().toExtend<
      Answer<SpliceClient['listIntegrations']>
    >();
  });

  it('getIntegration reads what GET /integrations/:integrationId answers', () => {
    type Route = Integration['$get'];
    expectTypeOf<InferResponseType<Route, 200>>().toExtend<Answer<SpliceClient['getIntegration']>>();
  });

  it('createInstallation sends the body POST /integrations/:integrationId/installations validates', () => {
    type Route = Integration['installations']['$post'];
    expectTypeOf<Parameters<SpliceClient['createInstallation']>[1]>().toEqualTypeOf<
      InferRequestType<Route>['json']
    >();
    expectTypeOf<InferResponseType<Route, 201>>().toExtend<Answer<SpliceClient['createInstallation']>>();
  });

  it('search sends the body POST /integrations/:integrationId/search validates and reads its answer', () => {
    type Route = Integration['search']['$post'];
    expectTypeOf<Parameters<SpliceClient['search']>[1]>().toEqualTypeOf<InferRequestType<Route>['json']>();
    expectTypeOf<InferResponseType<Route, 200>>().toExtend<Answer<SpliceClient['search']>>();
  });

  it('createInvite sends the body POST /invites validates and reads its answer', () => {
    type Route = Api['invites']['$post'];
    expectTypeOf<Parameters<SpliceClient['createInvite']>[0]>().toEqualTypeOf<
      InferRequestType<Route>['json']
    >();
    expectTypeOf<InferResponseType<Route, 201>>().toExtend<Answer<SpliceClient['createInvite']>>();
  });

  it('listInvites reads GET /invites; revokeInvite names the ID DELETE /invites/:inviteId takes', () => {
    expectTypeOf<InferResponseType<Api['invites']['$get'], 200>>().toExtend<
      Answer<SpliceClient['listInvites']>
    >();
    type Revoke = Api['invites'][':inviteId']['$delete'];
    expectTypeOf<Parameters<SpliceClient['revokeInvite']>[0]>().toEqualTypeOf<
      InferRequestType<Revoke>['param']['inviteId']
    >();
  });
});
