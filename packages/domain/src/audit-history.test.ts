import { describe, expect, it } from 'vitest';
import { AUDIT_WORDINGS, describeAuditEntry, plainAction, quoted, type AuditEntry } from './audit-history.ts';

const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  action: 'A staff write',
  entity: 'account',
  entity_id: '1',
  before: null,
  after: null,
  reason: null,
  ...overrides,
});

const context = {
  timeZone: 'America/New_York',
  userName: (id: number) => ({ 31: 'Casey Morgan', 32: 'Riley Chen' })[id],
  playerName: (id: number) => ({ 4: 'Maya' })[id],
};

/** One row per audited staff write, with the before and after its audit spec loads. */
const CASES: [string, Partial<AuditEntry>, string[]][] = [
  [
    'a note added',
    { entity: 'note', after: { text: 'Called the family about the tablet.', author_user_id: 1 } },
    ["Note added: 'Called the family about the tablet.'"],
  ],
  [
    'a note edited',
    {
      entity: 'note',
      before: { text: 'Call Monday', author_user_id: 1 },
      after: { text: 'Call Tuesday', author_user_id: 1 },
    },
    ["Note edited: 'Call Monday' → 'Call Tuesday'"],
  ],
  ['a note deleted', { entity: 'note', before: { text: 'Old', author_user_id: 1 } }, ["Note deleted: 'Old'"]],
  [
    'a conversation logged',
    {
      entity: 'interaction',
      after: {
        id: 7,
        kind: 'call',
        direction: 'outbound',
        topic: 'billing',
        outcome: 'follow_up',
        summary: 'Asked about the failed renewal.',
        occurred_at: '2026-03-02T15:00:00.000Z',
      },
    },
    [
      "Conversation logged: Phone call about billing (We reached out, Follow-up needed): 'Asked about the failed renewal.'",
    ],
  ],
  [
    'a coach assigned',
    { entity: 'account', before: { coach_user_id: 31 }, after: { coach_user_id: 32 } },
    ['Coach: Casey Morgan → Riley Chen'],
  ],
  [
    'a first coach, by an id the screen does not know',
    { entity: 'account', before: { coach_user_id: null }, after: { coach_user_id: 77 } },
    ['Coach: no coach → user 77'],
  ],
  [
    'the account status and time zone',
    {
      entity: 'account',
      before: { account_status: 'ACTIVE', time_zone: 'America/New_York' },
      after: { account_status: 'SUSPENDED', time_zone: 'America/Los_Angeles' },
      reason: 'Chargeback',
    },
    ['Account status: Active → Suspended (Chargeback)', 'Time zone: America/New York → America/Los Angeles'],
  ],
  [
    'the game version',
    { entity: 'account', before: { game_version: 2 }, after: { game_version: 3 } },
    ['Game version: 2 → 3'],
  ],
  [
    'a tag added',
    { entity: 'account', before: { tags: ['beta'] }, after: { tags: ['beta', 'vip'] } },
    ['Tags: added vip'],
  ],
  [
    'a tag removed',
    { entity: 'account', before: { tags: ['beta', 'vip'] }, after: { tags: ['beta'] } },
    ['Tags: removed vip'],
  ],
  [
    'a gauge change with its reason (the row has no name: the screen’s)',
    {
      entity: 'player',
      entity_id: '4',
      before: { hr_gauge: 5, chase_speed: 3, acorns: 10 },
      after: { hr_gauge: 7, chase_speed: 3, acorns: 10 },
      reason: 'Calmer mornings',
    },
    ['Maya: gauge 5 → 7 (Calmer mornings)'],
  ],
  [
    'chase speed and acorns',
    { entity: 'player', entity_id: '9', before: { chase_speed: 3, acorns: 10 }, after: { chase_speed: 4, acorns: 60 } },
    ['Player 9: chase speed 3 → 4', 'Player 9: acorns 10 → 60'],
  ],
  [
    'a player added by staff',
    {
      entity: 'player',
      entity_id: '5',
      after: { name: 'Eli', role: 'child', in_program: true, hr_gauge: 5, chase_speed: 5, acorns: 0 },
    },
    ['Player added: Eli'],
  ],
  [
    'a player renamed and taken out of the program',
    {
      entity: 'player',
      before: { name: 'Eli', role: 'child', in_program: true },
      after: { name: 'Elijah', role: 'child', in_program: false },
    },
    ['Player renamed: Eli → Elijah', 'Elijah: no longer in the program'],
  ],
  [
    'an invoice refunded',
    {
      entity: 'invoice',
      before: { number: 'GRV-2026-000024', status: 'PAID', refunded_cents: 0 },
      after: { number: 'GRV-2026-000024', status: 'REFUNDED', refunded_cents: 3900 },
    },
    ['Invoice GRV-2026-000024 refunded, $39.00'],
  ],
  [
    'an invoice removed',
    {
      entity: 'invoice',
      before: { number: 'GRV-2026-000025', status: 'FAILED', refunded_cents: 0 },
      after: { number: 'GRV-2026-000025', status: 'VOID', refunded_cents: 0 },
    },
    ['Invoice GRV-2026-000025 removed'],
  ],
  [
    'a cancellation confirmed',
    {
      entity: 'subscription',
      before: {
        id: 3,
        status: 'PENDING_CANCELLATION',
        cancel_at: '2026-12-20T17:00:00.000Z',
        current_period_end: '2026-12-20T17:00:00.000Z',
      },
      after: {
        id: 3,
        status: 'CANCELLED',
        cancel_at: '2026-12-20T17:00:00.000Z',
        current_period_end: '2026-12-20T17:00:00.000Z',
      },
    },
    ['Subscription: Pending cancellation → Cancelled'],
  ],
  [
    'a renewal',
    {
      entity: 'subscription',
      before: { id: 3, status: 'ACTIVE', cancel_at: null, current_period_end: '2026-12-20T17:00:00.000Z' },
      after: { id: 3, status: 'ACTIVE', cancel_at: null, current_period_end: '2027-12-20T17:00:00.000Z' },
    },
    ['Paid until: 12-20-2026 12:00:00 PM EST → 12-20-2027 12:00:00 PM EST'],
  ],
  [
    'kiosk mode',
    {
      entity: 'device',
      before: { name: 'Living-room iPad', is_kiosk_mode: false },
      after: { name: 'Living-room iPad', is_kiosk_mode: true },
    },
    ["Device 'Living-room iPad': kiosk mode on"],
  ],
  [
    'a tablet connected by staff',
    { entity: 'device', after: { id: 3, name: 'Maya’s tablet' } },
    ["Tablet connected: 'Maya’s tablet'"],
  ],
  [
    'a pairing code checked',
    { entity: 'device_pairing', after: { user_code: 'WDJB-MJHT' } },
    ['Tablet pairing code checked'],
  ],
  ['a tablet declined', { entity: 'device_pairing', after: { detail: 'Declined.' } }, ['Tablet declined']],
  [
    'a support ticket',
    { entity: 'support_ticket', after: { id: 8, subject: 'Tablet will not pair' } },
    ["Support ticket sent: 'Tablet will not pair'"],
  ],
  ['a share link revoked', { entity: 'share_link', after: { id: 2 } }, ['Clinician share link revoked']],
  [
    'a webinar created',
    {
      entity: 'webinar',
      after: { title: 'Calm evenings', starts_at: '2026-12-01T23:00:00.000Z', capacity: 50, cancelled_at: null },
    },
    ["Webinar created: 'Calm evenings', 12-01-2026 6:00:00 PM EST"],
  ],
  [
    'a webinar moved',
    {
      entity: 'webinar',
      before: { title: 'Calm evenings', capacity: 50, cancelled_at: null },
      after: { title: 'Calm evenings', capacity: 80, cancelled_at: null },
    },
    ["Webinar 'Calm evenings': Places: 50 → 80"],
  ],
  [
    'a shipping address changed',
    {
      entity: 'shipping',
      before: {
        address_1: '1 Main St',
        address_2: '',
        city: 'Springfield',
        state: 'IL',
        zipcode: '62701',
        country: 'US',
      },
      after: {
        address_1: '9 Oak Ave',
        address_2: 'Apt 2',
        city: 'Chicago',
        state: 'IL',
        zipcode: '60601',
        country: 'US',
      },
    },
    ['Shipping address: 1 Main St, Springfield, IL 62701, US → 9 Oak Ave, Apt 2, Chicago, IL 60601, US'],
  ],
  [
    'an entity without a wording says its plain action',
    { entity: 'billing', action: 'Write a staff note on an account (Idempotency-Key honoured)', after: { id: 1 } },
    ['Write a staff note on an account'],
  ],
  [
    'a write that changed nothing visible says its plain action',
    {
      entity: 'account',
      action: 'Change an account’s status',
      before: { account_status: 'ACTIVE' },
      after: { account_status: 'ACTIVE' },
    },
    ['Change an account’s status'],
  ],
];

