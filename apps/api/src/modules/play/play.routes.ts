import { playApi } from '@grove/domain/api/play';
import type { Db } from '../../db/client.ts';
import { route } from '../../lib/contract.ts';
import { toPage } from '../../lib/pagination.ts';
import type { App } from '../../lib/types.ts';
import { requireUser } from '../auth/auth.plugin.ts';
import {
  accountStatistics,
  activity,
  coolDownsPage,
  cooldownEventsPage,
  hrRisesPage,
  overview,
  weeklyActivity,
} from './play.service.ts';

export function playRoutes(app: App, db: Db) {
  const user = { policy: 'user' } as const;

  route(app, playApi.activity, user, async (request) => {
    const { time_frame, ...paging } = request.query;
    const {
      time_frame: frame,
      frame_start,
      total_seconds_played,
      ...page
    } = await activity(db, requireUser(request), request.params.id, time_frame, paging);
    return { ...toPage(request, page), time_frame: frame, frame_start, total_seconds_played };
  });
  route(app, playApi.weekly, user, async (request) =>
    weeklyActivity(db, requireUser(request), request.params.id, request.query.time_frame),
  );
  route(app, playApi.hrRises, user, async (request) =>
    toPage(request, await hrRisesPage(db, requireUser(request), request.params.id, request.query)),
  );
  route(app, playApi.coolDowns, user, async (request) =>
    toPage(request, await coolDownsPage(db, requireUser(request), request.params.id, request.query)),
  );
  route(app, playApi.cooldownEvents, user, async (request) =>
    toPage(request, await cooldownEventsPage(db, requireUser(request), request.params.id, request.query)),
  );
  route(app, playApi.overview, user, async (request) => overview(db, requireUser(request), request.params.id));
  route(app, playApi.statistics, user, async (request) =>
    accountStatistics(db, requireUser(request), request.params.id),
  );
}
