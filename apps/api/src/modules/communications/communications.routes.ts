import { communicationsApi } from '@grove/domain/api/communications';
import { userApi } from '@grove/domain/api/user';
import { publicStatus } from '../../adapters/email/delivery.ts';
import { pageOutbox } from '../../adapters/email/outbox.repository.ts';
import { route } from '../../lib/contract.ts';
import { requestLanguage } from '../../lib/language.ts';
import { toPage } from '../../lib/pagination.ts';
import type { App } from '../../lib/types.ts';
import { requireUser } from '../auth/auth.plugin.ts';
import {
  getNotificationSettings,
  listCommunications,
  patchNotificationSettings,
  sendSms,
  unsubscribe,
  type CommunicationsDeps,
} from './communications.service.ts';

/**
 * What Grove sends and to whom: the staff's view of the e-mail outbox, text messages, the messages
 * written to a person, and a person's e-mail settings (the weekly digest and its opt-out link).
 */
export function communicationsRoutes(app: App, deps: CommunicationsDeps) {
  const { db } = deps;

  route(app, communicationsApi.outbox, { policy: 'staff' }, async (request) => {
    const { to, page, page_size } = request.query;
    const { count, rows } = await pageOutbox(db, to, page_size, (page - 1) * page_size);
    return toPage(request, {
      count,
      page,
      pageSize: page_size,
      results: rows.map((row) => ({
        id: row.id,
        to: row.toAddress,
        subject: row.subject,
        text_body: row.textBody,
        template: row.template,
        status: publicStatus(row.status),
        provider: row.provider,
        created_at: row.createdAt.toISOString(),
        sent_at: row.sentAt ? row.sentAt.toISOString() : null,
      })),
    });
  });

  route(app, communicationsApi.sendSms, { policy: 'user' }, async (request, reply) =>
    reply.status(201).send(await sendSms(deps, requireUser(request), request.body, requestLanguage(request))),
  );

  route(app, communicationsApi.list, { policy: 'user' }, async (request) =>
    toPage(request, await listCommunications(db, requireUser(request), request.query)),
  );

  route(app, userApi.notifications, { policy: 'user' }, async (request) =>
    getNotificationSettings(db, requireUser(request)),
  );
  route(app, userApi.patchNotifications, { policy: 'user' }, async (request) =>
    patchNotificationSettings(db, requireUser(request), request.body),
  );
  route(app, userApi.unsubscribe, { policy: 'public' }, async (request) => unsubscribe(db, request.body.token));
}