describe('describeAuditEntry', () => {
  it.each(CASES)('%s', (_name, overrides, expected) => {
    expect(describeAuditEntry(entry(overrides), context)).toEqual(expected);
  });

  it('has a case above for every wording', () => {
    const covered = new Set(CASES.map(([, overrides]) => overrides.entity));
    expect(Object.keys(AUDIT_WORDINGS).filter((entity) => !covered.has(entity))).toEqual([]);
  });

  it('never shows raw JSON, whatever the row holds', () => {
    for (const entity of [...Object.keys(AUDIT_WORDINGS), 'unknown']) {
      for (const [before, after] of [
        [null, null],
        [{ odd: { nested: true } }, { odd: [1, 2] }],
        [null, 'text'],
      ] as const) {
        for (const line of describeAuditEntry(entry({ entity, before, after }), {})) {
          expect(line, entity).not.toMatch(/[{}"]/);
        }
      }
    }
  });
});

describe('quoted and plainAction', () => {
  it('cuts long notes on one line and keeps short ones', () => {
    expect(quoted('a\n  b')).toBe("'a b'");
    expect(quoted('x'.repeat(200))).toBe(`'${'x'.repeat(119)}…'`);
  });

  it('drops the developer’s notes from an action', () => {
    expect(plainAction('Refund an invoice (Idempotency-Key honoured)')).toBe('Refund an invoice');
    expect(plainAction('  ')).toBe('A change');
  });
});
