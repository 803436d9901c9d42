import { communicationsApi } from '@grove/domain/api/communications';
import { pageOutbox } from '../../adapters/email/outbox.repository.ts';
import type { Db } from '../../db/client.ts';
import { route } from '../../lib/contract.ts';
import { toPage } from '../../lib/pagination.ts';
import type { App } from '../../lib/types.ts';

/** Staff read what Grove sent (the e-mail outbox), to answer "did the e-mail go out?". */
export function communicationsRoutes(app: App, db: Db) {
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
        status: row.status as 'queued' | 'sent' | 'failed',
        provider: row.provider,
        created_at: row.createdAt.toISOString(),
        sent_at: row.sentAt ? row.sentAt.toISOString() : null,
      })),
    });
  });
}
