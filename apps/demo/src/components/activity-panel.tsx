import { useQuery } from '@tanstack/react-query';
import { type ActivityItem, fetchActivity } from '../activity-api.js';
import { useSignedInUser } from '../signed-in-user.js';

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const absolute = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });

/** "just now", "3 minutes ago", "yesterday": how long ago, in words. */
export function agoInWords(iso: string, now = Date.now()): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  if (Math.abs(seconds) < 45) return 'just now';
  const minutes = Math.round(seconds / 60);
  if (Math.abs(minutes) < 60) return relative.format(minutes, 'minute');
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 24) return relative.format(hours, 'hour');
  return relative.format(Math.round(hours / 24), 'day');
}

function Entry({ item }: { item: ActivityItem }) {
  return (
    <li className={item.attention ? 'nw-activity-item nw-activity-item--attention' : 'nw-activity-item'}>
      <span>{item.text}</span>
      <time dateTime={item.receivedAt} title={absolute.format(new Date(item.receivedAt))}>
        {agoInWords(item.receivedAt)}
      </time>
    </li>
  );
}

/**
 * What Splice told Northwind about the company's integration (its notifications, kept by Northwind's
 * server), latest first. Refreshed every few seconds, so a broken connection shows up while one looks.
 */
export function ActivityPanel() {
  const user = useSignedInUser();
  const activity = useQuery({
    queryKey: ['northwind', 'activity', user.groupRef],
    queryFn: ({ signal }) => fetchActivity(signal),
    refetchInterval: 3_000,
    staleTime: 0,
  });
  const items = activity.data ?? [];
  return (
    <section className="nw-card" aria-labelledby="activity-heading">
      <h2 id="activity-heading">Activity</h2>
      {activity.isPending ? (
        <p role="status">Loading activity…</p>
      ) : activity.isError && items.length === 0 ? (
        <p role="alert">The activity could not be loaded. It is tried again in a moment.</p>
      ) : items.length === 0 ? (
        <p className="nw-muted">Nothing has happened to {user.company}'s integration yet.</p>
      ) : (
        <ul className="nw-activity" aria-live="polite">
          {items.map((item) => (
            <Entry key={item.id} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}
