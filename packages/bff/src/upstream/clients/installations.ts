import type { Config, Installation, InstallationUpdate, PreviousConfig } from '@splice/schema';
import { installationRequestSchema, installationUpdateSchema, previousConfigSchema } from '@splice/schema';
import { readEach } from '../answers/read-answer.js';
import type { CallContext } from '../call.js';
import { endpoint } from '../endpoint.js';
import { readInstallation, readInstallationWhatCan } from '../sanitise.js';
import { UpstreamFault } from '../upstream-fault.js';
import type { ClientKit } from './client-kit.js';
import { strictBody } from './client-kit.js';

export interface InstallationCreate {
  groupRef: string;
  connectionId?: string;
  config: Config;
}

/**
 * What a create answered. `complete: false` when the service said it created the installation but its
 * answer could not be fully read: the parts that could be, and the create still counts as done.
 */
export type CreatedInstallation =
  | { complete: true; installation: Installation }
  | { complete: false; installation: Partial<Installation> };

/**
 * The hosted service requires `selectedFields` and `selectedFieldMappings` on every read object (empty
 * maps are fine; docs/service-interface.md allows them); they are sent as empty maps rather than left out.
 */
function withSelectionMaps(config: Config): Config {
  const read = config.content.read;
  if (!read) return config;
  const objects = Object.fromEntries(
    Object.entries(read.objects).map(([name, object]) => [
      name,
      {
        ...object,
        selectedFields: object.selectedFields ?? {},
        selectedFieldMappings: object.selectedFieldMappings ?? {},
      },
    ]),
  );
  return { ...config, content: { ...config.content, read: { ...read, objects } } };
}

/** A group's installations: list, create, update, delete, and pausing their reads. */
export function createInstallationsClient(kit: ClientKit) {
  const { baseUrl, readUrl, call, read, settle, noteIgnored, getJson, getJsonOrNull, integrationPath, log } =
    kit;
  return {
    async listInstallations(
      ctx: CallContext,
      integrationId: string,
      groupRef: string,
    ): Promise<Installation[]> {
      const operation = 'listInstallations';
      const url = endpoint(baseUrl, [...integrationPath(integrationId), 'installations'], { groupRef });
      const json = await getJson(ctx, operation, url);
      return settle(ctx, operation, readEach(json, readInstallation));
    },

    /**
     * The embedded service's `previous-config` extension: the config the group's installation had when the
     * group last uninstalled it; null when the service keeps none (404). Called only with `embeddedExtensions`.
     */
    async getPreviousConfig(
      ctx: CallContext,
      integrationId: string,
      groupRef: string,
    ): Promise<PreviousConfig | null> {
      const operation = 'getPreviousConfig';
      const url = endpoint(baseUrl, [...integrationPath(integrationId), 'previous-config'], { groupRef });
      const json = await getJsonOrNull(ctx, operation, url);
      return json === undefined ? null : read(ctx, operation, previousConfigSchema, json);
    },

    /**
     * A create the service reports as done stays done: an answer that cannot be fully read (or is not
     * JSON at all) gives the parts that can be, never an error, so the browser does not retry into a 409.
     */
    async createInstallation(
      ctx: CallContext,
      integrationId: string,
      request: InstallationCreate,
      skipSampling: boolean,
    ): Promise<CreatedInstallation> {
      const operation = 'createInstallation';
      const url = endpoint(baseUrl, [...integrationPath(integrationId), 'installations'], {
        skipSampling: String(skipSampling),
      });
      // Built field by field: only what the allowlist names reaches the service.
      const body = strictBody(
        installationRequestSchema,
        {
          groupRef: request.groupRef,
          ...(request.connectionId === undefined ? {} : { connectionId: request.connectionId }),
          config: withSelectionMaps(request.config),
        },
        operation,
      );
      let json: unknown;
      try {
        json = await call(ctx, {
          operation,
          method: 'POST',
          url,
          credential: 'api-key',
          body,
          kind: 'write',
          expectStatus: 201,
        });
      } catch (error) {
        // A 2xx whose body is not JSON: created all the same.
        if (
          !(
            error instanceof UpstreamFault &&
            error.kind === 'malformed' &&
            error.upstreamStatus !== undefined
          )
        ) {
          throw error;
        }
        json = undefined;
      }
      const full = readInstallation(json);
      if (full.ok) {
        noteIgnored(ctx, operation, full.ignored);
        return { complete: true, installation: full.value };
      }
      const partial = readInstallationWhatCan(json);
      log({
        level: 'warn',
        msg: 'upstream answer partly unreadable: the create succeeded, answering what could be read',
        requestId: ctx.requestId,
        operation,
        problems: partial.unreadable.slice(0, 10),
      });
      return { complete: false, installation: partial.value };
    },

    /**
     * updateInstallation with the version the edit started from (`If-Match`). Never retried: a lost answer
     * followed by a retry would meet its own change as a 412.
     */
    async updateInstallation(
      ctx: CallContext,
      integrationId: string,
      installationId: string,
      update: InstallationUpdate,
      options: { skipSampling: boolean; ifMatch: string },
    ): Promise<Installation> {
      const operation = 'updateInstallation';
      const url = endpoint(baseUrl, [...integrationPath(integrationId), 'installations', installationId], {
        skipSampling: String(options.skipSampling),
      });
      const json = await call(ctx, {
        operation,
        method: 'PATCH',
        url,
        credential: 'api-key',
        extraHeaders: { 'if-match': options.ifMatch },
        body: strictBody(installationUpdateSchema, update, operation),
        kind: 'write',
        expectStatus: 200,
      });
      return settle(ctx, operation, readInstallation(json));
    },

    /** deleteInstallation: 204. The connection goes too when no other installation uses it. */
    async deleteInstallation(
      ctx: CallContext,
      integrationId: string,
      installationId: string,
      ifMatch: string | undefined,
    ): Promise<void> {
      const operation = 'deleteInstallation';
      await call(ctx, {
        operation,
        method: 'DELETE',
        url: endpoint(baseUrl, [...integrationPath(integrationId), 'installations', installationId]),
        credential: 'api-key',
        ...(ifMatch === undefined ? {} : { extraHeaders: { 'if-match': ifMatch } }),
        kind: 'write',
        expectStatus: 204,
        answer: 'none',
      });
    },

    /** `...installations/{id}:pause` or `:unpause` for the named objects: 204. */
    async pauseObjects(
      ctx: CallContext,
      integrationId: string,
      installationId: string,
      objects: string[],
      pause: boolean,
      note?: string,
    ): Promise<void> {
      const operation = pause ? 'pauseReads' : 'resumeReads';
      // The hosted service has these under `{read_url}` only; the embedded one under both bases.
      const url = endpoint(readUrl ?? baseUrl, [
        ...integrationPath(integrationId),
        'installations',
        installationId,
      ]);
      // The custom method's colon stays literal, as in the hosted path.
      url.pathname += pause ? ':pause' : ':unpause';
      await call(ctx, {
        operation,
        method: 'POST',
        url,
        credential: 'api-key',
        body: { objects, ...(note ? { note } : {}) },
        kind: 'write',
        expectStatus: 204,
        answer: 'none',
      });
    },
  };
}
