// The cron grammar lives in @splice/schema so the service and the BFF evaluate schedules as the UI does.
export type { CronFieldName, CronFieldSpec } from '@splice/schema';
export { cronFields } from '@splice/schema';
