/**
 * Emits the hosted service's notifications: an event's data (shaped as `notifications/notifications.yaml`
 * of the hosted description says) goes to every destination its type is routed to, queued with the read
 * engine's messages and delivered by the same deliverer: signed, retried, at least once.
 *
 * The service knows no consumer's display name, so `consumerName` is the consumer's ref, as the
 * connection resource's consumer is shown.
 */
import type { NotificationEventType } from '@splice/schema';
import type { Connection, Installation, Repository } from '../store/index.js';
import type { NotificationStore } from './notification-store.js';

export interface InstallationFields {
  projectId: string;
  provider: string;
  integrationId: string;
  integrationName: string;
  installationId: string;
  groupRef: string;
  groupName: string;
  connectionId: string;
  consumerRef: string;
  consumerName: string;
}

export interface ConnectionFields {
  projectId: string;
  connectionId: string;
  provider: string;
  groupRef: string;
  consumerRef: string;
  consumerName: string;
}

export class Notifier {
  constructor(
    private readonly repo: Repository,
    readonly store: NotificationStore,
    /** Called once messages are queued: the read engine's delivery loop looks for them now. */
    private readonly wake: () => void,
  ) {}

  async emit(projectId: string, type: NotificationEventType, data: object): Promise<void> {
    const destinations = await this.store.destinationsFor(projectId, type);
    if (destinations.length === 0) return;
    await this.store.enqueue(projectId, destinations, JSON.stringify({ notificationType: type, data }));
    this.wake();
  }

  /**
   * Emits without failing the caller: the change it reports is already made, and the answer to the request
   * that made it must not turn into an error because a notification could not be queued.
   */
  async emitSafely(projectId: string, type: NotificationEventType, data: () => Promise<object | undefined>) {
    try {
      const body = await data();
      if (body) await this.emit(projectId, type, body);
    } catch (error) {
      console.error(`[notifications] could not queue ${type}:`, error);
    }
  }

  connectionFields(connection: Connection): ConnectionFields {
    return {
      projectId: connection.projectId,
      connectionId: connection.id,
      provider: connection.provider,
      groupRef: connection.groupRef,
      consumerRef: connection.consumerRef,
      consumerName: connection.consumerRef,
    };
  }

  async installationFields(installation: Installation): Promise<InstallationFields> {
    const { projectId } = installation;
    const [integration, group, connection] = await Promise.all([
      this.repo.getIntegration(projectId, installation.integrationId),
      this.repo.getGroup(projectId, installation.groupRef),
      this.repo.getConnection(projectId, installation.connectionId),
    ]);
    const consumerRef = connection?.consumerRef ?? installation.createdBy ?? '';
    return {
      projectId,
      provider: connection?.provider ?? installation.config.content.provider,
      integrationId: installation.integrationId,
      integrationName: integration?.name ?? installation.integrationId,
      installationId: installation.id,
      groupRef: installation.groupRef,
      groupName: group?.groupName ?? installation.groupRef,
      connectionId: installation.connectionId,
      consumerRef,
      consumerName: consumerRef,
    };
  }
}
