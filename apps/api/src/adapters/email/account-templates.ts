/**
 * The e-mails about signing in and the account: one-time links, address and password changes, a
 * caregiver's invitation, support's acknowledgement. Each template makes an EmailContent from its
 * data in the recipient's language (content.ts); values arrive formatted (times with formatDateTime
 * in that language).
 */
import type { Locale } from '../../locales/i18n.ts';
import { action, hello, paragraph, type EmailContent } from './content.ts';

export interface LinkData {
  firstName: string;
  /** An absolute http(s) URL; anything else is refused. */
  link: string;
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

interface SupportTicketData {
  firstName: string;
  subject: string;
  ticketNumber: number;
}

export const accountTemplates = {
  password_reset: ({ firstName, link }: LinkData, { i18n }: Locale): EmailContent => ({
    subject: i18n._({ id: 'email.password_reset.subject', message: 'Reset your Grove password' }),
    blocks: [
      hello(i18n, firstName),
      paragraph(
        i18n._({
          id: 'email.password_reset.body',
          message:
            'Someone asked to reset the password of your Grove account. To choose a new password, open this link within 24 hours:',
        }),
      ),
      action(i18n._({ id: 'email.password_reset.action', message: 'Choose a new password' }), link),
      paragraph(
        i18n._({
          id: 'email.password_reset.not_you',
          message: 'If it was not you, you can ignore this e-mail; your password stays as it is.',
        }),
      ),
    ],
  }),
  access_invite: ({ firstName, link }: LinkData, { i18n }: Locale): EmailContent => ({
    subject: i18n._({ id: 'email.access_invite.subject', message: 'Your access to Grove' }),
    blocks: [
      hello(i18n, firstName),
      paragraph(
        i18n._({
          id: 'email.access_invite.body',
          message: 'To set your password and sign in to Grove, open this link within 7 days:',
        }),
      ),
      action(i18n._({ id: 'email.set_password.action', message: 'Set your password' }), link),
      paragraph(
        i18n._({
          id: 'email.access_invite.not_you',
          message: 'If you did not ask for access, you can ignore this e-mail.',
        }),
      ),
    ],
  }),
  /** Sent to the new address: the change happens only when this link is opened. */
  email_change_confirm: ({ firstName, newEmail, link }: LinkData & { newEmail: string }, { i18n }: Locale) => ({
    subject: i18n._({ id: 'email.email_change_confirm.subject', message: 'Confirm your new Grove e-mail address' }),
    blocks: [
      hello(i18n, firstName),
      paragraph(
        i18n._({
          id: 'email.email_change_confirm.body',
          message:
            'You asked to sign in to Grove with {newEmail} from now on. To confirm this address, open this link within 24 hours:',
          values: { newEmail },
        }),
      ),
      action(i18n._({ id: 'email.email_change_confirm.action', message: 'Confirm my e-mail address' }), link),
      paragraph(
        i18n._({
          id: 'email.email_change_confirm.not_you',
          message: 'Until then, your current address stays in use. If it was not you, ignore this e-mail.',
        }),
      ),
    ],
  }),
  /** Sent to the current address when a change is asked for. */
  email_change_requested: ({ firstName, newEmail }: EmailChangeData, { i18n }: Locale): EmailContent => ({
    subject: i18n._({
      id: 'email.email_change_requested.subject',
      message: 'Your Grove e-mail address is about to change',
    }),
    blocks: [
      hello(i18n, firstName),
      paragraph(
        i18n._({
          id: 'email.email_change_requested.body',
          message:
            'Someone signed in to your Grove account asked to change its e-mail address to {newEmail}. Nothing changes until the link we sent there is opened.',
          values: { newEmail },
        }),
      ),
      paragraph(
        i18n._({
          id: 'email.email_change_requested.not_you',
          message:
            'If it was not you, change your password from the Account page and let us know by replying to this e-mail.',
        }),
      ),
    ],
  }),
  /** Sent to the old address once the new one is confirmed. */
  email_changed: ({ firstName, newEmail }: EmailChangeData, { i18n }: Locale): EmailContent => ({
    subject: i18n._({ id: 'email.email_changed.subject', message: 'Your Grove e-mail address was changed' }),
    blocks: [
      hello(i18n, firstName),
      paragraph(
        i18n._({
          id: 'email.email_changed.body',
          message: 'Your Grove account now uses {newEmail}. This address will no longer receive our e-mails.',
          values: { newEmail },
        }),
      ),
      paragraph(
        i18n._({
          id: 'email.email_changed.not_you',
          message: 'If it was not you, reply to this e-mail right away and we will help you.',
        }),
      ),
    ],
  }),
  password_changed: ({ firstName, when, resetUrl }: PasswordChangedData, { i18n }: Locale): EmailContent => ({
    subject: i18n._({ id: 'email.password_changed.subject', message: 'Your Grove password was changed' }),
    blocks: [
      hello(i18n, firstName),
      paragraph(
        i18n._({
          id: 'email.password_changed.body',
          message: 'The password of your Grove account was changed on {when}. Other devices were signed out.',
          values: { when },
        }),
      ),
      paragraph(
        i18n._({ id: 'email.password_changed.not_you', message: 'If it was not you, choose a new password now:' }),
      ),
      action(i18n._({ id: 'email.password_changed.action', message: 'Reset my password' }), resetUrl),
    ],
  }),
  /** A second caregiver added to the account. */
  caregiver_invite: ({ firstName, inviterName, link }: InviteData, { i18n }: Locale): EmailContent => ({
    subject: i18n._({
      id: 'email.caregiver_invite.subject',
      message: '{inviterName} invited you to Grove',
      values: { inviterName },
    }),
    blocks: [
      hello(i18n, firstName),
      paragraph(
        i18n._({
          id: 'email.caregiver_invite.body',
          message:
            "{inviterName} added you to their family's Grove account, so you can follow your children's play, read coach notes and help manage the program.",
          values: { inviterName },
        }),
      ),
      paragraph(
        i18n._({
          id: 'email.caregiver_invite.link',
          message: 'To choose your password and sign in, open this link within 7 days:',
        }),
      ),
      action(i18n._({ id: 'email.set_password.action', message: 'Set your password' }), link),
    ],
  }),
  /** A family wrote to support (POST /api/v2/support/tickets): what we received and how we answer. */
  support_ticket_received: ({ firstName, subject, ticketNumber }: SupportTicketData, { i18n }: Locale) => ({
    subject: i18n._({
      id: 'email.support_ticket_received.subject',
      message: 'We received your message: {subject}',
      values: { subject },
    }),
    blocks: [
      hello(i18n, firstName),
      paragraph(
        i18n._({
          id: 'email.support_ticket_received.body',
          message:
            'Thank you for writing to Grove support. We received your message “{subject}” (request #{ticketNumber}).',
          values: { subject, ticketNumber: String(ticketNumber) },
        }),
      ),
      paragraph(
        i18n._({
          id: 'email.support_ticket_received.answer',
          message: 'A member of our team will answer you by e-mail at this address, usually within one business day.',
        }),
      ),
    ],
  }),
} satisfies Record<string, (data: never, locale: Locale) => EmailContent>;
