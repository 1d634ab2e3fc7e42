import type { Connection, Group, Repository } from '../store/index.js';

/** A connection as the API returns it: every credential field left out. */
export async function publicConnection(repo: Repository, connection: Connection, knownGroup?: Group) {
  const group = knownGroup ?? (await repo.getGroup(connection.projectId, connection.groupRef));
  return {
    id: connection.id,
    projectId: connection.projectId,
    provider: connection.provider,
    group: group ?? {
      groupRef: connection.groupRef,
      groupName: connection.groupRef,
      projectId: connection.projectId,
      createTime: connection.createTime,
    },
    // The store keeps the consumer's reference only: its name is that reference, as a connect flow
    // without a consumerName names it.
    consumer: {
      consumerRef: connection.consumerRef,
      consumerName: connection.consumerRef,
      projectId: connection.projectId,
      createTime: connection.createTime,
    },
    ...(connection.providerWorkspaceRef ? { providerWorkspaceRef: connection.providerWorkspaceRef } : {}),
    createTime: connection.createTime,
    ...(connection.updateTime ? { updateTime: connection.updateTime } : {}),
    authScheme: connection.authScheme,
    status: connection.status,
  };
}
