/**
 * The BFF's browser-facing routes, typed from its `AppType` (a type-only import: no BFF or hono code
 * reaches the browser). Everything the library knows about answer shapes is inferred here. The answers
 * are interfaces so that declarations elsewhere refer to them by name; the published `.d.ts` of this
 * file is expanded at build time (scripts/build-types.ts), so consumers need neither package.
 */
import type { AppType } from '@splice/bff';
import type { hc, InferRequestType, InferResponseType } from 'hono/client';

/** The typed `hono/client` for AppType: used here for its types only (the client calls `fetch` itself). */
type BffApi = ReturnType<typeof hc<AppType>>;

/** `/integrations/:integrationId` and the routes below it. */
type IntegrationRoute = BffApi['integrations'][':integrationId'];
type InstallationsRoute = IntegrationRoute['installations']['$post'];
type SearchRoute = IntegrationRoute['search']['$post'];
type InvitesRoute = BffApi['invites']['$post'];
/** A route's JSON body (an interface may extend a named type only, not an indexed access). */
type JsonBody<Route> = InferRequestType<Route> extends { json: infer Body } ? Body : never;
/** An array's item, for the same reason. */
type Item<List extends readonly unknown[]> = List[number];

/** `GET /integrations/:integrationId`: everything the wizard and the search box need, in one answer. */
export interface IntegrationDetails extends InferResponseType<IntegrationRoute['$get'], 200> {}
export interface ReadObjectDetails extends Item<IntegrationDetails['readObjects']> {}
export interface WriteObjectDetails extends Item<IntegrationDetails['writeObjects']> {}
export interface MappingInput extends Item<ReadObjectDetails['mappingInputs']> {}
export interface ProviderField extends Item<ReadObjectDetails['fields']> {}

/** `POST /integrations/:integrationId/installations` body; the BFF adds the group from the session. */
export interface CreateInstallationBody extends JsonBody<InstallationsRoute> {}
export interface Installation extends InferResponseType<InstallationsRoute, 201> {}

/** `POST /integrations/:integrationId/search` body. */
export interface SearchRequest extends JsonBody<SearchRoute> {}
/** One provider page only (seed 8); `id` is null where the provider gave none (api-facts.md). */
export interface SearchAnswer extends InferResponseType<SearchRoute, 200> {}
export interface SearchResult extends Item<SearchAnswer['results']> {}

/** `POST /invites` body. */
export interface InviteRequest extends JsonBody<InvitesRoute> {}
export interface Invite extends InferResponseType<InvitesRoute, 201> {}
