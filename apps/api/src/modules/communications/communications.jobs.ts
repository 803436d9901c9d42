/**
 * The communications' recurring work: the weekly digest, checked every hour (one run per tick
 * across all server instances), since Monday 08:00 comes at a different hour in each family's time
 * zone. The outbox delivery jobs are registered by the e-mail and SMS adapters themselves.
 */
import type { JobLogger, JobQueue } from '../../jobs/queue.ts';
import { runWeeklyDigest, type DigestDeps } from './communications.digest.ts';

export const DIGEST_QUEUE = 'communications.digest';
/** At minute 0 of every hour, in UTC. */
export const DIGEST_CRON = '0 * * * *';

export async function registerCommunicationsJobs(
  jobs: JobQueue,
  deps: DigestDeps,
  log: { info(details: object, message: string): void } & JobLogger,
) {
  await jobs.register(
    DIGEST_QUEUE,
    async () => {
      const { sent } = await runWeeklyDigest({ ...deps, log });
      if (sent > 0) log.info({ digests: sent }, 'weekly digest');
    },
    // One run at a time; a long run (many families in one zone) may take most of the hour.
    { policy: 'singleton', retryLimit: 2, retryDelay: 300, retryBackoff: true, expireInSeconds: 55 * 60 },
  );
  await jobs.schedule(DIGEST_QUEUE, DIGEST_CRON, {});
}
