/**
 * The BFF's browser-facing routes, typed from its `AppType` (a type-only import: no BFF code reaches
 * the browser). Everything the library knows about URLs and answer shapes is inferred here.
 */
import type { AppType } from '@splice/bff';
import type { hc, InferRequestType, InferResponseType } from 'hono/client';

export type BffApi = ReturnType<typeof hc<AppType>>;

type IntegrationRoute = BffApi['integrations'][':integrationId'];

/** `GET /integrations/:integrationId`: everything the wizard and the search box need, in one answer. */
export type IntegrationDetails = InferResponseType<IntegrationRoute['$get'], 200>;
export type ReadObjectDetails = IntegrationDetails['readObjects'][number];
export type WriteObjectDetails = IntegrationDetails['writeObjects'][number];
export type MappingInput = ReadObjectDetails['mappingInputs'][number];
export type ProviderField = ReadObjectDetails['fields'][number];

type InstallationsRoute = IntegrationRoute['installations']['$post'];
/** `POST /integrations/:integrationId/installations` body; the BFF adds the group from the session. */
export type CreateInstallationBody = InferRequestType<InstallationsRoute>['json'];
export type Installation = InferResponseType<InstallationsRoute, 201>;

type SearchRoute = IntegrationRoute['search']['$post'];
export type SearchRequest = InferRequestType<SearchRoute>['json'];
/** One provider page only (seed 8); `id` is null where the provider gave none (api-facts.md). */
export type SearchAnswer = InferResponseType<SearchRoute, 200>;
export type SearchResult = SearchAnswer['results'][number];

type InvitesRoute = BffApi['invites']['$post'];
export type InviteRequest = InferRequestType<InvitesRoute>['json'];
export type Invite = InferResponseType<InvitesRoute, 201>;
