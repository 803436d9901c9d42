/**
 * A readable history of staff changes (issue 26 item 4): each audit row (modules/audit, decision
 * 0022) said in words — "Note added: 'Called the family…'", "Coach: Casey Morgan → Riley Chen",
 * "Invoice GRV-2026-000024 refunded, $39.00", "Tags: added vip", "Maya: gauge 5 → 7 (reason)" —
 * from its entity and the thing's state before and after, with money, dates and statuses shown as
 * on the screens and ids resolved to names where the caller knows them. One wording per audited
 * entity (apps/api/src/modules/audit/audit.specs.ts and the routes' own specs); a row no wording
 * recognises says its action without the developer's notes. Pure functions: no I/O.
 */
import { interactionLabel } from './account.ts';
import { formatMoney } from './billing.ts';
import { formatDateTime } from './dates.ts';

/** The parts of an audit row the wording reads (the contract's auditRow). */
export interface AuditEntry {
  action: string;
  entity: string;
  entity_id: string | null;
  before: unknown;
  after: unknown;
  reason: string | null;
}

/** What the screen knows that the row does not: the zone dates read in, and names by id. */
export interface AuditWordingContext {
  timeZone?: string | null;
  /** A person (a coach) by user id. */
  userName?: (id: number) => string | undefined;
  /** A player by id (the gauge and chase-speed rows hold no name). */
  playerName?: (id: number) => string | undefined;
}

type Fields = Record<string, unknown>;
type Wording = (change: Change, context: AuditWordingContext, entry: AuditEntry) => string[];

interface Change {
  before: Fields | null;
  after: Fields | null;
  /** The fields whose value differs (both sides present). */
  changed: string[];
}

const QUOTE_MAX = 120;

