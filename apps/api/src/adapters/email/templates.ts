/**
 * E-mail templates: a template turns its data into a subject and a list of blocks (paragraphs and
 * one call to action); `renderEmail` writes those blocks twice, as the plain-text part and as the
 * HTML part. Every value reaches the HTML through `escapeHtml`, so data can never add markup.
 */

type Block =
  | { kind: 'paragraph'; text: string }
  | { kind: 'action'; label: string; url: string }
  /** Small print with a link (an opt-out): the text then the raw URL in the plain part, a link in HTML. */
  | { kind: 'footnote'; text: string; label: string; url: string };

interface EmailContent {
  subject: string;
  blocks: Block[];
}

interface LinkData {
  firstName: string;
  /** An absolute http(s) URL; anything else is refused. */
  link: string;
}

interface BillingNoticeData {
  firstName: string;
  subject: string;
  paragraphs: string[];
  action?: { label: string; url: string };
}

interface EmailChangeData {
  firstName: string;
  newEmail: string;
}

interface InviteData extends LinkData {
  /** Who invited them (the account holder's full name). */
  inviterName: string;
}

interface PasswordChangedData {
  firstName: string;
  /** When it happened, already formatted in the family's time zone (formatDateTime). */
  when: string;
  /** Where to reset the password if it was not them (an absolute URL). */
  resetUrl: string;
}

