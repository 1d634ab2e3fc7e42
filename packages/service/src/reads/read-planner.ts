/**
 * Planning an installation's reads from its stored config (its backfills and schedules), forgetting a
 * deleted one's, and queuing on-demand reads. What is planned is saved in the operation store; the control
 * loop (./control-loop.ts) starts scheduled reads when they fall due.
 */
import { randomUUID } from 'node:crypto';
import type { ManifestIntegration } from '@splice/schema';
import { StoreUnavailableError } from '../store/errors.js';
import type { Installation, Repository } from '../store/index.js';
import type { EngineLog } from './engine-loop.js';
import { manifestOf } from './operation-context.js';
import type { OperationStore } from './operation-store.js';
import { effectiveReadObjects, planInstallation, readUntil } from './read-plan.js';
import type { TimeSlice } from './time-slice.js';
import type { ReadTiming } from './timing.js';

export interface TriggerInput {
  installation: Installation;
  objectName: string;
  sinceTime?: string;
  untilTime?: string;
}

/** Installations planned or forgotten in one scan; a full batch scans again at once. */
export const planBatch = 500;

export class ReadPlanner {
  readonly #store: OperationStore;
  readonly #repo: Repository;
  readonly #timing: ReadTiming;
  readonly #log: EngineLog;
  /** An installation's plan changed or went: operations that cached what they knew of it look it up again. */
  readonly #planChanged: (installationId: string) => void;

  constructor(options: {
    store: OperationStore;
    repo: Repository;
    timing: ReadTiming;
    log: EngineLog;
    planChanged: (installationId: string) => void;
  }) {
    this.#store = options.store;
    this.#repo = options.repo;
    this.#timing = options.timing;
    this.#log = options.log;
    this.#planChanged = options.planChanged;
  }

  /**
   * Forgets plans whose installation is gone and plans installations that were not planned at create or
   * update. Answers how many it planned.
   */
  async scan(slice: TimeSlice): Promise<number> {
    for (const installationId of await this.#store.orphanedPlans(planBatch)) {
      await this.forget(installationId);
      await slice.yield();
    }
    const toPlan = await this.#store.installationsToPlan(planBatch);
    for (const { projectId, installationId } of toPlan) {
      await this.#plan(projectId, installationId, this.#timing.now());
      await slice.yield();
    }
    return toPlan.length;
  }

  /**
   * An installation was created or its config changed: plans it now. New objects get their backfill,
   * dropped objects stop, objects kept keep their cursor. Answers whether a new plan was saved (the same
   * config again saves nothing).
   */
  installationChanged(installation: Installation, manifest?: ManifestIntegration): Promise<boolean> {
    return this.#plan(installation.projectId, installation.id, this.#timing.now(), {
      installation,
      ...(manifest ? { manifest } : {}),
    });
  }

  /**
   * An installation was deleted: its schedules stop, its unfinished operations fail, and messages not yet
   * delivered are dropped.
   */
  async forget(installationId: string): Promise<void> {
    await this.#store.forgetInstallation(
      installationId,
      'the installation was deleted',
      new Date(this.#timing.now()).toISOString(),
    );
    this.#planChanged(installationId);
  }

  /** An on-demand read: queued behind the stream's current operation. Returns the operation id. */
  async trigger(input: TriggerInput): Promise<string> {
    const { installation } = input;
    const now = this.#timing.now();
    const id = randomUUID();
    const until = input.untilTime ? Date.parse(input.untilTime) : readUntil(now);
    await this.#store.insertOperation({
      id,
      projectId: installation.projectId,
      integrationId: installation.integrationId,
      installationId: installation.id,
      configId: installation.config.id,
      objectName: input.objectName,
      readType: 'triggered',
      ...(input.sinceTime ? { sinceTime: new Date(Date.parse(input.sinceTime)).toISOString() } : {}),
      untilTime: new Date(Math.min(until, readUntil(now))).toISOString(),
      createTime: new Date(now).toISOString(),
    });
    return id;
  }

  /**
   * Plans an installation's reads from its stored config. `known` is the installation (and its manifest)
   * when the caller has just written or read them, so they are not read again.
   */
  async #plan(
    projectId: string,
    installationId: string,
    now: number,
    known?: { installation: Installation; manifest?: ManifestIntegration },
  ): Promise<boolean> {
    const installation =
      known?.installation ?? (await this.#repo.getInstallationById(projectId, installationId));
    if (!installation) return false;
    let objects: ReturnType<typeof planInstallation> = [];
    let disabled: string[] = [];
    try {
      const manifest =
        known?.manifest ?? (await manifestOf(this.#repo, installation.projectId, installation.integrationId));
      objects = planInstallation({ installation, manifest, now, newId: randomUUID });
      disabled = effectiveReadObjects(installation, manifest)
        .filter((object) => object.disabled)
        .map((object) => object.objectName);
    } catch (error) {
      // The database is unreachable (a restart): plan later, rather than save a plan that reads nothing.
      if (error instanceof StoreUnavailableError) throw error;
      this.#log(`installation ${installationId} could not be planned; it reads nothing`, error);
    }
    const saved = await this.#store.savePlan(
      installationId,
      installation.config.id,
      objects,
      new Date(now).toISOString(),
    );
    if (saved && disabled.length > 0) {
      // An object the update disabled stops now: its running read ends and its undelivered messages go.
      await this.#store.stopStreams(
        installationId,
        disabled,
        'Stopped: reading the object was disabled.',
        new Date(now).toISOString(),
      );
    }
    if (saved) this.#planChanged(installationId);
    return saved;
  }
}
