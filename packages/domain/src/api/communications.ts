/** What Grove sent: the e-mail outbox, for staff (ARCHITECTURE §4: the local e-mail adapter's record). */
import * as z from 'zod';

import { count, endpoint, page, pageQuery, text, timestamp, type Reply } from './common.ts';

export const outboxEmail = z.object({
  id: count,
  to: z.string(),
  subject: z.string(),
  text_body: z.string(),
  template: z.string(),
  status: z.enum(['queued', 'sent', 'failed']),
  provider: z.string(),
  created_at: timestamp,
  sent_at: timestamp.nullable(),
});

export const communicationsApi = {
  outbox: endpoint('GET', '/api/v2/admin/email_outbox', {
    tags: ['communications'],
    summary: 'The e-mails Grove sent, newest first (staff; filter by recipient)',
    querystring: pageQuery().extend({ to: text({ max: 254, allowBlank: true }).default('') }),
    response: { 200: page(outboxEmail) },
  }),
};

export type OutboxEmail = z.input<typeof outboxEmail>;
export type OutboxPage = Reply<typeof communicationsApi.outbox>;
