import { playApi } from '@grove/domain/api/play';
import type { Paging } from '@grove/domain/api/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { route } from '../../lib/contract.ts';
import { toPage } from '../../lib/pagination.ts';
import type { App } from '../../lib/types.ts';
import { requireUser } from '../auth/auth.plugin.ts';
import { answerConditionally } from './play.conditional.ts';
import {
  accountStatistics,
  activity,
  coolDownsPage,
  cooldownEventsPage,
  familyWeek,
  hrRisesPage,
  overview,
  weeklyActivity,
} from './play.service.ts';

/**
 * Sends a page of events whose rows the database wrote as JSON: the envelope (count, next,
 * previous) from toPage, the rows as they came, unparsed and not serialised again. The answer is
 * the contract's page shape; play.test.ts parses it with the contract's schema.
 */
function sendJsonPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: { count: number; page: number; pageSize: number; rowsJson: string },
) {
  const { results: _none, ...envelope } = toPage(request, { ...page, results: [] });
  const head = JSON.stringify(envelope);
  return reply.type('application/json; charset=utf-8').send(`${head.slice(0, -1)},"results":${page.rowsJson}}`);
}

export function playRoutes(app: App, db: Db) {
  const user = { policy: 'user' } as const;

  // The player's play reads answer 304 to a client that holds the current answer (play.conditional.ts).
  route(app, playApi.activity, user, async (request, reply) => {
    const { time_frame, ...paging } = request.query;
    const read = await activity(db, requireUser(request), request.params.id, time_frame, paging);
    return answerConditionally(
      request,
      reply,
      read,
      ({ time_frame: frame, frame_start, total_seconds_played, ...page }) => ({
        ...toPage(request, page),
        time_frame: frame,
        frame_start,
        total_seconds_played,
      }),
    );
  });
  route(app, playApi.weekly, user, async (request, reply) =>
    answerConditionally(
      request,
      reply,
      await weeklyActivity(db, requireUser(request), request.params.id, request.query.time_frame),
    ),
  );
  // The three event lists: pages whose JSON the database wrote (sendJsonPage).
  const eventsPage =
    (load: typeof hrRisesPage) =>
    async (request: FastifyRequest & { params: { id: number }; query: Paging }, reply: FastifyReply) =>
      answerConditionally(
        request,
        reply,
        await load(db, requireUser(request), request.params.id, request.query),
        (page) => sendJsonPage(request, reply, page),
      );
  route(app, playApi.hrRises, user, eventsPage(hrRisesPage));
  route(app, playApi.coolDowns, user, eventsPage(coolDownsPage));
  route(app, playApi.cooldownEvents, user, eventsPage(cooldownEventsPage));
  route(app, playApi.overview, user, async (request, reply) =>
    answerConditionally(request, reply, await overview(db, requireUser(request), request.params.id)),
  );
  route(app, playApi.familyWeek, user, async (request) => familyWeek(db, requireUser(request), request.params.id));
  route(app, playApi.statistics, user, async (request) =>
    accountStatistics(db, requireUser(request), request.params.id),
  );
}
