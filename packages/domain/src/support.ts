/**
 * Support tickets (SPEC §7 Admin; issue 14 item 4): the limits, the ticket words and the
 * messages. The contract is api/support.ts; the server and the screens both read these.
 * (Staff notes on an account are in admin.ts.)
 */

import { TEXT_MESSAGES, unsafeTextMessage } from './text.ts';
import type { FieldIssue, FieldRule } from './validation.ts';
import { messages, template } from './translation.ts';

export const TICKET_LIMITS = {
  subjectMax: 150,
  descriptionMax: 5000,
  /** Tickets one person may send to support per hour (429 with Retry-After past it). */
  perHour: 5,
  windowSeconds: 3600,
  /** A user's tickets, as staff read them. */
  pageSize: 10,
  pageSizeMax: 100,
} as const;

/** Zendesk's ticket statuses; the local port uses the same words. */
export const TICKET_STATUSES = ['new', 'open', 'pending', 'hold', 'solved', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const TICKET_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];

export const TICKET_STATUS_LABELS: Readonly<Record<TicketStatus, string>> = {
  new: 'New',
  open: 'Open',
  pending: 'Waiting for the family',
  hold: 'On hold',
  solved: 'Solved',
  closed: 'Closed',
};

export const TICKET_PRIORITY_LABELS: Readonly<Record<TicketPriority, string>> = {
  low: 'Low',
  normal: 'Normal',
  high: 'High',
  urgent: 'Urgent',
};

/** A status from the support service; anything unknown reads as 'open'. */
export function toTicketStatus(value: unknown): TicketStatus {
  return (TICKET_STATUSES as readonly unknown[]).includes(value) ? (value as TicketStatus) : 'open';
}

/** A priority from the support service; Zendesk leaves it null until an agent sets it. */
export function toTicketPriority(value: unknown): TicketPriority {
  return (TICKET_PRIORITIES as readonly unknown[]).includes(value) ? (value as TicketPriority) : 'normal';
}

export const SUPPORT_MESSAGES = messages({
  noTickets: 'This person has not written to support.',
  ticketSent: template(
    'Thank you, your message reached our support team. We will answer by e-mail at {email}, usually within one business day.',
    (email: string) => ({ email }),
  ),
  ticketRateLimited: `You can send at most ${TICKET_LIMITS.perHour} messages to support in an hour. Please try again later.`,
  supportUnavailable: 'Support could not be reached just now. Please try again in a few minutes.',
  subjectRequired: 'Tell us in a few words what it is about.',
  descriptionRequired: 'Write your message.',
  /** Staff and coaches without a family write to the support service themselves. */
  familyOnly: 'Support requests are sent from a family’s account.',
});

const issue = (message: string): FieldIssue => ({ message, severity: 'error' });

function ticketText(max: number, multiline: boolean, blank: string): FieldRule {
  return (value) => {
    if (value.trim() === '') return issue(blank);
    if (unsafeTextMessage(value, multiline)) return issue(TEXT_MESSAGES.controlCharacters);
    if ([...value].length > max) return issue(`At most ${max} characters.`);
    return null;
  };
}

/** The "Contact support" form's rules (the server's limits; the contract checks them again). */
export const TICKET_FIELD_RULES: Readonly<Record<'subject' | 'description', FieldRule>> = {
  subject: ticketText(TICKET_LIMITS.subjectMax, false, SUPPORT_MESSAGES.subjectRequired),
  description: ticketText(TICKET_LIMITS.descriptionMax, true, SUPPORT_MESSAGES.descriptionRequired),
};
