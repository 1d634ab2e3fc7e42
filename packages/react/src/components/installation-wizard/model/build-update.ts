import type { ConfigContentInput, IntegrationDetails, UpdateInstallationBodyInput } from '@splice/schema';
import { buildConfigContent } from './build-config.js';
import type { WizardDraft } from './draft.js';
import type { ReadPart } from './field-ids.js';
import { readPart } from './steps.js';

/** One read object's settings as the update sends them. */
export type ReadObjectConfig = NonNullable<ConfigContentInput['read']>['objects'][string];

/** One part of the installation an edit changes: a read object, the write objects, or the proxy. */
export type WizardChange =
  | {
      kind: 'read';
      objectName: string;
      change: 'changed' | 'added' | 'stopped';
      /** Changed: the parts of its settings that differ, in the order its step shows them. */
      parts: ReadPart[];
      /** Its settings before and after the edit (one is absent when it starts or stops). */
      before?: ReadObjectConfig | undefined;
      after?: ReadObjectConfig | undefined;
    }
  | { kind: 'write' }
  | { kind: 'proxy'; enabled: boolean };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What an edit changes, and the update that carries only that: each read object whose config differs
 * from the one the wizard opened with (`baseline`, the draft made from the current installation, built
 * by the same `buildConfigContent` so that only the user's changes differ), the write objects as a whole,
 * and the proxy switch. An object the user no longer reads is kept with `disabled: true`: an update
 * replaces objects, it cannot remove one. Null when nothing changed.
 */
export function buildUpdate(
  details: IntegrationDetails,
  baseline: WizardDraft,
  draft: WizardDraft,
): { body: UpdateInstallationBodyInput; changes: WizardChange[] } | null {
  const before = buildConfigContent(details, baseline);
  const after = buildConfigContent(details, draft);
  const changes: WizardChange[] = [];
  const updateMask: string[] = [];
  const readObjects: Record<string, unknown> = {};
  const names = new Set([
    ...Object.keys(before.read?.objects ?? {}),
    ...Object.keys(after.read?.objects ?? {}),
  ]);
  for (const objectName of names) {
    const old = before.read?.objects[objectName];
    const next = after.read?.objects[objectName];
    if (same(old, next)) continue;
    const value = next ?? { ...old, disabled: true };
    if (old && !next && same({ ...old, disabled: true }, old)) continue;
    readObjects[objectName] = value;
    updateMask.push(`config.content.read.objects.${objectName}`);
    // Each key of the config counts once, under the part of the step that edits it.
    const at = (config: unknown, key: string) => (config as Record<string, unknown> | undefined)?.[key];
    const parts = [
      ...new Set(
        Object.entries(readPart)
          .filter(([key]) => old && next && !same(at(old, key), at(next, key)))
          .map(([, part]) => part),
      ),
    ];
    changes.push({
      kind: 'read',
      objectName,
      change: !old ? 'added' : !next ? 'stopped' : 'changed',
      parts,
      before: old,
      after: next,
    });
  }
  const writeChanged = !same(before.write?.objects ?? {}, after.write?.objects ?? {});
  if (writeChanged) {
    updateMask.push('config.content.write.objects');
    changes.push({ kind: 'write' });
  }
  const proxyChanged = details.proxy.allowed && before.proxy?.enabled !== after.proxy?.enabled;
  if (proxyChanged) {
    updateMask.push('config.content.proxy.enabled');
    changes.push({ kind: 'proxy', enabled: after.proxy?.enabled === true });
  }
  if (updateMask.length === 0) return null;
  return {
    body: {
      updateMask,
      installation: {
        config: {
          content: {
            ...(Object.keys(readObjects).length
              ? { read: { objects: readObjects as NonNullable<typeof after.read>['objects'] } }
              : {}),
            ...(writeChanged ? { write: { objects: after.write?.objects ?? {} } } : {}),
            ...(proxyChanged ? { proxy: { enabled: after.proxy?.enabled === true } } : {}),
          },
        },
      },
    },
    changes,
  };
}
