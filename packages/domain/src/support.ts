/**
 * Staff notes on an account and support tickets (SPEC §3 Account note, §5, §7 Admin; issue 14
 * items 2 and 4): the limits, the ticket words and the messages. The contracts are in
 * api/notes.ts and api/support.ts; the server and the screens both read these.
 */

export const NOTE_LIMITS = {
  /** A staff note, in characters (code points). */
  textMax: 5000,
  pageSize: 20,
  pageSizeMax: 100,
} as const;

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

export const SUPPORT_MESSAGES = {
  noteDeleted: 'The note was deleted.',
  noNotes: 'No notes on this account yet.',
  noTickets: 'This person has not written to support.',
  ticketSent: (email: string) =>
    `Thank you, your message reached our support team. We will answer by e-mail at ${email}, usually within one business day.`,
  ticketRateLimited: `You can send at most ${TICKET_LIMITS.perHour} messages to support in an hour. Please try again later.`,
  supportUnavailable: 'Support could not be reached just now. Please try again in a few minutes.',
  acknowledgementSubject: 'We received your message',
} as const;
