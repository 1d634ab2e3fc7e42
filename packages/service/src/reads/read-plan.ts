/**
 * What an installation reads: the objects of its config plus the manifest's `enabled: always` objects, each
 * with the schedule, destination and backfill that apply (the installation's own, else the manifest's).
 */
import type { ManifestIntegration, ManifestReadObject, ReadFilter, ReadObjectConfig } from '@splice/schema';
import { nextRuns, parseCron, readObjectConfigSchema } from '@splice/schema';
import type { Installation } from '../store/index.js';
import type { NewReadOperation, PlannedObject } from './operation-store.js';

const day = 86_400_000;

export interface EffectiveReadObject {
  objectName: string;
  /** The installation's config for the object; undefined for an `enabled: always` object it does not list. */
  config?: ReadObjectConfig;
  manifestObject?: ManifestReadObject;
  schedule?: string;
  destination?: string;
  /** Seed: `disabled: true` pauses scheduled reads and refuses on-demand ones. */
  disabled: boolean;
  /** Undefined: no backfill. `{ days: undefined }` is full history. */
  backfill?: { days?: number; fieldFilters: ReadFilter[] };
  fieldFilters: ReadFilter[];
}

/** The read objects of an installation's config, in the config's order, then `enabled: always` ones. */
export function effectiveReadObjects(
  installation: Installation,
  manifest: ManifestIntegration,
): EffectiveReadObject[] {
  const content = installation.config.content as { read?: { objects?: Record<string, unknown> } };
  const configured = content.read?.objects ?? {};
  const result: EffectiveReadObject[] = [];
  const seen = new Set<string>();
  for (const [name, raw] of Object.entries(configured)) {
    const config = readObjectConfigSchema.parse(raw);
    const manifestObject = manifest.read?.objects.find((o) => o.objectName === name);
    result.push(effective(name, config, manifestObject));
    seen.add(name);
  }
  for (const manifestObject of manifest.read?.objects ?? []) {
    if (manifestObject.enabled === 'always' && !seen.has(manifestObject.objectName)) {
      result.push(effective(manifestObject.objectName, undefined, manifestObject));
    }
  }
  return result;
}

function effective(
  objectName: string,
  config: ReadObjectConfig | undefined,
  manifestObject: ManifestReadObject | undefined,
): EffectiveReadObject {
  const backfill = config?.backfill ?? manifestObject?.backfill;
  const period = backfill?.defaultPeriod;
  const wantsBackfill = period?.fullHistory === true || (period?.days ?? 0) > 0;
  const schedule = config?.schedule ?? manifestObject?.schedule;
  const destination = config?.destination ?? manifestObject?.destination;
  return {
    objectName,
    ...(config ? { config } : {}),
    ...(manifestObject ? { manifestObject } : {}),
    ...(schedule ? { schedule } : {}),
    ...(destination ? { destination } : {}),
    disabled: config?.disabled === true,
    ...(wantsBackfill
      ? {
          backfill: {
            ...(period?.fullHistory === true ? {} : { days: period!.days! }),
            fieldFilters: backfill?.fieldFilters ?? [],
          },
        }
      : {}),
    fieldFilters: config?.fieldFilters ?? [],
  };
}

const parsedSchedules = new Map<string, ReturnType<typeof parseCron>>();

/** The first time the cron fires strictly after `from`, epoch ms; undefined for no or an invalid schedule. */
export function nextRunAfter(schedule: string | undefined, from: number): number | undefined {
  if (!schedule) return undefined;
  // Thousands of installations share a few schedules: each is parsed once.
  let parsed = parsedSchedules.get(schedule);
  if (!parsed) {
    if (parsedSchedules.size > 1_000) parsedSchedules.clear();
    parsed = parseCron(schedule);
    parsedSchedules.set(schedule, parsed);
  }
  if (!parsed.ok) return undefined;
  return nextRuns(parsed.schedule, { from: new Date(from), count: 1 })[0]?.getTime();
}

/**
 * The upper bound of a read starting at `now`: the last whole second before it. Records are stamped in
 * whole seconds, so a change made while the read runs is stamped at or after `now`'s second and falls in
 * the next read's window instead of slipping between the two.
 */
export function readUntil(now: number): number {
  return Math.floor(now / 1000) * 1000 - 1000;
}

export interface PlanContext {
  installation: Installation;
  manifest: ManifestIntegration;
  now: number;
  newId: () => string;
}

/** The objects' schedules and the backfill operations a (new) installation starts with. */
export function planInstallation(ctx: PlanContext): PlannedObject[] {
  const { installation, now } = ctx;
  const until = readUntil(now);
  const createTime = new Date(now).toISOString();
  return effectiveReadObjects(installation, ctx.manifest).map((object) => {
    const nextRunTime = object.disabled ? undefined : nextRunAfter(object.schedule, now);
    let backfill: NewReadOperation | undefined;
    if (object.backfill && !object.disabled) {
      backfill = {
        id: ctx.newId(),
        projectId: installation.projectId,
        integrationId: installation.integrationId,
        installationId: installation.id,
        configId: installation.config.id,
        objectName: object.objectName,
        readType: 'backfill',
        ...(object.backfill.days === undefined
          ? {}
          : { sinceTime: new Date(until - object.backfill.days * day).toISOString() }),
        untilTime: new Date(until).toISOString(),
        createTime,
      };
    }
    return {
      objectName: object.objectName,
      ...(object.schedule ? { schedule: object.schedule } : {}),
      ...(nextRunTime === undefined ? {} : { nextRunTime }),
      // Without a backfill, incremental reads start from the installation's creation.
      cursorTime: new Date(until).toISOString(),
      ...(backfill ? { backfill } : {}),
    };
  });
}
