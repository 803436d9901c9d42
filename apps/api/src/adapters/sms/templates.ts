/**
 * Text message templates: a kind of message and its data become the plain text sent, in the
 * recipient's language (users.language; null is English; src/locales). Times are written in the
 * family's time zone with the spec's format (formatDateTime, in that language). Texts stay short:
 * a single SMS segment holds 160 GSM characters (70 with any other character), and carriers join
 * longer ones.
 */
import { localeOf, type Locale } from '../../locales/i18n.ts';

/** A coaching call, its time already formatted in the family's time zone and language. */
interface CoachingCallText {
  firstName: string;
  coachName: string;
  when: string;
}

const templates = {
  /** The game's download link, texted to a tablet or phone (POST /api/v1/sms/message/, kind app_link). */
  app_link: ({ url }: { url: string }, { i18n }: Locale) =>
    i18n._({ id: 'sms.app_link', message: 'Here is the Grove game for your tablet: {url}', values: { url } }),
  /** A staff member's or coach's own words to a family, signed with their first name. */
  custom: ({ message, senderName }: { message: string; senderName: string }, { i18n }: Locale) =>
    `${message}\n${i18n._({ id: 'sms.custom.signature', message: '- {senderName}, Grove', values: { senderName } })}`,
  /** A reminder of a coaching call, at its time in the family's time zone. */
  coaching_reminder: (
    { firstName, startsAt, timeZone }: { firstName: string; startsAt: Date; timeZone: string },
    { i18n, dateTime }: Locale,
  ) =>
    i18n._({
      id: 'sms.coaching_reminder',
      message: 'Hi {firstName}, a reminder from Grove: your coaching call is on {when}.',
      values: { firstName, when: dateTime(startsAt, timeZone) },
    }),
  /** A coaching call was booked, moved, cancelled (coaching.messages.ts). */
  coaching_booked: ({ firstName, coachName, when }: CoachingCallText, { i18n }: Locale) =>
    i18n._({
      id: 'sms.coaching_booked',
      message: 'Hi {firstName}, your Grove coaching call with {coachName} is booked for {when}.',
      values: { firstName, coachName, when },
    }),
  coaching_moved: ({ firstName, coachName, when }: CoachingCallText, { i18n }: Locale) =>
    i18n._({
      id: 'sms.coaching_moved',
      message: 'Hi {firstName}, your Grove coaching call with {coachName} is now on {when}.',
      values: { firstName, coachName, when },
    }),
  coaching_cancelled: ({ firstName, coachName, when }: CoachingCallText, { i18n }: Locale) =>
    i18n._({
      id: 'sms.coaching_cancelled',
      message: 'Hi {firstName}, your Grove coaching call with {coachName} on {when} is cancelled.',
      values: { firstName, coachName, when },
    }),
  /** A renewal charge failed: the signed link to the card form (billing; the parent asked for these texts). */
  payment_failed: ({ amount, url }: { amount: string; url: string }, { i18n }: Locale) =>
    i18n._({
      id: 'sms.payment_failed',
      message: 'Grove: we could not charge your card ({amount}). Update it to keep the program running: {url}',
      values: { amount, url },
    }),
} satisfies Record<string, (data: never, locale: Locale) => string>;

export type SmsTemplate = keyof typeof templates;
export type SmsTemplateData<T extends SmsTemplate> = Parameters<(typeof templates)[T]>[0];

/** Renders one template in `language` (the recipient's stored one): `{ template, body }` for an SmsMessage. */
export async function renderSms<T extends SmsTemplate>(
  template: T,
  data: SmsTemplateData<T>,
  language: string | null | undefined,
) {
  const render = templates[template] as (data: SmsTemplateData<T>, locale: Locale) => string;
  return { template, body: render(data, await localeOf(language)) };
}