const asFields = (value: unknown): Fields | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Fields) : null;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** A note or a title in quotes, cut to a readable length, on one line. */
export function quoted(text: unknown): string {
  const flat = String(text ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = [...flat];
  return `'${chars.length > QUOTE_MAX ? `${chars.slice(0, QUOTE_MAX - 1).join('')}…` : flat}'`;
}

/** ACTIVE → Active, PENDING_CANCELLATION → Pending cancellation. */
export function statusWords(status: unknown): string {
  if (status === null || status === undefined || status === '') return 'none';
  const words = String(status).replace(/_/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const plain = (value: unknown): string => (value === null || value === undefined || value === '' ? '—' : String(value));
const zone = (value: unknown): string => (typeof value === 'string' ? value.replace(/_/g, ' ') : plain(value));
const when = (value: unknown, context: AuditWordingContext): string =>
  typeof value === 'string' && value !== '' ? formatDateTime(value, context.timeZone) : 'none';

function person(id: unknown, context: AuditWordingContext, none = 'no coach'): string {
  if (id === null || id === undefined) return none;
  return context.userName?.(Number(id)) ?? `user ${String(id)}`;
}

/** "Label: before → after" for each changed field that has a label. */
function fieldLines(
  change: Change,
  labels: Record<string, { label: string; show?: (value: unknown) => string }>,
  prefix = '',
): string[] {
  return change.changed
    .filter((field) => field in labels)
    .map((field) => {
      const { label, show = plain } = labels[field]!;
      return `${prefix}${label}: ${show(change.before?.[field])} → ${show(change.after?.[field])}`;
    });
}

function playerLabel(change: Change, context: AuditWordingContext, entry: AuditEntry): string {
  const name = change.after?.name ?? change.before?.name;
  if (typeof name === 'string' && name !== '') return name;
  const id = Number(entry.entity_id);
  return (Number.isFinite(id) ? context.playerName?.(id) : undefined) ?? `Player ${entry.entity_id ?? ''}`.trim();
}

function address(fields: Fields | null): string {
  if (!fields) return 'none';
  const cityLine = [fields.city, [fields.state, fields.zipcode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [fields.address_1, fields.address_2, cityLine, fields.country].filter((part) => part).join(', ');
}

const onOff = (value: unknown) => (value ? 'on' : 'off');

/** The wording of each audited entity, by the name its audit spec gives. */
export const AUDIT_WORDINGS: Readonly<Record<string, Wording>> = {
  note: ({ before, after }) => {
    if (!before && after) return [`Note added: ${quoted(after.text)}`];
    if (before && !after) return [`Note deleted: ${quoted(before.text)}`];
    if (before && after) return [`Note edited: ${quoted(before.text)} → ${quoted(after.text)}`];
    return [];
  },
  account: (change, context) => {
    const lines: string[] = [];
    if (change.changed.includes('tags')) {
      const was = (change.before?.tags as string[] | undefined) ?? [];
      const now = (change.after?.tags as string[] | undefined) ?? [];
      const added = now.filter((tag) => !was.includes(tag));
      const removed = was.filter((tag) => !now.includes(tag));
      const parts = [
        added.length > 0 ? `added ${added.join(', ')}` : null,
        removed.length > 0 ? `removed ${removed.join(', ')}` : null,
      ].filter(Boolean);
      if (parts.length > 0) lines.push(`Tags: ${parts.join('; ')}`);
    }
    return [
      ...lines,
      ...fieldLines(change, {
        coach_user_id: { label: 'Coach', show: (id) => person(id, context) },
        account_status: { label: 'Account status', show: statusWords },
        time_zone: { label: 'Time zone', show: zone },
        game_version: { label: 'Game version' },
      }),
    ];
  },
  player: (change, context, entry) => {
    const name = playerLabel(change, context, entry);
    if (!change.before && change.after) {
      return [`Player added: ${name}${change.after.in_program === false ? ' (not in the program)' : ''}`];
    }
    const lines: string[] = [];
    if (change.changed.includes('name')) {
      lines.push(`Player renamed: ${plain(change.before?.name)} → ${plain(change.after?.name)}`);
    }
    if (change.changed.includes('in_program')) {
      lines.push(`${name}: ${change.after?.in_program ? 'back in the program' : 'no longer in the program'}`);
    }
    for (const [field, label] of [
      ['hr_gauge', 'gauge'],
      ['chase_speed', 'chase speed'],
      ['acorns', 'acorns'],
      ['role', 'role'],
    ] as const) {
      if (change.changed.includes(field)) {
        lines.push(`${name}: ${label} ${plain(change.before?.[field])} → ${plain(change.after?.[field])}`);
      }
    }
    return lines;
  },
  invoice: ({ before, after }) => {
    const number = plain(after?.number ?? before?.number);
    const refunded = Number(after?.refunded_cents ?? 0) - Number(before?.refunded_cents ?? 0);
    if (refunded > 0) return [`Invoice ${number} refunded, ${formatMoney(refunded)}`];
    if (after?.status === 'VOID' && before?.status !== 'VOID') return [`Invoice ${number} removed`];
    if (before && after && !same(before.status, after.status)) {
      return [`Invoice ${number}: ${statusWords(before.status)} → ${statusWords(after.status)}`];
    }
    return [];
  },
  subscription: (change, context) =>
    fieldLines(
      change,
      {
        status: { label: 'Subscription', show: statusWords },
        cancel_at: { label: 'Ends', show: (value) => when(value, context) },
        current_period_end: { label: 'Paid until', show: (value) => when(value, context) },
      },
      '',
    ),
  device: ({ before, after, changed }) => {
    if (!before && after) return [`Tablet connected${after.name ? `: ${quoted(after.name)}` : ''}`];
    const name = quoted(after?.name ?? before?.name);
    const lines: string[] = [];
    if (changed.includes('name')) lines.push(`Device renamed: ${quoted(before?.name)} → ${quoted(after?.name)}`);
    if (changed.includes('is_kiosk_mode')) lines.push(`Device ${name}: kiosk mode ${onOff(after?.is_kiosk_mode)}`);
    return lines;
  },
  // The check answers the pending pairing; the refusal answers { detail }.
  device_pairing: ({ after }) => [after && 'detail' in after ? 'Tablet declined' : 'Tablet pairing code checked'],
  share_link: () => ['Clinician share link revoked'],
  support_ticket: ({ after }) => [
    after?.subject ? `Support ticket sent: ${quoted(after.subject)}` : 'Support ticket sent',
  ],
  webinar: (change, context) => {
    const { before, after } = change;
    if (!before && after) return [`Webinar created: ${quoted(after.title)}, ${when(after.starts_at, context)}`];
    if (after?.cancelled_at && !before?.cancelled_at) return [`Webinar cancelled: ${quoted(after.title)}`];
    return fieldLines(
      change,
      {
        title: { label: 'Title', show: quoted },
        starts_at: { label: 'Starts', show: (value) => when(value, context) },
        duration_minutes: { label: 'Length (minutes)' },
        capacity: { label: 'Places' },
        join_url: { label: 'Link' },
      },
      `Webinar ${quoted(after?.title ?? before?.title)}: `,
    );
  },
  // A conversation staff logged with the family (customer interactions): after is the answer.
  interaction: ({ after }) => {
    if (!after) return [];
    const about =
      typeof after.topic === 'string' ? ` about ${interactionLabel('topic', after.topic).toLowerCase()}` : '';
    const how = [
      typeof after.direction === 'string' ? interactionLabel('direction', after.direction) : null,
      typeof after.outcome === 'string' ? interactionLabel('outcome', after.outcome) : null,
    ].filter(Boolean);
    const summary =
      typeof after.summary === 'string' && after.summary.trim() !== '' ? `: ${quoted(after.summary)}` : '';
    return [
      `Conversation logged: ${interactionLabel('kind', String(after.kind ?? 'other'))}${about}${how.length ? ` (${how.join(', ')})` : ''}${summary}`,
    ];
  },
  shipping: ({ before, after }) => {
    if (!after) return [];
    return before
      ? [`Shipping address: ${address(before)} → ${address(after)}`]
      : [`Shipping address set: ${address(after)}`];
  },
};

/**
 * An action's name without the developer's notes:
 * "Write a staff note (Idempotency-Key honoured)" → "Write a staff note".
 */
export function plainAction(action: string): string {
  const text = action
    .replace(/\s*\([^)]*\)/g, '')
    .replace(/\s*\{[^}]*\}/g, '')
    .trim();
  return text === '' ? 'A change' : text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * What an audit row changed, in words: one line per change, the reason after the first. A row no
 * wording recognises (an entity without one, or no visible change) says its plain action.
 */
export function describeAuditEntry(entry: AuditEntry, context: AuditWordingContext = {}): string[] {
  const before = asFields(entry.before);
  const after = asFields(entry.after);
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changed = before && after ? [...keys].filter((key) => !same(before[key], after[key])) : [...keys];
  const wording = AUDIT_WORDINGS[entry.entity];
  const lines = wording ? wording({ before, after, changed }, context, entry) : [];
  const said = lines.length > 0 ? lines : [plainAction(entry.action)];
  const reason = entry.reason?.trim();
  if (reason) said[0] = `${said[0]} (${reason})`;
  return said;
}
