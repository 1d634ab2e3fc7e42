import * as z from 'zod/mini';
import { createdBySchema, proxyConfigSchema } from './config.js';
import { limits } from './limits.js';
import { nameSchema } from './primitives.js';
import { readConfigSchema } from './read-config.js';
import { writeConfigSchema } from './write-config.js';

/**
 * The content an update carries (docs/service-interface.md#update-installation): only the parts its
 * `updateMask` names are read, so every part is optional here.
 */
export const installationUpdateContentSchema = z.strictObject({
  provider: z.optional(nameSchema),
  read: z.optional(readConfigSchema),
  write: z.optional(writeConfigSchema),
  proxy: z.optional(proxyConfigSchema),
});
export type InstallationUpdateContent = z.infer<typeof installationUpdateContentSchema>;

/**
 * The body of updateInstallation: which paths to replace (`updateMask`) and their new values. A path's
 * meaning is checked by the service against its list of masks (`parseUpdateMask`), not here, so that an
 * unknown path gets its own issue naming `updateMask[i]`.
 */
export const installationUpdateSchema = z.strictObject({
  updateMask: z
    .array(z.string().check(z.minLength(1), z.maxLength(limits.name * 2)))
    .check(z.minLength(1, 'Name at least one field to update.'), z.maxLength(limits.mapEntries)),
  installation: z.strictObject({
    connectionId: z.optional(nameSchema),
    config: z.optional(
      z.strictObject({
        createdBy: z.optional(createdBySchema),
        /** Deprecated, as on create: the service records the latest revision whatever is sent. */
        revisionId: z.optional(nameSchema),
        content: z.optional(installationUpdateContentSchema),
      }),
    ),
  }),
});
export type InstallationUpdate = z.infer<typeof installationUpdateSchema>;

/** One `updateMask` path, understood. */
export type UpdateMask =
  | { kind: 'connectionId' }
  | { kind: 'createdBy' }
  | { kind: 'readObject'; objectName: string }
  | { kind: 'writeObjects' }
  | { kind: 'writeObject'; objectName: string }
  | { kind: 'proxyEnabled' };

const readObjectPrefix = 'config.content.read.objects.';
const writeObjectPrefix = 'config.content.write.objects.';

/**
 * The masks of the hosted updateInstallation that this config can carry (it has no `subscribe` part);
 * undefined for any other path.
 */
export function parseUpdateMask(path: string): UpdateMask | undefined {
  if (path === 'connectionId') return { kind: 'connectionId' };
  if (path === 'config.createdBy') return { kind: 'createdBy' };
  if (path === 'config.content.proxy.enabled') return { kind: 'proxyEnabled' };
  if (path === 'config.content.write.objects') return { kind: 'writeObjects' };
  const objectName = (prefix: string) => {
    const rest = path.slice(prefix.length);
    return path.startsWith(prefix) && rest.length > 0 && !rest.includes('.') ? rest : undefined;
  };
  const read = objectName(readObjectPrefix);
  if (read) return { kind: 'readObject', objectName: read };
  const write = objectName(writeObjectPrefix);
  if (write) return { kind: 'writeObject', objectName: write };
  return undefined;
}

/** The mask path for one parsed mask: the inverse of `parseUpdateMask`. */
export function updateMaskPath(mask: UpdateMask): string {
  switch (mask.kind) {
    case 'connectionId':
      return 'connectionId';
    case 'createdBy':
      return 'config.createdBy';
    case 'proxyEnabled':
      return 'config.content.proxy.enabled';
    case 'writeObjects':
      return 'config.content.write.objects';
    case 'readObject':
      return `${readObjectPrefix}${mask.objectName}`;
    case 'writeObject':
      return `${writeObjectPrefix}${mask.objectName}`;
  }
}
