/**
 * The quoted version of an installation, as `If-Match` wants it: its `updateTime`, or its `createTime`
 * until first updated (docs/service-interface.md#update-installation). Kept apart from the schemas so
 * that a browser bundle importing it takes no zod along.
 */
export function installationVersionTag(installation: { updateTime?: string; createTime: string }): string {
  return `"${installation.updateTime ?? installation.createTime}"`;
}