interface WeeklyDigestData {
  firstName: string;
  /** The week reported, its Monday and its Sunday as local dates in the spec's format (MM-DD-YYYY). */
  firstDay: string;
  lastDay: string;
  goalMinutes: number;
  /** What packages/domain/src/digest.ts says about each player. */
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

/** A parent's data export is ready (issue 17). */
interface ExportReadyData {
  firstName: string;
  /** "Sam's data" or "your family's data". */
  what: string;
  /** Until when it can be downloaded, already formatted in the family's time zone. */
  until: string;
  /** Account → Privacy (an absolute URL): downloads need the parent signed in. */
  privacyUrl: string;
}

/** A deletion was carried out (issue 17). */
interface DeletionDoneData {
  firstName: string;
  scope: 'player' | 'account';
  /** The player's first name (scope 'player'). */
  playerName: string;
  /** Account → Privacy (an absolute URL); for a closed account, the portal's home page. */
  url: string;
}

/** The retention job's reminder, before a cancelled account's play data is removed (issue 17). */
interface RetentionReminderData {
  firstName: string;
  /** The removal date, already formatted in the family's time zone. */
  removalDate: string;
  monthsAfterCancellation: number;
  /** Account → Privacy (an absolute URL), where the export is. */
  privacyUrl: string;
  /** Where to renew (an absolute URL). */
  renewUrl: string;
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

interface SupportTicketData {
  firstName: string;
  subject: string;
  ticketNumber: number;
}

const templates = {
  password_reset: ({ firstName, link }: LinkData): EmailContent => ({
    subject: 'Reset your Grove password',
    blocks: [
      { kind: 'paragraph', text: `Hello ${firstName},` },
      {
        kind: 'paragraph',
        text: 'Someone asked to reset the password of your Grove account. To choose a new password, open this link within 24 hours:',
      },
      { kind: 'action', label: 'Choose a new password', url: link },
      { kind: 'paragraph', text: 'If it was not you, you can ignore this e-mail; your password stays as it is.' },
    ],
  }),
  access_invite: ({ firstName, link }: LinkData): EmailContent => ({
    subject: 'Your access to Grove',
    blocks: [
      { kind: 'paragraph', text: `Hello ${firstName},` },
      { kind: 'paragraph', text: 'To set your password and sign in to Grove, open this link within 7 days:' },
      { kind: 'action', label: 'Set your password', url: link },
      { kind: 'paragraph', text: 'If you did not ask for access, you can ignore this e-mail.' },
    ],
  }),
  /** Sent to the new address: the change happens only when this link is opened. */
  email_change_confirm: ({ firstName, newEmail, link }: LinkData & { newEmail: string }): EmailContent => ({
    subject: 'Confirm your new Grove e-mail address',
    blocks: [
      { kind: 'paragraph', text: `Hello ${firstName},` },
      {
        kind: 'paragraph',
        text: `You asked to sign in to Grove with ${newEmail} from now on. To confirm this address, open this link within 24 hours:`,
      },
      { kind: 'action', label: 'Confirm my e-mail address', url: link },
      {
        kind: 'paragraph',
        text: 'Until then, your current address stays in use. If it was not you, ignore this e-mail.',
      },
    ],
  }),
  /** Sent to the current address when a change is asked for. */
  email_change_requested: ({ firstName, newEmail }: EmailChangeData): EmailContent => ({
    subject: 'Your Grove e-mail address is about to change',
    blocks: [
      { kind: 'paragraph', text: `Hello ${firstName},` },
      {
        kind: 'paragraph',
        text: `Someone signed in to your Grove account asked to change its e-mail address to ${newEmail}. Nothing changes until the link we sent there is opened.`,
      },
      {
        kind: 'paragraph',
        text: 'If it was not you, change your password from the Account page and let us know by replying to this e-mail.',
      },
    ],
  }),
  /** Sent to the old address once the new one is confirmed. */
  email_changed: ({ firstName, newEmail }: EmailChangeData): EmailContent => ({
    subject: 'Your Grove e-mail address was changed',
    blocks: [
      { kind: 'paragraph', text: `Hello ${firstName},` },
      {
        kind: 'paragraph',
        text: `Your Grove account now uses ${newEmail}. This address will no longer receive our e-mails.`,
      },
      { kind: 'paragraph', text: 'If it was not you, reply to this e-mail right away and we will help you.' },
    ],
  }),
  password_changed: ({ firstName, when, resetUrl }: PasswordChangedData): EmailContent => ({
    subject: 'Your Grove password was changed',
    blocks: [
      { kind: 'paragraph', text: `Hello ${firstName},` },
      {
        kind: 'paragraph',
        text: `The password of your Grove account was changed on ${when}. Other devices were signed out.`,
      },
      { kind: 'paragraph', text: 'If it was not you, choose a new password now:' },
      { kind: 'action', label: 'Reset my password', url: resetUrl },
    ],
  }),
  /** A second caregiver added to the account. */
  caregiver_invite: ({ firstName, inviterName, link }: InviteData): EmailContent => ({
    subject: `${inviterName} invited you to Grove`,
    blocks: [
      { kind: 'paragraph', text: `Hello ${firstName},` },
      {
        kind: 'paragraph',
        text: `${inviterName} added you to their family's Grove account, so you can follow your children's play, read coach notes and help manage the program.`,
      },
      { kind: 'paragraph', text: 'To choose your password and sign in, open this link within 7 days:' },
      { kind: 'action', label: 'Set your password', url: link },
    ],
  }),
  /** A billing event (order confirmed, cancellation scheduled, pause, return, renewal, failed payment). */
  billing_notice: ({ firstName, subject, paragraphs, action }: BillingNoticeData): EmailContent => ({
    subject,
    blocks: [
      { kind: 'paragraph', text: `Hello ${firstName},` },
      ...paragraphs.map((text): Block => ({ kind: 'paragraph', text })),
      ...(action ? [{ kind: 'action', label: action.label, url: action.url } satisfies Block] : []),
      { kind: 'paragraph', text: 'Questions? Just reply to this e-mail — the Grove team.' },
    ],
  }),
  /** Monday morning in the family's time zone: each player's week (opt-out; see docs/communications.md). */
  weekly_digest: (data: WeeklyDigestData): EmailContent => ({
    subject: `Your family's week in Grove: ${data.firstDay} to ${data.lastDay}`,
    blocks: [
      { kind: 'paragraph', text: `Hello ${data.firstName},` },
      {
        kind: 'paragraph',
        text: `Here is how last week went, from Monday ${data.firstDay} to Sunday ${data.lastDay}. The goal is ${data.goalMinutes} minutes of play a week.`,
      },
      ...data.players.flatMap((player): Block[] => [
        { kind: 'paragraph', text: `${player.minutesLine} ${player.trendsLine}` },
        {
          kind: 'paragraph',
          text: player.streakLine ? `${player.encouragement} ${player.streakLine}` : player.encouragement,
        },
      ]),
      { kind: 'action', label: 'See the charts', url: data.dashboardUrl },
      {
        kind: 'footnote',
        text: 'You receive this summary every Monday. You can turn it off from your account page, or with this link:',
        label: 'Unsubscribe',
        url: data.unsubscribeUrl,
      },
    ],
  }),
  /** A coaching call was booked (written in the booking's transaction). */
  coaching_booked: ({ firstName, coachName, when, manageUrl }: CoachingCallData): EmailContent => ({
    subject: `Your coaching call with ${coachName} is booked`,
    blocks: [
      { kind: 'paragraph', text: `Hello ${firstName},` },
      { kind: 'paragraph', text: `Your coaching call with ${coachName} is booked for ${when}.` },
      {
        kind: 'paragraph',
        text: 'You can add it to your calendar, move it or cancel it from the coaching page until 24 hours before it starts.',
      },
      { kind: 'action', label: 'See my coaching calls', url: manageUrl },
    ],
  }),
  /** About a day before a coaching call. */
  coaching_reminder: ({ firstName, coachName, when, manageUrl }: CoachingCallData): EmailContent => ({
    subject: `Reminder: your coaching call with ${coachName}`,
    blocks: [
      { kind: 'paragraph', text: `Hello ${firstName},` },
      { kind: 'paragraph', text: `A reminder that your coaching call with ${coachName} is on ${when}.` },
      {
        kind: 'paragraph',
        text: 'Think of one or two things you would like to talk about — your coach will be glad to hear them.',
      },
      { kind: 'action', label: 'See my coaching calls', url: manageUrl },
    ],
  }),
  /** A coaching call was moved or cancelled, by the family or by the coach. */
  coaching_changed: ({
    firstName,
    coachName,
    when,
    manageUrl,
    change,
    by,
    previousWhen,
  }: CoachingChangedData): EmailContent => ({
    subject:
      change === 'moved'
        ? `Your coaching call with ${coachName} was moved`
        : `Your coaching call with ${coachName} was cancelled`,
    blocks: [
      { kind: 'paragraph', text: `Hello ${firstName},` },
      {
        kind: 'paragraph',
        text:
          change === 'moved'
            ? `Your coaching call with ${coachName} is now on ${when}${previousWhen ? ` (it was on ${previousWhen})` : ''}.`
            : by === 'coach'
              ? `${coachName} had to cancel your coaching call of ${when}. We are sorry; please book another time.`
              : `Your coaching call with ${coachName} on ${when} is cancelled.`,
      },
      { kind: 'action', label: change === 'moved' ? 'See my coaching calls' : 'Book another call', url: manageUrl },
    ],
  }),
  /** Registration for a tutorial, with its join link. */
  webinar_registered: ({ firstName, title, when, joinUrl, manageUrl }: WebinarData): EmailContent => ({
    subject: `You are registered: ${title}`,
    blocks: [
      { kind: 'paragraph', text: `Hello ${firstName},` },
      { kind: 'paragraph', text: `You are registered for the live tutorial “${title}” on ${when}.` },
      {
        kind: 'paragraph',
        text: 'Join with the link below a few minutes before it starts. We will remind you the day before.',
      },
      { kind: 'action', label: 'Join the tutorial', url: joinUrl },
      { kind: 'action', label: 'See my tutorials', url: manageUrl },
    ],
  }),
  /** About a day before a tutorial. */
  webinar_reminder: ({ firstName, title, when, joinUrl, manageUrl }: WebinarData): EmailContent => ({
    subject: `Reminder: ${title}`,
    blocks: [
      { kind: 'paragraph', text: `Hello ${firstName},` },
      { kind: 'paragraph', text: `A reminder that the live tutorial “${title}” is on ${when}.` },
      { kind: 'action', label: 'Join the tutorial', url: joinUrl },
      { kind: 'action', label: 'See my tutorials', url: manageUrl },
    ],
  }),
  /** A tutorial was moved or cancelled by Grove. */
  webinar_changed: ({
    firstName,
    title,
    when,
    joinUrl,
    manageUrl,
    change,
    previousWhen,
  }: WebinarChangedData): EmailContent => ({
    subject: {
      moved: `New time: ${title}`,
      cancelled: `Cancelled: ${title}`,
      restored: `Back on: ${title}`,
      link: `New link to join: ${title}`,
    }[change],
    blocks: [
      { kind: 'paragraph', text: `Hello ${firstName},` },
      {
        kind: 'paragraph',
        text: {
          moved: `The live tutorial “${title}” is now on ${when}${previousWhen ? ` (it was on ${previousWhen})` : ''}. Your registration still holds.`,
          cancelled: `We are sorry: the live tutorial “${title}” of ${when} is cancelled. Please choose another date.`,
          restored: `Good news: the live tutorial “${title}” takes place after all, on ${when}. Your registration still holds.`,
          link: `The live tutorial “${title}” on ${when} has a new link to join. Please use the one below.`,
        }[change],
      },
      ...(change !== 'cancelled' ? [{ kind: 'action' as const, label: 'Join the tutorial', url: joinUrl }] : []),
      {
        kind: 'action',
        label: change === 'cancelled' ? 'Choose another tutorial' : 'See my tutorials',
        url: manageUrl,
      },
    ],
  }),
  /** A family wrote to support (POST /api/v2/support/tickets): what we received and how we answer. */
  support_ticket_received: ({ firstName, subject, ticketNumber }: SupportTicketData): EmailContent => ({
    subject: `We received your message: ${subject}`,
    blocks: [
      { kind: 'paragraph', text: `Hello ${firstName},` },
      {
        kind: 'paragraph',
        text: `Thank you for writing to Grove support. We received your message “${subject}” (request #${ticketNumber}).`,
      },
      {
        kind: 'paragraph',
        text: 'A member of our team will answer you by e-mail at this address, usually within one business day.',
      },
    ],
  }),
  /** A data export finished (issue 17): where to download it, and until when. */
  data_export_ready: ({ firstName, what, until, privacyUrl }: ExportReadyData): EmailContent => ({
    subject: 'Your Grove data export is ready',
    blocks: [
      { kind: 'paragraph', text: `Hello ${firstName},` },
      {
        kind: 'paragraph',
        text: `The copy of ${what} you asked for is ready. Sign in and download it from Account → Privacy until ${until}; after that the file is deleted and you can ask for a new one.`,
      },
      { kind: 'action', label: 'Download my data', url: privacyUrl },
      {
        kind: 'paragraph',
        text: 'If you did not ask for this copy, please change your password and contact support.',
      },
    ],
  }),
  /** A deletion was carried out (issue 17): what is gone, what billing law keeps. */
  data_deleted: ({ firstName, scope, playerName, url }: DeletionDoneData): EmailContent => ({
    subject: scope === 'player' ? `${playerName}’s data has been deleted` : 'Your Grove account is closed',
    blocks: [
      { kind: 'paragraph', text: `Hello ${firstName},` },
      {
        kind: 'paragraph',
        text:
          scope === 'player'
            ? `As you asked, we deleted ${playerName}’s player profile and all of their play and heart-rate data, survey answers and the notes about them. This cannot be undone.`
            : 'As you asked, we closed your Grove account and deleted your family’s players, play and heart-rate data, survey answers, notes, messages and sign-in details. This cannot be undone.',
      },
      {
        kind: 'paragraph',
        text: 'We keep only what tax law requires: your orders, invoices and payments, for seven years.',
      },
      { kind: 'action', label: scope === 'player' ? 'See my privacy page' : 'Visit Grove', url },
    ],
  }),
  /** The retention job's reminder (issue 17): a cancelled family's play data is about to go. */
  retention_reminder: ({
    firstName,
    removalDate,
    monthsAfterCancellation,
    privacyUrl,
    renewUrl,
  }: RetentionReminderData): EmailContent => ({
    subject: 'Your children’s Grove play data will be deleted soon',
    blocks: [
      { kind: 'paragraph', text: `Hello ${firstName},` },
      {
        kind: 'paragraph',
        text: `Your Grove subscription ended almost ${monthsAfterCancellation} months ago. As our privacy policy says, we will delete your players’ play and heart-rate data, survey answers and the notes about them on ${removalDate}.`,
      },
      {
        kind: 'paragraph',
        text: 'If you would like a copy, download it from Account → Privacy before then. If you renew your subscription, nothing is deleted.',
      },
      { kind: 'action', label: 'Download a copy', url: privacyUrl },
      { kind: 'action', label: 'Renew my subscription', url: renewUrl },
    ],
  }),
} satisfies Record<string, (data: never) => EmailContent>;

export type TemplateName = keyof typeof templates;
export type TemplateData<N extends TemplateName> = Parameters<(typeof templates)[N]>[0];

export interface RenderedEmail {
  template: TemplateName;
  subject: string;
  text: string;
  html: string;
}

/** Renders one template into the fields of an EmailMessage (all but `to`). */
export function renderEmail<N extends TemplateName>(name: N, data: TemplateData<N>): RenderedEmail {
  const render = templates[name] as (data: TemplateData<N>) => EmailContent;
  const content = render(data);
  for (const block of content.blocks) if (block.kind !== 'paragraph') assertWebUrl(block.url);
  return { template: name, subject: content.subject, text: renderText(content), html: renderHtml(content) };
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Makes any string safe as HTML text and as a double- or single-quoted attribute value. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

/** A link in an e-mail must be an absolute http(s) URL: no javascript:, data: or relative links. */
function assertWebUrl(url: string) {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error('An e-mail link must be an absolute URL.');
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new Error('An e-mail link must be an http or https URL.');
  }
}

/** Paragraphs separated by blank lines; the call to action is the raw link on its own line. */
function renderText(content: EmailContent): string {
  const textOf = (block: Block) =>
    block.kind === 'paragraph' ? block.text : block.kind === 'action' ? block.url : `${block.text}\n${block.url}`;
  return `${content.blocks.map(textOf).join('\n\n')}\n`;
}

// Grove's brand colours (apps/web/src/styles.css); all text/background pairs meet WCAG AA contrast.
const COLOR = {
  canvas: '#f7f8f3',
  surface: '#ffffff',
  line: '#d6e0d9',
  ink: '#1b2a21',
  muted: '#4a5b51',
  brand: '#1d5233',
  button: '#2a7246',
};
const FONT = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

function renderBlock(block: Block): string {
  if (block.kind === 'paragraph') {
    return `<p style="margin:0 0 16px;${FONT};font-size:16px;line-height:24px;color:${COLOR.ink}">${escapeHtml(block.text)}</p>`;
  }
  const href = escapeHtml(block.url);
  if (block.kind === 'footnote') {
    return `<p style="margin:16px 0 0;${FONT};font-size:13px;line-height:20px;color:${COLOR.muted}">${escapeHtml(block.text)} <a href="${href}" style="color:${COLOR.brand}">${escapeHtml(block.label)}</a></p>`;
  }
  return [
    `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px"><tr>`,
    `<td style="border-radius:6px;background:${COLOR.button}">`,
    `<a href="${href}" style="display:inline-block;padding:12px 24px;${FONT};font-size:16px;line-height:24px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(block.label)}</a>`,
    `</td></tr></table>`,
    `<p style="margin:0 0 16px;${FONT};font-size:14px;line-height:20px;color:${COLOR.muted}">If the button does not work, copy this link into your browser:<br>`,
    `<a href="${href}" style="color:${COLOR.brand};word-break:break-all">${escapeHtml(block.url)}</a></p>`,
  ].join('\n');
}

/** A single-column layout in tables and inline styles, the only layout e-mail clients agree on. */
function renderHtml(content: EmailContent): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(content.subject)}</title>
</head>
<body style="margin:0;padding:0;background:${COLOR.canvas}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${COLOR.canvas}"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px">
<tr><td style="padding:0 0 16px;${FONT};font-size:24px;line-height:32px;font-weight:700;color:${COLOR.brand}">Grove</td></tr>
<tr><td style="padding:32px 24px;background:${COLOR.surface};border:1px solid ${COLOR.line};border-radius:8px">
${content.blocks.map(renderBlock).join('\n')}
</td></tr>
<tr><td style="padding:16px 0 0;${FONT};font-size:12px;line-height:18px;color:${COLOR.muted}">This e-mail was sent by Grove.</td></tr>
</table>
</td></tr></table>
</body>
</html>
`;
}
