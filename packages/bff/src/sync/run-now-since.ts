import type { Installation, ManifestReadObject } from '@splice/schema';
import type { Operation } from '../upstream/read-shapes.js';

const dayMs = 86_400_000;
/**
 * How far before the last successful read began the next one starts. A read covers changes only up to
 * shortly before it began (the embedded service: the whole second before; a CRM's clock and search
 * index can lag more), so starting exactly at its start could miss a change made just then. A minute's
 * overlap re-delivers the few records changed in that minute instead.
 */
export const runNowOverlapMs = 60_000;

/** The history window the installation chose for one object: its own backfill, else the manifest's. */
function backfillPeriodOf(
  installation: Installation,
  objectName: string,
  manifestObject: ManifestReadObject | undefined,
) {
  const configured = Object.values(installation.config.content.read?.objects ?? {}).find(
    (object) => object.objectName === objectName,
  );
  return (configured?.backfill ?? manifestObject?.backfill)?.defaultPeriod;
}

/**
 * Where "Run now" of one object starts reading: the records changed since its last successful read
 * began (less `runNowOverlapMs`), and never before the history window the user chose (the backfill's days before the object was
 * set up, or only what changed since then without a backfill). Null only where the user chose the full
 * history and no read succeeded yet: then the whole history is what they asked for.
 *
 * The hosted service's triggered read reads everything when given no start, so the start is always
 * sent when there is one. `operations` come newest first.
 */
export function runNowSince(
  installation: Installation,
  objectName: string,
  manifestObject: ManifestReadObject | undefined,
  operations: readonly Operation[],
): string | null {
  const own = operations.filter((op) => op.metadata?.objects?.includes(objectName));
  const lastSuccess = own.find((op) => op.status === 'success' && op.createTime);
  const period = backfillPeriodOf(installation, objectName, manifestObject);
  let windowStart: number | null;
  if (period?.fullHistory === true) windowStart = null;
  else {
    // The window is counted back from when the object's backfill (or, without one, the installation)
    // was set up, as the service plans it.
    const backfill = own.find((op) => op.metadata?.readType === 'backfill' && op.createTime);
    const setUp = Date.parse(backfill?.createTime ?? installation.createTime);
    windowStart = setUp - (period?.days ?? 0) * dayMs;
  }
  const readSince = lastSuccess?.createTime ? Date.parse(lastSuccess.createTime) - runNowOverlapMs : null;
  if (readSince === null && windowStart === null) return null;
  return new Date(Math.max(readSince ?? windowStart!, windowStart ?? readSince!)).toISOString();
}
