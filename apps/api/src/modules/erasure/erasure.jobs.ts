/**
 * The erasure's jobs on the job queue (pg-boss; docs/decisions/0039 and 0040): `privacy.deletion`
 * carries out one deletion request when it is due (enqueued with the request, and again by "delete
 * now"), and `privacy.retention` runs every night (one run per tick across all instances): the
 * retention policy, old sign-in records, and deletions whose job was lost.
 */
import type { JobLogger, JobQueue } from '../../jobs/queue.ts';
import {
  DELETION_JOB,
  DELETION_JOB_OPTIONS,
  runDeletionJob,
  type DeletionJob,
  type ErasureDeps,
} from './erasure.service.ts';
import { RETENTION_CRON, RETENTION_JOB, runRetention } from './retention.ts';

export { DELETION_JOB, RETENTION_JOB };

export async function registerErasureJobs(
  jobs: JobQueue,
  deps: ErasureDeps,
  log: { info(details: object, message: string): void } & JobLogger,
) {
  await jobs.register<DeletionJob>(
    DELETION_JOB,
    async (data) => {
      const outcome = await runDeletionJob(deps, data);
      if (outcome.kind === 'done')
        log.info({ deletionId: data.deletionId, removed: outcome.removed }, 'deletion carried out');
      if (outcome.kind === 'cancelled') {
        log.warn({ deletionId: data.deletionId }, 'account closure cancelled: the account runs a subscription again');
      }
    },
    DELETION_JOB_OPTIONS,
  );
  await jobs.register(
    RETENTION_JOB,
    async () => {
      const summary = await runRetention(deps, new Date());
      if (summary.failedDeletions.length > 0) {
        log.error({ deletions: summary.failedDeletions }, 'retention: overdue deletions failed; tried again tomorrow');
      }
      log.info({ retention: summary }, 'retention run');
    },
    { policy: 'singleton', retryLimit: 2, retryDelay: 300, retryBackoff: true, expireInSeconds: 60 * 60 },
  );
  await jobs.schedule(RETENTION_JOB, RETENTION_CRON, {});
}
