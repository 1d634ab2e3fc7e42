import { issueTypes } from '@splice/schema';
import { problemError, validationError } from '@splice/server-kit';
import type { Context } from 'hono';
import type { Installation } from '../store/index.js';

/**
 * Our extension for concurrent edits (docs/service-interface.md#update-installation): an installation's
 * version is its `updateTime`, or its `createTime` while it was never updated. Answers that return an
 * installation carry it as a strong `ETag`; an update or a delete may send it back in `If-Match`.
 */
export function installationVersion(installation: Installation): string {
  return installation.updateTime ?? installation.createTime;
}

export function etagOf(installation: Installation): string {
  return `"${installationVersion(installation)}"`;
}

/**
 * The version `If-Match` names: undefined when the header is absent or `*` (no precondition, as the
 * hosted service has none). A list of several tags or a weak tag is a 400: an edit starts from one version.
 */
export function expectedVersion(c: Context): string | undefined {
  const header = c.req.header('if-match')?.trim();
  if (header === undefined || header === '*') return undefined;
  const match = /^"([^"]{1,64})"$/.exec(header);
  if (!match) {
    throw validationError([
      {
        type: issueTypes.invalidHeader,
        detail: 'Send the ETag of the installation this change starts from, e.g. "2026-01-01T00:00:00.000Z".',
        in: 'header',
        name: 'If-Match',
        value: header,
      },
    ]);
  }
  return match[1];
}

/** 412 when the installation changed since the version the caller started from. */
export function checkVersion(installation: Installation, expected: string | undefined): void {
  if (expected !== undefined && expected !== installationVersion(installation)) throw staleEdit(installation);
}

export function staleEdit(installation: Installation) {
  return problemError(412, 'installationChanged', {
    detail: `Someone else changed this installation after the version this change started from (it is now at ${installationVersion(installation)}). Load the current settings and apply the change again.`,
    remedy: 'GET the installation, then repeat the change with its ETag in If-Match.',
  });
}

/**
 * The `updateTime` of a new version: now, but strictly after the current version, so two updates within
 * one millisecond still get different versions.
 */
export function nextVersionTime(installation: Installation, now = Date.now()): string {
  const current = Date.parse(installationVersion(installation));
  return new Date(Math.max(now, current + 1)).toISOString();
}
