/**
 * The e-mails about the program: billing notices, the weekly digest, coaching calls and tutorials.
 * Made in the recipient's language (content.ts); times arrive formatted in it (formatDateTime), and
 * a billing notice's or digest's sentences arrive written in it by their senders.
 */
import type { Locale } from '../../locales/i18n.ts';
import { action, hello, paragraph, type Block, type EmailContent } from './content.ts';

interface BillingNoticeData {
  firstName: string;
  subject: string;
  paragraphs: string[];
  action?: { label: string; url: string };
}

interface WeeklyDigestData {
  firstName: string;
  /** The week reported, its Monday and its Sunday as local dates in the spec's format (MM-DD-YYYY). */
  firstDay: string;
  lastDay: string;
  goalMinutes: number;
  /** What packages/domain/src/digest.ts says about each player, in the parent's language. */
  players: { minutesLine: string; trendsLine: string; encouragement: string; streakLine: string | null }[];
  /** Where the charts are (an absolute URL). */
  dashboardUrl: string;
  /** The opt-out link (an absolute URL carrying the unsubscribe token). */
  unsubscribeUrl: string;
}

/** A coaching call, its times already formatted in the family's time zone (formatDateTime). */
interface CoachingCallData {
  firstName: string;
  coachName: string;
  when: string;
  /** The coaching page (an absolute URL). */
  manageUrl: string;
}

interface CoachingChangedData extends CoachingCallData {
  change: 'moved' | 'cancelled';
  /** Who changed it. */
  by: 'family' | 'coach';
  /** A moved call's former time. */
  previousWhen?: string;
}

/** A tutorial (webinar), its times already formatted in the registrant's family time zone. */
interface WebinarData {
  firstName: string;
  title: string;
  when: string;
  /** The join link (an absolute http(s) URL). */
  joinUrl: string;
  /** The tutorials page (an absolute URL). */
  manageUrl: string;
}

interface WebinarChangedData extends WebinarData {
  /** A new time, a cancellation, a cancellation taken back, or a new join link. */
  change: 'moved' | 'cancelled' | 'restored' | 'link';
  /** A moved tutorial's former time. */
  previousWhen?: string;
}

const seeCalls = ({ i18n }: Locale) => i18n._({ id: 'email.coaching.see_calls', message: 'See my coaching calls' });
const joinTutorial = ({ i18n }: Locale) => i18n._({ id: 'email.webinar.join', message: 'Join the tutorial' });
const seeTutorials = ({ i18n }: Locale) => i18n._({ id: 'email.webinar.see_tutorials', message: 'See my tutorials' });

function webinarChangedSubject({ i18n }: Locale, change: WebinarChangedData['change'], title: string) {
  switch (change) {
    case 'moved':
      return i18n._({ id: 'email.webinar_changed.moved.subject', message: 'New time: {title}', values: { title } });
    case 'cancelled':
      return i18n._({
        id: 'email.webinar_changed.cancelled.subject',
        message: 'Cancelled: {title}',
        values: { title },
      });
    case 'restored':
      return i18n._({ id: 'email.webinar_changed.restored.subject', message: 'Back on: {title}', values: { title } });
    case 'link':
      return i18n._({
        id: 'email.webinar_changed.link.subject',
        message: 'New link to join: {title}',
        values: { title },
      });
  }
}

function webinarChangedBody({ i18n }: Locale, { change, title, when, previousWhen }: WebinarChangedData) {
  switch (change) {
    case 'moved':
      return previousWhen
        ? i18n._({
            id: 'email.webinar_changed.moved.body_from',
            message:
              'The live tutorial “{title}” is now on {when} (it was on {previousWhen}). Your registration still holds.',
            values: { title, when, previousWhen },
          })
        : i18n._({
            id: 'email.webinar_changed.moved.body',
            message: 'The live tutorial “{title}” is now on {when}. Your registration still holds.',
            values: { title, when },
          });
    case 'cancelled':
      return i18n._({
        id: 'email.webinar_changed.cancelled.body',
        message: 'We are sorry: the live tutorial “{title}” of {when} is cancelled. Please choose another date.',
        values: { title, when },
      });
    case 'restored':
      return i18n._({
        id: 'email.webinar_changed.restored.body',
        message:
          'Good news: the live tutorial “{title}” takes place after all, on {when}. Your registration still holds.',
        values: { title, when },
      });
    case 'link':
      return i18n._({
        id: 'email.webinar_changed.link.body',
        message: 'The live tutorial “{title}” on {when} has a new link to join. Please use the one below.',
        values: { title, when },
      });
  }
}

