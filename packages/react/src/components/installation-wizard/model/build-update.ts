import type { ConfigContentInput, IntegrationDetails, UpdateInstallationBodyInput } from '@splice/schema';
import { buildConfigContent } from './build-config.js';
import type { WizardDraft } from './draft.js';
import type { ReadPart } from './field-ids.js';
import { readPart } from './steps.js';

type ReadObjectConfig = NonNullable<ConfigContentInput['read']>['objects'][string];
type WriteObjectConfig = NonNullable<ConfigContentInput['write']>['objects'][string];
/** One read or write object's settings as the update sends them. */
export type ObjectConfig = Partial<ReadObjectConfig & WriteObjectConfig>;

/** The parts of a write step a change names. */
export type WritePart = 'deletion' | 'defaults';
const writePart: Record<string, WritePart> = {
  deletionSettings: 'deletion',
  selectedFieldSettings: 'defaults',
};

/** One part of the installation an edit changes: a read or write object, or the proxy. */
export type WizardChange =
  | {
      kind: 'read' | 'write';
      objectName: string;
      change: 'changed' | 'added' | 'stopped';
      /** Changed: the parts of its settings that differ, in the order its step shows them. */
      parts: Array<ReadPart | WritePart>;
      /** Its settings before and after the edit (one is absent when it starts or stops). */
      before?: ObjectConfig | undefined;
      after?: ObjectConfig | undefined;
    }
  | { kind: 'proxy'; enabled: boolean };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The names of the objects either side holds. */
const namesIn = (a: object | undefined, b: object | undefined) =>
  new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})]);

/** One object's change: it starts, stops, or changes some parts of its settings (`partOf` its keys). */
function objectChange(
  kind: 'read' | 'write',
  objectName: string,
  old: ObjectConfig | undefined,
  next: ObjectConfig | undefined,
  partOf: Record<string, ReadPart | WritePart>,
): WizardChange {
  // Each key of the config counts once, under the part of the step that edits it.
  const parts = [
    ...new Set(
      Object.keys(partOf)
        .filter(
          (key) => old && next && !same(old[key as keyof ObjectConfig], next[key as keyof ObjectConfig]),
        )
        .map((key) => partOf[key] as ReadPart | WritePart),
    ),
  ];
  return {
    kind,
    objectName,
    change: !old ? 'added' : !next ? 'stopped' : 'changed',
    parts,
    before: old,
    after: next,
  };
}

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
  for (const objectName of namesIn(before.read?.objects, after.read?.objects)) {
    const old = before.read?.objects[objectName];
    const next = after.read?.objects[objectName];
    if (same(old, next)) continue;
    const value = next ?? { ...old, disabled: true };
    if (old && !next && same({ ...old, disabled: true }, old)) continue;
    readObjects[objectName] = value;
    updateMask.push(`config.content.read.objects.${objectName}`);
    changes.push(objectChange('read', objectName, old, next, readPart));
  }
  const writeChanged = !same(before.write?.objects ?? {}, after.write?.objects ?? {});
  if (writeChanged) {
    updateMask.push('config.content.write.objects');
    // The update replaces the write objects as a whole; the review still names each one that differs.
    for (const objectName of namesIn(before.write?.objects, after.write?.objects)) {
      const old = before.write?.objects[objectName];
      const next = after.write?.objects[objectName];
      if (!same(old, next)) changes.push(objectChange('write', objectName, old, next, writePart));
    }
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
