/**
 * The coaching reminder as a job of the job queue (pg-boss): each booking (and each move) enqueues
 * one in its transaction, due a day before the call. The handler writes the reminder only while
 * the call is still scheduled at the start it was enqueued for and has had none, so a retry, a
 * duplicate or a moved call's old reminder does nothing (coaching.messages.ts: sendReminder).
 */
import type { JobQueue } from '../../jobs/queue.ts';
import { COACHING_REMINDER, type CoachingDeps, type ReminderJob } from './coaching.service.ts';
import { sendReminder } from './coaching.messages.ts';

export { COACHING_REMINDER };

export async function registerCoachingJobs(jobs: JobQueue, deps: CoachingDeps) {
  await jobs.register<ReminderJob>(
    COACHING_REMINDER,
    async (data) => {
      await sendReminder(deps, data);
    },
    { retryLimit: 5, retryDelay: 60, retryBackoff: true },
  );
}
