/**
 * The OpenAPI path of one installation: getInstallation, updateInstallation (with the If-Match extension
 * for concurrent edits) and deleteInstallation, merged into ./document.
 */
import { installationUpdateSchema } from '@splice/schema';
import type { ProblemEntry } from './builders.js';
import { json, param, problems, security, toSchema } from './builders.js';

const parameters = [
  param('projectIdOrName', 'Project ID or project name.'),
  param('integrationId', 'Integration ID (or name).'),
  param('installationId', 'Installation ID.'),
];
const etag = {
  ETag: {
    description:
      "Extension: the installation's version, its `updateTime` (its `createTime` until it is first updated), quoted. Send it back in `If-Match`.",
    schema: { type: 'string' },
  },
};
const ifMatch = {
  name: 'If-Match',
  in: 'header',
  required: false,
  schema: { type: 'string' },
  description:
    'Extension: the ETag of the version this change starts from. When the installation changed since, the answer is 412 and nothing is written. Absent or `*`: no precondition (as in the hosted service).',
  'x-splice-extension': true,
};
const installation = json('Installation');
const notFound: ProblemEntry = [
  404,
  ['projectNotFound', 'integrationNotFound', 'installationNotFound'],
  'The project, the integration or the installation does not exist.',
];
const auth: ProblemEntry = [401, ['unauthorized'], 'The credential is missing or wrong.'];
const stale: ProblemEntry = [
  412,
  ['installationChanged'],
  'If-Match names a version that is no longer current: someone else changed the installation.',
];

export function installationSchemas() {
  return { InstallationUpdate: toSchema(installationUpdateSchema) };
}

export function installationPaths() {
  return {
    '/v1/projects/{projectIdOrName}/integrations/{integrationId}/installations/{installationId}': {
      get: {
        operationId: 'getInstallation',
        summary: 'An installation, with its version as ETag.',
        security,
        parameters,
        responses: {
          '200': { description: 'The installation.', headers: etag, content: installation },
          ...problems(auth, notFound),
        },
      },
      patch: {
        operationId: 'updateInstallation',
        summary:
          'Replace the parts of an installation that `updateMask` names (docs/service-interface.md#update-installation). The replaced config is kept as a revision.',
        security,
        parameters: [
          ...parameters,
          {
            name: 'skipSampling',
            in: 'query',
            required: false,
            schema: { type: 'string', enum: ['true', 'false'], default: 'false' },
            description: 'When true, the sample read of the replaced read objects is skipped.',
          },
          ifMatch,
        ],
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/InstallationUpdate' } } },
        },
        responses: {
          '200': { description: 'The updated installation.', headers: etag, content: installation },
          ...problems(
            [
              400,
              ['validation', 'badRequest'],
              'Malformed input, an unknown mask (an issue names `updateMask[i]`), or a mask without its value.',
            ],
            auth,
            notFound,
            stale,
            [413, ['payloadTooLarge'], 'The body is over 1 MiB.'],
            [415, ['unsupportedMediaType'], 'The body is not JSON.'],
            [
              422,
              ['connectionNotFound', 'connectionUnusable', 'invalidConfig', 'sampleReadFailed'],
              'The new config or connection is refused, as on create.',
            ],
          ),
        },
      },
      delete: {
        operationId: 'deleteInstallation',
        summary:
          'Delete an installation: its reads stop, and its connection is deleted too when no other installation uses it.',
        security,
        parameters: [...parameters, ifMatch],
        responses: {
          '204': { description: 'Deleted.' },
          ...problems([400, ['validation'], 'A malformed If-Match.'], auth, notFound, stale),
        },
      },
    },
  };
}
