/**
 * Text message templates: a kind of message and its data become the plain text sent. Times are
 * written in the family's time zone with the spec's format (formatDateTime). Texts stay short: a
 * single SMS segment holds 160 GSM characters (70 with any other character), and carriers join
 * longer ones.
 */
import { formatDateTime } from '@grove/domain';

const templates = {
  /** The game's download link, texted to a tablet or phone (POST /api/v1/sms/message/, kind app_link). */
  app_link: ({ url }: { url: string }) => `Here is the Grove game for your tablet: ${url}`,
  /** A staff member's or coach's own words to a family, signed with their first name. */
  custom: ({ message, senderName }: { message: string; senderName: string }) => `${message}\n- ${senderName}, Grove`,
  /** A reminder of a coaching call, at its time in the family's time zone. */
  coaching_reminder: ({ firstName, startsAt, timeZone }: { firstName: string; startsAt: Date; timeZone: string }) =>
    `Hi ${firstName}, a reminder from Grove: your coaching call is on ${formatDateTime(startsAt, timeZone)}.`,
  /** A renewal charge failed: the signed link to the card form (billing; the parent asked for these texts). */
  payment_failed: ({ amount, url }: { amount: string; url: string }) =>
    `Grove: we could not charge your card (${amount}). Update it to keep the program running: ${url}`,
} satisfies Record<string, (data: never) => string>;

export type SmsTemplate = keyof typeof templates;
export type SmsTemplateData<T extends SmsTemplate> = Parameters<(typeof templates)[T]>[0];

/** Renders one template: `{ template, body }` for an SmsMessage. */
export function renderSms<T extends SmsTemplate>(template: T, data: SmsTemplateData<T>) {
  const render = templates[template] as (data: SmsTemplateData<T>) => string;
  return { template, body: render(data) };
}
