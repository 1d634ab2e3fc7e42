/**
 * Type test (checked by `tsc`, no runtime): the BFF's status and "Run now" routes answer exactly the
 * @splice/schema types the client declares, and live at the paths the client calls.
 */
import type { AppType } from '@splice/bff';
import type { Installation, RunHistory, RunNowAnswer, SyncStatus } from '@splice/schema';
import type { hc, InferRequestType, InferResponseType } from 'hono/client';
import type { JSONParsed } from 'hono/utils/types';
import { expectTypeOf } from 'vitest';
import type { SpliceClient } from './create-splice-client.js';

type Integration = ReturnType<typeof hc<AppType>>['integrations'][':integrationId'];
type StatusAnswer = InferResponseType<Integration['status']['$get'], 200>;
type RunNowRouteAnswer = InferResponseType<Integration['objects'][':objectName']['read']['$post'], 201>;

expectTypeOf<StatusAnswer>().toEqualTypeOf<SyncStatus>();
expectTypeOf<RunNowRouteAnswer>().toEqualTypeOf<RunNowAnswer>();
expectTypeOf<Awaited<ReturnType<SpliceClient['getSyncStatus']>>>().toEqualTypeOf<SyncStatus>();
expectTypeOf<Awaited<ReturnType<SpliceClient['runNow']>>>().toEqualTypeOf<RunNowAnswer>();

// Managing an installation: the routes the client calls answer what it declares.
type UpdateAnswer = InferResponseType<Integration['installation']['$patch'], 200>;
expectTypeOf<UpdateAnswer>().toEqualTypeOf<JSONParsed<Installation>>();
expectTypeOf<Awaited<ReturnType<SpliceClient['updateInstallation']>>>().toEqualTypeOf<Installation>();
expectTypeOf<Parameters<SpliceClient['updateInstallation']>[1]>().toEqualTypeOf<
  InferRequestType<Integration['installation']['$patch']>['json']
>();
expectTypeOf<keyof InferRequestType<Integration['installation']['$delete']>>().toEqualTypeOf<
  'param' | 'header'
>();
expectTypeOf<
  InferRequestType<Integration['objects'][':objectName']['pause']['$post']>['json']
>().toEqualTypeOf<Record<string, never>>();

// The run history and Disconnect: the paths the client calls, answering what it declares.
type RunsAnswer = InferResponseType<Integration['objects'][':objectName']['runs']['$get'], 200>;
expectTypeOf<RunsAnswer>().toEqualTypeOf<RunHistory>();
expectTypeOf<Awaited<ReturnType<SpliceClient['getRunHistory']>>>().toEqualTypeOf<RunHistory>();
expectTypeOf<keyof InferRequestType<Integration['connection']['$delete']>>().toEqualTypeOf<'param'>();
