// The cron grammar lives in @splice/schema so the service and the BFF evaluate schedules as the UI does.
export type { NextRunsOptions } from '@splice/schema';
export { nextRuns } from '@splice/schema';