function coachingChangedBody({ i18n }: Locale, { change, by, coachName, when, previousWhen }: CoachingChangedData) {
  if (change === 'moved') {
    return previousWhen
      ? i18n._({
          id: 'email.coaching_changed.moved.body_from',
          message: 'Your coaching call with {coachName} is now on {when} (it was on {previousWhen}).',
          values: { coachName, when, previousWhen },
        })
      : i18n._({
          id: 'email.coaching_changed.moved.body',
          message: 'Your coaching call with {coachName} is now on {when}.',
          values: { coachName, when },
        });
  }
  return by === 'coach'
    ? i18n._({
        id: 'email.coaching_changed.cancelled_by_coach.body',
        message: '{coachName} had to cancel your coaching call of {when}. We are sorry; please book another time.',
        values: { coachName, when },
      })
    : i18n._({
        id: 'email.coaching_changed.cancelled.body',
        message: 'Your coaching call with {coachName} on {when} is cancelled.',
        values: { coachName, when },
      });
}

export const familyTemplates = {
  /** A billing event (order confirmed, cancellation scheduled, pause, return, renewal, failed payment). */
  billing_notice: ({ firstName, subject, paragraphs, action: button }: BillingNoticeData, { i18n }: Locale) => ({
    subject,
    blocks: [
      hello(i18n, firstName),
      ...paragraphs.map(paragraph),
      ...(button ? [action(button.label, button.url)] : []),
      paragraph(
        i18n._({
          id: 'email.billing_notice.questions',
          message: 'Questions? Just reply to this e-mail — the Grove team.',
        }),
      ),
    ],
  }),
  /** Monday morning in the family's time zone: each player's week (opt-out; see docs/communications.md). */
  weekly_digest: (data: WeeklyDigestData, { i18n }: Locale): EmailContent => ({
    subject: i18n._({
      id: 'email.weekly_digest.subject',
      message: "Your family's week in Grove: {firstDay} to {lastDay}",
      values: { firstDay: data.firstDay, lastDay: data.lastDay },
    }),
    blocks: [
      hello(i18n, data.firstName),
      paragraph(
        i18n._({
          id: 'email.weekly_digest.intro',
          message:
            'Here is how last week went, from Monday {firstDay} to Sunday {lastDay}. The goal is {goalMinutes} minutes of play a week.',
          values: { firstDay: data.firstDay, lastDay: data.lastDay, goalMinutes: String(data.goalMinutes) },
        }),
      ),
      ...data.players.flatMap((player): Block[] => [
        paragraph(`${player.minutesLine} ${player.trendsLine}`),
        paragraph(player.streakLine ? `${player.encouragement} ${player.streakLine}` : player.encouragement),
      ]),
      action(i18n._({ id: 'email.weekly_digest.action', message: 'See the charts' }), data.dashboardUrl),
      {
        kind: 'footnote',
        text: i18n._({
          id: 'email.weekly_digest.footnote',
          message:
            'You receive this summary every Monday. You can turn it off from your account page, or with this link:',
        }),
        label: i18n._({ id: 'email.weekly_digest.unsubscribe', message: 'Unsubscribe' }),
        url: data.unsubscribeUrl,
      },
    ],
  }),
  /** A coaching call was booked (written in the booking's transaction). */
  coaching_booked: ({ firstName, coachName, when, manageUrl }: CoachingCallData, locale: Locale): EmailContent => ({
    subject: locale.i18n._({
      id: 'email.coaching_booked.subject',
      message: 'Your coaching call with {coachName} is booked',
      values: { coachName },
    }),
    blocks: [
      hello(locale.i18n, firstName),
      paragraph(
        locale.i18n._({
          id: 'email.coaching_booked.body',
          message: 'Your coaching call with {coachName} is booked for {when}.',
          values: { coachName, when },
        }),
      ),
      paragraph(
        locale.i18n._({
          id: 'email.coaching_booked.manage',
          message:
            'You can add it to your calendar, move it or cancel it from the coaching page until 24 hours before it starts.',
        }),
      ),
      action(seeCalls(locale), manageUrl),
    ],
  }),
  /** About a day before a coaching call. */
  coaching_reminder: ({ firstName, coachName, when, manageUrl }: CoachingCallData, locale: Locale): EmailContent => ({
    subject: locale.i18n._({
      id: 'email.coaching_reminder.subject',
      message: 'Reminder: your coaching call with {coachName}',
      values: { coachName },
    }),
    blocks: [
      hello(locale.i18n, firstName),
      paragraph(
        locale.i18n._({
          id: 'email.coaching_reminder.body',
          message: 'A reminder that your coaching call with {coachName} is on {when}.',
          values: { coachName, when },
        }),
      ),
      paragraph(
        locale.i18n._({
          id: 'email.coaching_reminder.topics',
          message: 'Think of one or two things you would like to talk about — your coach will be glad to hear them.',
        }),
      ),
      action(seeCalls(locale), manageUrl),
    ],
  }),
  /** A coaching call was moved or cancelled, by the family or by the coach. */
  coaching_changed: (data: CoachingChangedData, locale: Locale): EmailContent => ({
    subject:
      data.change === 'moved'
        ? locale.i18n._({
            id: 'email.coaching_changed.moved.subject',
            message: 'Your coaching call with {coachName} was moved',
            values: { coachName: data.coachName },
          })
        : locale.i18n._({
            id: 'email.coaching_changed.cancelled.subject',
            message: 'Your coaching call with {coachName} was cancelled',
            values: { coachName: data.coachName },
          }),
    blocks: [
      hello(locale.i18n, data.firstName),
      paragraph(coachingChangedBody(locale, data)),
      action(
        data.change === 'moved'
          ? seeCalls(locale)
          : locale.i18n._({ id: 'email.coaching_changed.book_another', message: 'Book another call' }),
        data.manageUrl,
      ),
    ],
  }),
  /** Registration for a tutorial, with its join link. */
  webinar_registered: ({ firstName, title, when, joinUrl, manageUrl }: WebinarData, locale: Locale): EmailContent => ({
    subject: locale.i18n._({
      id: 'email.webinar_registered.subject',
      message: 'You are registered: {title}',
      values: { title },
    }),
    blocks: [
      hello(locale.i18n, firstName),
      paragraph(
        locale.i18n._({
          id: 'email.webinar_registered.body',
          message: 'You are registered for the live tutorial “{title}” on {when}.',
          values: { title, when },
        }),
      ),
      paragraph(
        locale.i18n._({
          id: 'email.webinar_registered.join',
          message: 'Join with the link below a few minutes before it starts. We will remind you the day before.',
        }),
      ),
      action(joinTutorial(locale), joinUrl),
      action(seeTutorials(locale), manageUrl),
    ],
  }),
  /** About a day before a tutorial. */
  webinar_reminder: ({ firstName, title, when, joinUrl, manageUrl }: WebinarData, locale: Locale): EmailContent => ({
    subject: locale.i18n._({ id: 'email.webinar_reminder.subject', message: 'Reminder: {title}', values: { title } }),
    blocks: [
      hello(locale.i18n, firstName),
      paragraph(
        locale.i18n._({
          id: 'email.webinar_reminder.body',
          message: 'A reminder that the live tutorial “{title}” is on {when}.',
          values: { title, when },
        }),
      ),
      action(joinTutorial(locale), joinUrl),
      action(seeTutorials(locale), manageUrl),
    ],
  }),
  /** A tutorial was moved or cancelled by Grove. */
  webinar_changed: (data: WebinarChangedData, locale: Locale): EmailContent => ({
    subject: webinarChangedSubject(locale, data.change, data.title),
    blocks: [
      hello(locale.i18n, data.firstName),
      paragraph(webinarChangedBody(locale, data)),
      ...(data.change !== 'cancelled' ? [action(joinTutorial(locale), data.joinUrl)] : []),
      action(
        data.change === 'cancelled'
          ? locale.i18n._({ id: 'email.webinar_changed.choose_another', message: 'Choose another tutorial' })
          : seeTutorials(locale),
        data.manageUrl,
      ),
    ],
  }),
} satisfies Record<string, (data: never, locale: Locale) => EmailContent>;
