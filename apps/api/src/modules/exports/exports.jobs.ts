/**
 * The export's jobs on the job queue (pg-boss; docs/decisions/0038): `privacy.export` builds one
 * export, enqueued with its row (exports.service.ts: runExportJob; a run that fails is retried, and
 * the last failure marks the export failed), and the hourly `privacy.export-sweep` empties expired
 * files and gives up on exports whose job was lost (one sweep per tick across all instances).
 */
import type { JobLogger, JobQueue } from '../../jobs/queue.ts';
import {
  EXPORT_JOB,
  EXPORT_JOB_OPTIONS,
  EXPORT_SWEEP,
  EXPORT_SWEEP_CRON,
  runExportJob,
  sweepExports,
  type ExportJob,
  type ExportsDeps,
} from './exports.service.ts';

export { EXPORT_JOB, EXPORT_SWEEP };

export async function registerExportJobs(
  jobs: JobQueue,
  deps: ExportsDeps,
  log: { info(details: object, message: string): void } & JobLogger,
) {
  await jobs.register<ExportJob>(EXPORT_JOB, (data, job) => runExportJob(deps, data, job), EXPORT_JOB_OPTIONS);
  await jobs.register(
    EXPORT_SWEEP,
    async () => {
      const done = await sweepExports(deps);
      if (done.expired > 0 || done.failed > 0) log.info({ exports: done }, 'export sweep');
    },
    { policy: 'singleton', retryLimit: 2, retryDelay: 60, retryBackoff: true, expireInSeconds: 15 * 60 },
  );
  await jobs.schedule(EXPORT_SWEEP, EXPORT_SWEEP_CRON, {});
}
