/**
 * What Grove sends: e-mail and SMS, each written to its outbox and delivered by a job (ARCHITECTURE
 * §4, §7). Staff read the e-mail outbox; anyone reads the messages sent to them (and staff to anyone).
 */
import * as z from 'zod';

import { COMMUNICATION_TYPES, SMS_KINDS, SMS_MESSAGE_MAX } from '../account.ts';
import {
  choice,
  count,
  endpoint,
  id,
  idParam,
  page,
  pageQuery,
  text,
  timestamp,
  type Reply,
  type RequestBody,
} from './common.ts';

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

/** One message sent to a person, e-mail or SMS (SPEC §3: SMS communications). */
export const communication = z.object({
  id: count,
  type: z.enum(COMMUNICATION_TYPES),
  to: z.string(),
  subject: z.string().nullable().describe('E-mail only.'),
  body: z.string().describe('The plain text sent.'),
  template: z.string(),
  status: z.enum(['queued', 'sent', 'failed']),
  provider: z.string(),
  attempts: count,
  created_at: timestamp,
  sent_at: timestamp.nullable(),
});

export const smsAnswer = z.object({
  id: count,
  to: z.string(),
  kind: z.enum(SMS_KINDS),
  status: z.enum(['queued', 'sent', 'failed']),
  created_at: timestamp,
});

export const communicationsApi = {
  sendSms: endpoint('POST', '/api/v1/sms/message', {
    tags: ['communications'],
    summary: 'Send a text message (the game’s download link, or a staff or coach message to a family)',
    description: `\`app_link\`: anyone signed in texts the game's download link to a phone (their own, a caregiver's).
\`custom\`: staff, or the coach of the recipient's account, write \`message\` to the user \`user\`; the phone defaults to theirs.
The phone number is checked for its country. Rate-limited per sender (429 with Retry-After).`,
    body: z.object({
      kind: choice(SMS_KINDS).default('app_link'),
      phonenumber: z.string().optional(),
      country: z.string().optional(),
      user: id.optional(),
      message: text({ max: SMS_MESSAGE_MAX, multiline: true }).optional(),
    }),
    response: { 201: smsAnswer },
  }),
  list: endpoint('GET', '/api/v1/communications', {
    tags: ['communications'],
    summary: 'The e-mails and text messages sent to a person, newest first',
    description:
      'Without `user`, your own. Staff may ask for anyone; the coach of an account for its people; a parent for the people of their account. Others answer 404.',
    querystring: pageQuery().extend({
      user: idParam.optional(),
      type: choice(COMMUNICATION_TYPES).optional(),
    }),
    response: { 200: page(communication) },
  }),
  outbox: endpoint('GET', '/api/v2/admin/email_outbox', {
    tags: ['communications'],
    summary: 'The e-mails Grove sent, newest first (staff; filter by recipient)',
    querystring: pageQuery().extend({ to: text({ max: 254, allowBlank: true }).default('') }),
    response: { 200: page(outboxEmail) },
  }),
};

export type OutboxEmail = z.input<typeof outboxEmail>;
export type OutboxPage = Reply<typeof communicationsApi.outbox>;
export type Communication = z.input<typeof communication>;
export type CommunicationPage = Reply<typeof communicationsApi.list>;
export type SmsBody = RequestBody<typeof communicationsApi.sendSms>;
export type SmsAnswer = Reply<typeof communicationsApi.sendSms, 201>;
