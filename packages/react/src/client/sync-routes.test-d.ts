/**
 * Type test (checked by `tsc`, no runtime): the BFF's status and "Run now" routes answer exactly the
 * @splice/schema types the client declares, and live at the paths the client calls.
 */
import type { AppType } from '@splice/bff';
import type { RunNowAnswer, SyncStatus } from '@splice/schema';
import type { hc, InferResponseType } from 'hono/client';
import { expectTypeOf } from 'vitest';
import type { SpliceClient } from './create-splice-client.js';

type Integration = ReturnType<typeof hc<AppType>>['integrations'][':integrationId'];
type StatusAnswer = InferResponseType<Integration['status']['$get'], 200>;
type RunNowRouteAnswer = InferResponseType<Integration['objects'][':objectName']['read']['$post'], 201>;

expectTypeOf<StatusAnswer>().toEqualTypeOf<SyncStatus>();
expectTypeOf<RunNowRouteAnswer>().toEqualTypeOf<RunNowAnswer>();
expectTypeOf<Awaited<ReturnType<SpliceClient['getSyncStatus']>>>().toEqualTypeOf<SyncStatus>();
expectTypeOf<Awaited<ReturnType<SpliceClient['runNow']>>>().toEqualTypeOf<RunNowAnswer>();
