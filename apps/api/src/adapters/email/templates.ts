/**
 * E-mail templates: a template turns its data into a subject and a list of blocks (paragraphs and
 * one call to action); `renderEmail` writes those blocks twice, as the plain-text part and as the
 * HTML part. Every value reaches the HTML through `escapeHtml`, so data can never add markup.
 */

type Block = { kind: 'paragraph'; text: string } | { kind: 'action'; label: string; url: string };

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
  for (const block of content.blocks) if (block.kind === 'action') assertWebUrl(block.url);
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
  return `${content.blocks.map((block) => (block.kind === 'paragraph' ? block.text : block.url)).join('\n\n')}\n`;
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
