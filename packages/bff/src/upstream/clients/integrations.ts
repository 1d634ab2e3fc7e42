import type { Integration, ObjectMetadata } from '@splice/schema';
import { integrationSchema, objectMetadataSchema } from '@splice/schema';
import * as z from 'zod/mini';
import { fillIntegration, fillObjectMetadata } from '../answers/hosted-gaps.js';
import { readAnswer, readEach } from '../answers/read-answer.js';
import type { CallContext } from '../call.js';
import { endpoint } from '../endpoint.js';
import type { ClientKit } from './client-kit.js';

/** The part of the hosted ProviderInfo the BFF uses. */
const providerInfoSchema = z.object({ displayName: z.string().check(z.minLength(1), z.maxLength(200)) });

/** The project's integrations, their providers, and a provider object's fields. */
export function createIntegrationsClient(kit: ClientKit) {
  const { baseUrl, project, read, settle, getJson, integrationPath } = kit;
  return {
    async getIntegration(ctx: CallContext, integrationId: string): Promise<Integration> {
      const operation = 'getIntegration';
      const url = endpoint(baseUrl, integrationPath(integrationId));
      const json = await getJson(ctx, operation, url);
      return read(ctx, operation, integrationSchema, fillIntegration(json));
    },

    /** Every integration of the project (the hosted `listIntegrations`), each read as `getIntegration` reads one. */
    async listIntegrations(ctx: CallContext): Promise<Integration[]> {
      const operation = 'listIntegrations';
      const json = await getJson(ctx, operation, endpoint(baseUrl, ['projects', project, 'integrations']));
      return settle(
        ctx,
        operation,
        readEach(json, (item) => readAnswer(integrationSchema, fillIntegration(item))),
      );
    },

    /**
     * A provider object's fields through the group's connection. The provider-level path works before
     * the group has installed anything; the installation-scoped one (hosted) needs an installation.
     */
    async getObjectMetadata(
      ctx: CallContext,
      provider: string,
      objectName: string,
      groupRef: string,
    ): Promise<ObjectMetadata> {
      const operation = 'getObjectMetadata';
      const url = endpoint(
        baseUrl,
        ['projects', project, 'providers', provider, 'objects', objectName, 'metadata'],
        {
          groupRef,
        },
      );
      const json = await getJson(ctx, operation, url);
      return read(ctx, operation, objectMetadataSchema, fillObjectMetadata(json, objectName));
    },

    /**
     * The provider's display name (the hosted `GET /providers/{provider}`, which needs no credentials;
     * the API key sent along is ignored there). Only `displayName` is read.
     */
    async getProviderDisplayName(ctx: CallContext, provider: string): Promise<string> {
      const operation = 'getProvider';
      const json = await getJson(ctx, operation, endpoint(baseUrl, ['providers', provider]));
      return read(ctx, operation, providerInfoSchema, json).displayName;
    },
  };
}
