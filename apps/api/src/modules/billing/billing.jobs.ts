/**
 * The scheduled billing work as a recurring job of the job queue (pg-boss): every five minutes one
 * sweep — one per tick across all server instances — ends grace periods and pauses that are over
 * and renews periods that have ended (billing.scheduler.ts: runDueBilling). Each step is guarded by
 * the subscription's status and the charge by an idempotency key naming the period, so a sweep run
 * twice, or in two workers at once, acts once.
 */
import type { JobLogger, JobQueue } from '../../jobs/queue.ts';
import type { BillingDeps } from './billing.service.ts';
import { runDueBilling } from './billing.scheduler.ts';

export const BILLING_SWEEP = 'billing.sweep';
/** Every five minutes, in UTC. */
export const BILLING_SWEEP_CRON = '*/5 * * * *';

export async function registerBillingJobs(
  jobs: JobQueue,
  deps: BillingDeps,
  log: { info(details: object, message: string): void } & JobLogger,
) {
  await jobs.register(
    BILLING_SWEEP,
    async () => {
      const done = await runDueBilling(deps);
      if (Object.values(done).some((count) => count > 0)) log.info({ billing: done }, 'billing sweep');
    },
    { policy: 'singleton', retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 15 * 60 },
  );
  await jobs.schedule(BILLING_SWEEP, BILLING_SWEEP_CRON, {});
}
