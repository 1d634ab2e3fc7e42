/**
 * Northwind's activity feed: Splice's notifications about each company's integration, kept in its own
 * database as sentences its users read ("Initech's CRM connection needs reconnecting"), per company.
 * A notification delivered again (same message id) is kept once.
 */
import type { NotificationPayload } from '@splice/bff/webhooks';
import type { Database } from 'better-sqlite3';
import type { ActivityItem } from '../src/activity-api.js';

const crmNames: Record<string, string> = { hubspot: 'HubSpot', salesforce: 'Salesforce' };

const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** A notification as a sentence about the company, or undefined for one Northwind does not show. */
export function describeNotification(
  notification: NotificationPayload,
  companyOf: (groupRef: string) => string,
): { groupRef: string; text: string; attention: boolean } | undefined {
  const { data } = notification;
  const groupRef = text(data.groupRef);
  if (!groupRef) return undefined;
  const company = companyOf(groupRef);
  const crm = crmNames[text(data.provider) ?? ''] ?? 'CRM';
  const object = text(data.objectName) ?? 'records';
  switch (notification.notificationType) {
    case 'connection.created':
      return { groupRef, text: `${company} connected ${crm}.`, attention: false };
    case 'connection.updated':
      return { groupRef, text: `${company} reconnected ${crm}.`, attention: false };
    case 'connection.error':
      return { groupRef, text: `${company}'s CRM connection needs reconnecting.`, attention: true };
    case 'connection.deleted':
      return { groupRef, text: `${company} disconnected ${crm}.`, attention: false };
    case 'installation.created':
      return { groupRef, text: `${company} installed ${crm} sync.`, attention: false };
    case 'installation.updated':
      return { groupRef, text: `${company}'s ${crm} sync settings were changed.`, attention: false };
    case 'installation.deleted':
      return { groupRef, text: `${company} uninstalled ${crm} sync.`, attention: false };
    case 'read.backfill.done':
      return { groupRef, text: `The first full read of ${object} from ${crm} finished.`, attention: false };
    case 'read.triggered.done':
      return { groupRef, text: `A read of ${object} from ${crm} (Run now) finished.`, attention: false };
    case 'read.triggered.error':
      return { groupRef, text: `A read of ${object} from ${crm} (Run now) failed.`, attention: true };
    case 'read.schedule.paused':
      return { groupRef, text: `Scheduled reads from ${crm} were paused.`, attention: true };
    case 'write.async.done':
      return {
        groupRef,
        text: data.success === true ? `A write to ${crm} finished.` : `A write to ${crm} failed.`,
        attention: data.success !== true,
      };
    default:
      return undefined;
  }
}

interface Row {
  id: string;
  type: string;
  text: string;
  attention: number;
  received_at: string;
}

export function openActivity(db: Database, companyOf: (groupRef: string) => string) {
  db.exec(`CREATE TABLE IF NOT EXISTS activity (
    id TEXT PRIMARY KEY,
    group_ref TEXT NOT NULL,
    type TEXT NOT NULL,
    text TEXT NOT NULL,
    attention INTEGER NOT NULL,
    received_at TEXT NOT NULL
  );
  CREATE INDEX IF NOT EXISTS activity_latest ON activity (group_ref, received_at DESC);`);
  const insert = db.prepare(
    `INSERT INTO activity (id, group_ref, type, text, attention, received_at)
     VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
  );
  const latest = db.prepare<[string, number], Row>(
    'SELECT * FROM activity WHERE group_ref = ? ORDER BY received_at DESC, rowid DESC LIMIT ?',
  );
  return {
    save(notification: NotificationPayload, messageId: string, receivedAt = new Date().toISOString()) {
      const item = describeNotification(notification, companyOf);
      if (!item) return;
      insert.run(
        messageId,
        item.groupRef,
        notification.notificationType,
        item.text,
        item.attention ? 1 : 0,
        receivedAt,
      );
    },
    latest(groupRef: string, limit = 20): ActivityItem[] {
      return latest.all(groupRef, limit).map((row) => ({
        id: row.id,
        type: row.type,
        text: row.text,
        attention: row.attention === 1,
        receivedAt: row.received_at,
      }));
    },
  };
}

export type Activity = ReturnType<typeof openActivity>;
