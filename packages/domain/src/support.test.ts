import { describe, expect, it } from 'vitest';
import { ADMIN_LIMITS } from './admin.ts';
import { adminApi } from './api/admin.ts';
import { supportApi } from './api/support.ts';
import {
  SUPPORT_MESSAGES,
  TICKET_LIMITS,
  TICKET_PRIORITIES,
  TICKET_PRIORITY_LABELS,
  TICKET_STATUSES,
  TICKET_FIELD_RULES,
  TICKET_STATUS_LABELS,
  toTicketPriority,
  toTicketStatus,
} from './support.ts';

const fieldMessages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('support tickets', () => {
  it('reads unknown statuses as open and a missing priority as normal', () => {
    expect(toTicketStatus('pending')).toBe('pending');
    expect(toTicketStatus('deleted')).toBe('open');
    expect(toTicketStatus(null)).toBe('open');
    expect(toTicketPriority('urgent')).toBe('urgent');
    expect(toTicketPriority(null)).toBe('normal');
    expect(toTicketPriority('p1')).toBe('normal');
  });

  it('has a label for every status and priority', () => {
    for (const status of TICKET_STATUSES) expect(TICKET_STATUS_LABELS[status]).toMatch(/\w/);
    for (const priority of TICKET_PRIORITIES) expect(TICKET_PRIORITY_LABELS[priority]).toMatch(/\w/);
  });

  it('says where support answers and how often one may write', () => {
    expect(SUPPORT_MESSAGES.ticketSent('ana@example.com')).toContain('by e-mail at ana@example.com');
    expect(SUPPORT_MESSAGES.ticketRateLimited).toContain(`at most ${TICKET_LIMITS.perHour} messages`);
  });

  const body = supportApi.create.schema.body;

  it('accepts a subject and a multi-line description, trimmed', () => {
    const parsed = body.parse({ subject: '  Heart sensor  ', description: 'It blinks red.\nThen stops.' });
    expect(parsed).toEqual({ subject: 'Heart sensor', description: 'It blinks red.\nThen stops.' });
  });

  it.each([
    [{}, { subject: 'This field is required.', description: 'This field is required.' }],
    [
      { subject: '   ', description: '\n' },
      { subject: 'May not be blank.', description: 'May not be blank.' },
    ],
    [
      { subject: 'a\u0000b', description: 'ok' },
      { subject: 'Remove the control characters (such as NUL) from this text.' },
    ],
    [
      { subject: 'Two\nlines', description: 'ok' },
      { subject: 'Remove the control characters (such as NUL) from this text.' },
    ],
    [
      { subject: 'x'.repeat(TICKET_LIMITS.subjectMax + 1), description: 'y'.repeat(TICKET_LIMITS.descriptionMax + 1) },
      {
        subject: `At most ${TICKET_LIMITS.subjectMax} characters.`,
        description: `At most ${TICKET_LIMITS.descriptionMax} characters.`,
      },
    ],
    [
      { subject: 12, description: ['a'] },
      { subject: 'Not a valid string.', description: 'Not a valid string.' },
    ],
  ])('refuses %j', (input, messages) => {
    expect(fieldMessages(body.safeParse(input))).toEqual(messages);
  });

  it('counts characters, not UTF-16 units, against the limit', () => {
    expect(body.safeParse({ subject: '🌳'.repeat(TICKET_LIMITS.subjectMax), description: 'ok' }).success).toBe(true);
  });
});

describe('the Contact support form rules', () => {
  it('asks for a subject and a message, and keeps to the limits', () => {
    expect(TICKET_FIELD_RULES.subject('  ')?.message).toBe(SUPPORT_MESSAGES.subjectRequired);
    expect(TICKET_FIELD_RULES.description('')?.message).toBe(SUPPORT_MESSAGES.descriptionRequired);
    expect(TICKET_FIELD_RULES.subject('Band')).toBeNull();
    expect(TICKET_FIELD_RULES.description('Line one\nLine two')).toBeNull();
    expect(TICKET_FIELD_RULES.subject('Line one\nLine two')?.message).toMatch(/control characters/);
    expect(TICKET_FIELD_RULES.subject('x'.repeat(TICKET_LIMITS.subjectMax + 1))?.message).toBe(
      `At most ${TICKET_LIMITS.subjectMax} characters.`,
    );
    expect(TICKET_FIELD_RULES.description('🌳'.repeat(TICKET_LIMITS.descriptionMax))).toBeNull();
  });
});

describe('staff notes', () => {
  const noteBody = adminApi.createNote.schema.body;

  it('takes the text of a note up to its limit, line breaks included', () => {
    expect(noteBody.parse({ text: ' Called the family.\nKit arrives Friday. ' })).toEqual({
      text: 'Called the family.\nKit arrives Friday.',
    });
    expect(noteBody.safeParse({ text: 'n'.repeat(ADMIN_LIMITS.noteMax) }).success).toBe(true);
  });

  it.each([
    [{ text: 'n'.repeat(ADMIN_LIMITS.noteMax + 1) }, `At most ${ADMIN_LIMITS.noteMax} characters.`],
    [{ text: ' ' }, 'May not be blank.'],
    [{ text: 'a\u0000' }, 'Remove the control characters (such as NUL) from this text.'],
    [{}, 'This field is required.'],
  ])('refuses %j', (input, message) => {
    expect(fieldMessages(noteBody.safeParse(input))).toEqual({ text: message });
  });

  it('pages from 1 and caps the page size', () => {
    const query = adminApi.notes.schema.querystring;
    expect(query.parse({})).toEqual({ page: 1, page_size: ADMIN_LIMITS.notesPageSize });
    expect(query.parse({ page: '2', page_size: '5000' })).toEqual({
      page: 2,
      page_size: ADMIN_LIMITS.notesPageSizeMax,
    });
    expect(query.safeParse({ page: '0' }).success).toBe(false);
  });
});
