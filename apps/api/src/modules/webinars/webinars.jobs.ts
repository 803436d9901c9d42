/**
 * The webinar reminder as a job of the job queue (pg-boss): each registration (and each new time of
 * a webinar) enqueues one in its transaction, due a day before the start. The handler writes the
 * reminder only while the registration exists, the webinar still starts when it was enqueued for
 * and is not cancelled, and the registration has had none (webinars.service.ts: sendReminder).
 */
import type { JobQueue } from '../../jobs/queue.ts';
import { sendReminder, WEBINAR_REMINDER, type WebinarReminderJob, type WebinarsDeps } from './webinars.service.ts';

export { WEBINAR_REMINDER };

export async function registerWebinarJobs(jobs: JobQueue, deps: WebinarsDeps) {
  await jobs.register<WebinarReminderJob>(
    WEBINAR_REMINDER,
    async (data) => {
      await sendReminder(deps, data);
    },
    { retryLimit: 5, retryDelay: 60, retryBackoff: true },
  );
}
