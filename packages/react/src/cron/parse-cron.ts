// The cron grammar lives in @splice/schema so the service and the BFF evaluate schedules as the UI does.
export type {
  CronError,
  CronErrorCode,
  CronField,
  CronItem,
  CronParseResult,
  CronSchedule,
} from '@splice/schema';
export { dayMatches, parseCron } from '@splice/schema';
