/** Users and players as the API answers them, one per kind of person the shell treats differently. */
import { PO_BOX_WARNING, isPoBox, type TimeFrameId } from '@grove/domain';
import type { Account, AccountUser, CustomNote, Device } from '@grove/domain/api/account';
import type { Order } from '@grove/domain/api/billing';
import type { NotificationSettings, ShippingAnswer } from '@grove/domain/api/user';
import type {
  FamilyWeek,
  FamilyWeekPlayer,
  PlayerOverview,
  PlaySession,
  WeeklyActivity,
  WeeklyPlay,
} from '@grove/domain/api/play';
import type { Player, PlayerPage } from '@grove/domain/api/players';
import type { UserInfo } from '@grove/domain/api/user';
import { ONBOARDING_STEPS, type OnboardingStepId } from '@grove/domain';
import type { Onboarding, OnboardingStep, Webinar, WebinarPage } from '@grove/domain/api/webinars';
import type { Brief, CoachNote, CoachProfile, CoachingCall, Family } from '@grove/domain/api/coaching';
import { accountApi } from '@grove/domain/api/endpoints/account';
import { billingApi } from '@grove/domain/api/endpoints/billing';
import { communicationsApi } from '@grove/domain/api/endpoints/communications';
import { playersApi } from '@grove/domain/api/endpoints/players';
import { userApi } from '@grove/domain/api/endpoints/user';
import { DEFAULT_PLAN, YEARLY_PLAN } from '../src/features/checkout/checkout-fixtures.ts';
import { saveTokens } from '../src/lib/session.ts';
import type { FakeRequest, FakeRoute } from './fake-api.ts';

function user(overrides: Partial<UserInfo>): UserInfo {
  const first = overrides.first_name ?? 'Jordan';
  const last = overrides.last_name ?? 'Parker';
  return {
    id: 6,
    first_name: first,
    last_name: last,
    name: `${first} ${last}`,
    full_name: `${first} ${last}`,
    email: 'parent@example.com',
    pending_email: null,
    phonenumber: '2015550123',
    country: 'US',
    social_account: null,
    is_staff: false,
    is_coach: false,
    is_billing_user: true,
    role: 'user',
    account: { id: 1, tags: [], account_status: 'ACTIVE', time_zone: 'America/New_York' },
    billing_status: { status_name: 'ACTIVE' },
    language: null,
    ...overrides,
  };
}

export const USERS = {
  parent: user({}),
  magellan: user({
    id: 8,
    first_name: 'Morgan',
    last_name: 'Reyes',
    email: 'magellan@example.com',
    role: 'magellan_user',
    account: { id: 3, tags: ['Magellan'], account_status: 'ACTIVE', time_zone: 'America/New_York' },
  }),
  coach: user({
    id: 3,
    first_name: 'Casey',
    last_name: 'Morgan',
    email: 'coach@example.com',
    is_coach: true,
    is_billing_user: false,
    role: 'coach',
    account: null,
  }),
  staff: user({
    id: 1,
    first_name: 'Sam',
    last_name: 'Rivera',
    email: 'staff@example.com',
    is_staff: true,
    is_billing_user: true,
    role: 'admin',
    account: null,
  }),
  newFamily: user({
    id: 9,
    first_name: 'Robin',
    last_name: 'Chen',
    email: 'newfamily@example.com',
    account: { id: 4, tags: [], account_status: 'NOT_PURCHASED', time_zone: 'America/New_York' },
    billing_status: { status_name: 'NOT_PURCHASED' },
  }),
  noPlayers: user({
    id: 10,
    first_name: 'Taylor',
    last_name: 'Brooks',
    email: 'noplayers@example.com',
    account: { id: 5, tags: [], account_status: 'ACTIVE', time_zone: 'America/New_York' },
  }),
  cancelled: user({
    id: 11,
    first_name: 'Jamie',
    last_name: 'Foster',
    email: 'cancelled@example.com',
    account: { id: 6, tags: [], account_status: 'ACTIVE', time_zone: 'America/New_York' },
    billing_status: { status_name: 'CANCELLED' },
  }),
} satisfies Record<string, UserInfo>;

type PlayerFixture = {
  id: number;
  name: string;
  in_program?: boolean;
  hr_gauge?: number;
  chase_speed?: number;
  acorns?: number;
};

/** A player record as the API answers it (GET /api/v2/player/{id}/). */
export function playerRecord(player: PlayerFixture, accountId = 1): Player {
  return {
    account: accountId,
    role: 'child',
    in_program: true,
    hr_gauge: 5,
    chase_speed: 5,
    acorns: 0,
    first_play_date: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    ...player,
  };
}

/** One page of an account's players (GET /api/v2/player/accounts/{id}/), links built as the API builds them. */
export function playerPage(players: PlayerFixture[], count = players.length, accountId = 1): PlayerPage {
  return {
    count,
    next: null,
    previous: null,
    results: players.map((fixture) => {
      const player = playerRecord(fixture, accountId);
      return { id: player.id, player, role: player.role, player_name: player.name, in_program: player.in_program };
    }),
  };
}

/** Stores a signed-in session's tokens (access token valid for 15 minutes). */
export function storeSession(): void {
  saveTokens({ access_token: 'access-1', refresh_token: 'refresh-1', expires_in: 900 });
}

/** A home overview answer (GET /api/v1/dashboard/player/{id}/overview/). */
export function overviewAnswer(
  player: { id: number; name: string },
  overrides: Partial<PlayerOverview> = {},
): PlayerOverview {
  const sessions: PlaySession[] = [
    {
      id: 12,
      period_datetime: '2026-11-21T00:16:00.000Z',
      seconds_played: 635,
      acorns_earned: 16,
      hr_rises: 2,
      cool_downs: 2,
    },
    {
      id: 11,
      period_datetime: '2026-11-18T23:43:00.000Z',
      seconds_played: 1658,
      acorns_earned: 30,
      hr_rises: 1,
      cool_downs: 1,
    },
  ];
  return {
    player_id: player.id,
    name: player.name,
    time_zone: 'America/New_York',
    this_week: {
      week_start: '2026-11-16',
      seconds_played: 2293,
      minutes: 38,
      sessions: 2,
      hr_rises: 3,
      cool_downs: 3,
      goal_minutes: 45,
    },
    last_sessions: sessions,
    totals: {
      sessions: 42,
      seconds_played: 50_400,
      hr_rises: 120,
      cool_downs: 95,
      cooldown_events: 130,
      average_cool_down_seconds: 48,
      acorns_earned: 1200,
    },
    hr_gauge: 4,
    chase_speed: 7,
    acorns: 1250,
    first_play_date: '2026-01-05T20:00:00.000Z',
    last_play_date: '2026-11-21T00:16:00.000Z',
    streak: { weeks: 3, this_week_met: false, longest_weeks: 5 },
    ...overrides,
  };
}

/**
 * The family's week (GET /api/v1/dashboard/account/{id}/this_week/): each player's week, last play
 * and streak from its overview fixture, so both answers tell the same story.
 */
export function familyWeekAnswer(
  players: ({ id: number; name: string } & Partial<Pick<PlayerOverview, 'this_week' | 'last_play_date' | 'streak'>>)[],
  accountId = 1,
): FamilyWeek {
  const rows: FamilyWeekPlayer[] = players.map(({ id, name, ...overrides }) => {
    const overview = overviewAnswer({ id, name }, overrides);
    return {
      player_id: id,
      name,
      this_week: overview.this_week,
      last_play_date: overview.last_play_date,
      streak: overview.streak,
    };
  });
  return {
    account_id: accountId,
    time_zone: 'America/New_York',
    week_start: '2026-11-16',
    goal_minutes: 45,
    players: rows,
  };
}

/** A weekly activity answer (GET /api/v2/player/{id}/activity/weekly/). */
export function weeklyAnswer(
  playerId: number,
  timeFrame: TimeFrameId,
  weeks: {
    week_start: string;
    minutes: number;
    sessions: number;
    hr_rises?: number;
    cool_downs?: number;
    average_cool_down_seconds?: number | null;
  }[],
) {
  const full: WeeklyPlay[] = weeks.map((week) => ({
    week_start: week.week_start,
    seconds_played: week.minutes * 60,
    minutes: week.minutes,
    sessions: week.sessions,
    hr_rises: week.hr_rises ?? 0,
    cool_downs: week.cool_downs ?? 0,
    average_cool_down_seconds: week.average_cool_down_seconds ?? null,
  }));
  const answer: WeeklyActivity = {
    player_id: playerId,
    time_frame: timeFrame,
    time_zone: 'America/New_York',
    frame_start: `${weeks[0]?.week_start ?? '2026-11-16'}T05:00:00.000Z`,
    first_play_date: '2026-01-05T20:00:00.000Z',
    goal_minutes: 45,
    total_seconds_played: full.reduce((sum, week) => sum + week.seconds_played, 0),
    total_sessions: full.reduce((sum, week) => sum + week.sessions, 0),
    weeks: full,
  };
  return answer;
}

// The account screen (issue 12): the account, its people and devices, shipping, orders, settings.

/** A person of an account as GET /api/v2/accounts/{id}/ lists them. */
export function accountUserFixture(overrides: Partial<AccountUser> = {}): AccountUser {
  const first = overrides.first_name ?? 'Jordan';
  const last = overrides.last_name ?? 'Parker';
  return {
    id: 6,
    first_name: first,
    last_name: last,
    name: `${first} ${last}`,
    email: 'parent@example.com',
    phonenumber: '2015550123',
    country: 'US',
    is_billing_user: true,
    status: 'active',
    last_login_at: '2026-11-20T15:00:00.000Z',
    ...overrides,
  };
}

/** A tablet of the account; last synced at 10:00 AM New York time on 20 November 2026. */
export function deviceFixture(overrides: Partial<Device> = {}): Device {
  return {
    id: 31,
    name: 'Parker family tablet',
    platform: 'tablet',
    is_kiosk_mode: false,
    kiosk_mode_pending: false,
    last_synced_at: '2026-11-20T15:00:00.000Z',
    has_token: true,
    connecting: false,
    created_at: '2026-01-05T15:00:00.000Z',
    ...overrides,
  };
}

export function accountFixture(overrides: Partial<Account> = {}): Account {
  return {
    id: 1,
    account_status: 'ACTIVE',
    time_zone: 'America/New_York',
    tags: [],
    coach_user: { id: 3, name: 'Casey Morgan' },
    users: [
      accountUserFixture(),
      accountUserFixture({
        id: 14,
        first_name: 'Sam',
        last_name: 'Parker',
        email: 'sam.parker@example.com',
        phonenumber: '',
        is_billing_user: false,
        status: 'invited',
        last_login_at: null,
      }),
    ],
    players: [
      { id: 1, name: 'Maya', in_program: true },
      { id: 2, name: 'Eli', in_program: true },
    ],
    devices: [deviceFixture()],
    created_at: '2025-09-01T15:00:00.000Z',
    ...overrides,
  };
}

export function shippingFixture(user: UserInfo, overrides: Partial<Omit<ShippingAnswer, 'user'>> = {}): ShippingAnswer {
  return {
    address_1: '12 Orchard Lane',
    address_2: '',
    city: 'Springfield',
    state: 'NJ',
    zipcode: '07081',
    country: 'US',
    warnings: {},
    updated_at: '2026-10-01T15:00:00.000Z',
    user,
    ...overrides,
  };
}

/** An order of the family (GET /api/v2/user/info/orders/). */
export function accountOrderFixture(overrides: Partial<Order> = {}): Order {
  return {
    external_id: 'GRV-DEMO-1',
    number: 'GRV-ORD-2026-000001',
    status: 'CONFIRMED',
    plan: YEARLY_PLAN,
    promo_code: null,
    currency: 'usd',
    subtotal_cents: 39000,
    discount_cents: 0,
    total_cents: 39000,
    email: 'parent@example.com',
    first_name: 'Jordan',
    last_name: 'Parker',
    shipping: {
      address_1: '12 Orchard Lane',
      address_2: '',
      city: 'Springfield',
      state: 'NJ',
      zipcode: '07081',
      country: 'US',
    },
    po_box: false,
    date_created: '2025-03-01T14:55:00.000Z',
    date_confirmed: '2025-03-01T15:00:00.000Z',
    trial_ends_at: null,
    account_id: 1,
    ...overrides,
  };
}

/** What the fake server holds for the account screen; the routes below read and change it. */
export type FakeAccount = {
  user: UserInfo;
  account: Account;
  shipping: Omit<ShippingAnswer, 'user'>;
  devices: Device[];
  orders: Order[];
  notifications: NotificationSettings;
  note: CustomNote;
};

export function fakeAccount(user: UserInfo = USERS.parent, overrides: Partial<FakeAccount> = {}): FakeAccount {
  const { user: _user, ...shipping } = shippingFixture(user);
  return {
    user,
    account: accountFixture({ id: user.account?.id ?? 1 }),
    shipping,
    devices: [deviceFixture()],
    orders: [
      accountOrderFixture({
        external_id: 'GRV-DEMO-2',
        status: 'PENDING',
        plan: DEFAULT_PLAN,
        total_cents: 3900,
        date_created: '2026-11-01T15:00:00.000Z',
        date_confirmed: null,
      }),
      accountOrderFixture(),
    ],
    notifications: { weekly_digest: true },
    note: { custom_note: 'Maya plays best after dinner.', updated_at: null, updated_by: null },
    ...overrides,
  };
}

function bodyOf(request: FakeRequest): Record<string, unknown> {
  return (request.body ?? {}) as Record<string, unknown>;
}

function text(body: Record<string, unknown>, key: string): string | undefined {
  return typeof body[key] === 'string' ? body[key] : undefined;
}

/** The fake API of the account screen over `state` (account id from the user). */
export function accountRoutes(state: FakeAccount): FakeRoute[] {
  const accountId = state.account.id;
  const shippingAnswer = (): ShippingAnswer => ({ ...state.shipping, user: state.user });
  const device = (request: FakeRequest): Device => {
    const id = Number(request.path.split('/devices/')[1]?.split('/')[0]);
    const found = state.devices.find((item) => item.id === id);
    if (!found) throw new Error(`no device ${id}`);
    return found;
  };
  const routes: FakeRoute[] = [
    [userApi.info, () => ({ body: state.user })],
    [playersApi.list, { body: playerPage([{ id: 1, name: 'Maya' }], 1, accountId) }, { id: accountId }],
    [accountApi.detail, () => ({ body: state.account }), { id: accountId }],
    [
      userApi.patch,
      (request) => {
        const body = bodyOf(request);
        const email = text(body, 'email');
        const first = text(body, 'first_name') ?? state.user.first_name;
        const last = text(body, 'last_name') ?? state.user.last_name;
        state.user = {
          ...state.user,
          first_name: first,
          last_name: last,
          name: `${first} ${last}`,
          full_name: `${first} ${last}`,
          phonenumber: text(body, 'phonenumber') ?? state.user.phonenumber,
          country: text(body, 'country') ?? state.user.country,
          pending_email: email ?? state.user.pending_email,
        };
        return { body: state.user };
      },
    ],
    [
      userApi.cancelEmailChange,
      () => {
        state.user = { ...state.user, pending_email: null };
        return { body: state.user };
      },
    ],
    [userApi.changePassword, { body: { detail: 'Your password was changed. Other devices were signed out.' } }],
    [userApi.shipping, () => ({ body: shippingAnswer() })],
    [
      userApi.patchShipping,
      (request) => {
        const body = bodyOf(request);
        const next = { ...state.shipping };
        for (const key of ['address_1', 'address_2', 'city', 'state', 'zipcode', 'country'] as const) {
          const value = text(body, key);
          if (value !== undefined) next[key] = value;
        }
        next.warnings = isPoBox(next.address_1) ? { address_1: [PO_BOX_WARNING] } : {};
        state.shipping = next;
        return { body: shippingAnswer() };
      },
    ],
    [
      accountApi.devices,
      () => ({
        body: { count: state.devices.length, next: null, previous: null, results: state.devices },
      }),
      { id: accountId },
    ],
    [billingApi.userOrders, () => ({ body: { count: state.orders.length, results: state.orders } })],
    [userApi.notifications, () => ({ body: state.notifications })],
    [
      userApi.patchNotifications,
      (request) => {
        const on = bodyOf(request).weekly_digest;
        if (typeof on === 'boolean') state.notifications = { weekly_digest: on };
        return { body: state.notifications };
      },
    ],
    [accountApi.customNote, () => ({ body: state.note }), { id: accountId }],
    [
      accountApi.setCustomNote,
      (request) => {
        state.note = {
          custom_note: text(bodyOf(request), 'custom_note') ?? '',
          updated_at: '2026-11-21T15:00:00.000Z',
          updated_by: { id: state.user.id, name: state.user.name },
        };
        return { body: state.note };
      },
      { id: accountId },
    ],
    [
      userApi.setSocialAccount,
      (request) => {
        const body = bodyOf(request);
        const handle = text(body, 'handle') ?? '';
        const provider = text(body, 'provider');
        state.user = {
          ...state.user,
          social_account:
            handle === '' || (provider !== 'facebook' && provider !== 'instagram' && provider !== 'whatsapp')
              ? null
              : { provider, handle },
        };
        return { body: state.user };
      },
    ],
    [
      communicationsApi.sendSms,
      (request) => ({
        status: 201,
        body: {
          id: 1,
          to: text(bodyOf(request), 'phonenumber') ?? '',
          kind: 'app_link',
          status: 'queued',
          created_at: '2026-11-21T15:00:00.000Z',
        },
      }),
    ],
    [
      accountApi.addUser,
      (request) => {
        const body = bodyOf(request);
        const invited = accountUserFixture({
          id: 40 + state.account.users.length,
          first_name: text(body, 'first_name') ?? '',
          last_name: text(body, 'last_name') ?? '',
          email: text(body, 'email') ?? '',
          phonenumber: '',
          is_billing_user: false,
          status: 'invited',
          last_login_at: null,
        });
        state.account = { ...state.account, users: [...state.account.users, invited] };
        return { status: 201, body: { hasErrors: false, user: invited } };
      },
      { id: accountId },
    ],
  ];
  for (const item of state.devices) {
    routes.push([
      accountApi.toggleKiosk,
      (request) => {
        const on = bodyOf(request).is_kiosk_mode === true;
        const changed = { ...device(request), is_kiosk_mode: on, kiosk_mode_pending: true };
        state.devices = state.devices.map((each) => (each.id === changed.id ? changed : each));
        return { body: changed };
      },
      { id: accountId, deviceId: item.id },
    ]);
    routes.push([
      accountApi.renameDevice,
      (request) => {
        const changed = { ...device(request), name: text(bodyOf(request), 'name') ?? '' };
        state.devices = state.devices.map((each) => (each.id === changed.id ? changed : each));
        return { body: changed };
      },
      { id: accountId, deviceId: item.id },
    ]);
    routes.push([
      accountApi.revokeDevice,
      (request) => {
        const changed = { ...device(request), has_token: false };
        state.devices = state.devices.map((each) => (each.id === changed.id ? changed : each));
        return { body: changed };
      },
      { id: accountId, deviceId: item.id },
    ]);
  }
  for (const person of state.account.users) {
    routes.push([
      accountApi.updateUser,
      (request) => {
        const body = bodyOf(request);
        const first = text(body, 'first_name') ?? person.first_name;
        const last = text(body, 'last_name') ?? person.last_name;
        const changed = { ...person, first_name: first, last_name: last, name: `${first} ${last}` };
        state.account = {
          ...state.account,
          users: state.account.users.map((each) => (each.id === person.id ? changed : each)),
        };
        return { body: { hasErrors: false, user: changed } };
      },
      { id: accountId, userId: person.id },
    ]);
    routes.push([
      accountApi.removeUser,
      () => {
        state.account = { ...state.account, users: state.account.users.filter((each) => each.id !== person.id) };
        return { body: { detail: `${person.name} was removed from the account.` } };
      },
      { id: accountId, userId: person.id },
    ]);
    routes.push([
      accountApi.resendInvite,
      { body: { detail: `We sent a new invitation to ${person.email}.` } },
      { id: accountId, userId: person.id },
    ]);
  }
  return routes;
}

// Tutorials and onboarding (issue 13): webinars as the API answers them, and a family's checklist.

/** A tutorial: 23:00 UTC on 2 December 2026 is 6:00 PM in New York, 3:00 PM in Los Angeles. */
export function webinarFixture(overrides: Partial<Webinar> = {}): Webinar {
  return {
    id: 21,
    title: 'Getting started with Grove',
    description: 'A coach shows the games and answers your questions.',
    host_name: 'Casey Morgan',
    starts_at: '2026-12-02T23:00:00.000Z',
    ends_at: '2026-12-02T23:45:00.000Z',
    duration_minutes: 45,
    capacity: 30,
    seats_left: 12,
    is_registered: false,
    join_url: null,
    cancelled: false,
    ...overrides,
  };
}

/** One page of tutorials (GET /api/v2/webinars/list). */
export function webinarPage(webinars: Webinar[], next: string | null = null): WebinarPage {
  return { count: webinars.length, next, previous: null, results: webinars };
}

/**
 * A family's checklist (GET /api/v2/onboarding/): the `passed` steps (passed at 15:00 UTC on
 * 20 November 2026), the others to pass, each in ONBOARDING_STEPS order; the `manual` steps are
 * finished with a click (the server's MARKABLE_STEPS), the others tick themselves.
 */
export function onboardingFixture(
  passed: readonly OnboardingStepId[] = [],
  manual: readonly OnboardingStepId[] = ['pair_band', 'join_tutorial'],
): Onboarding {
  const steps: OnboardingStep[] = ONBOARDING_STEPS.map((step) => ({
    id: step.id,
    title: step.title,
    text: step.text,
    passed_at: passed.includes(step.id) ? '2026-11-20T15:00:00.000Z' : null,
    automatic: !manual.includes(step.id),
  }));
  return {
    passed: steps.filter((step) => step.passed_at !== null),
    to_pass: steps.filter((step) => step.passed_at === null),
  };
}

// Coaching (issue 13): Casey Morgan (user 3) coaches the Parker family (account 1, user 6).

/** Casey Morgan's coach profile (GET /api/v2/coach/profile/3/). */
export function coachProfileFixture(overrides: Partial<CoachProfile> = {}): CoachProfile {
  return {
    id: 3,
    name: 'Casey Morgan',
    first_name: 'Casey',
    title: 'Family coach',
    bio: 'Ten years of helping children find their calm.',
    time_zone: 'America/New_York',
    widget_id: 'coach-3-casey',
    accepts_bookings: true,
    ...overrides,
  };
}

/** A scheduled call of the Parkers: 15:00 UTC on 25 November 2026 is 10:00 AM in New York. */
export function coachingCallFixture(overrides: Partial<CoachingCall> = {}): CoachingCall {
  return {
    id: 41,
    account_id: 1,
    family_name: 'Jordan Parker',
    coach: { id: 3, name: 'Casey Morgan' },
    starts_at: '2026-11-25T15:00:00.000Z',
    ends_at: '2026-11-25T15:30:00.000Z',
    status: 'scheduled',
    summary: '',
    ref: null,
    reschedule_count: 0,
    can_change: true,
    created_at: '2026-11-10T15:00:00.000Z',
    ...overrides,
  };
}

/** A note Casey shared with the Parkers. */
export function coachNoteFixture(overrides: Partial<CoachNote> = {}): CoachNote {
  return {
    id: 51,
    account_id: 1,
    coach: { id: 3, name: 'Casey Morgan' },
    call_id: null,
    player: null,
    body: 'Try a cooldown game before bedtime three times this week.',
    shared: true,
    created_at: '2026-11-12T16:00:00.000Z',
    updated_at: '2026-11-12T16:00:00.000Z',
    ...overrides,
  };
}

/** The Parkers in their coach's family list. */
export function familyFixture(overrides: Partial<Family> = {}): Family {
  return {
    account_id: 1,
    family_name: 'Jordan Parker',
    email: 'parent@example.com',
    time_zone: 'America/New_York',
    players: [
      { id: 1, name: 'Maya' },
      { id: 2, name: 'Eli' },
    ],
    next_call: coachingCallFixture(),
    last_call_at: '2026-10-28T15:00:00.000Z',
    ...overrides,
  };
}

/** The Parkers' brief: Maya's last four weeks (the goal met in the last), a gauge change, a survey. */
export function briefFixture(overrides: Partial<Brief> = {}): Brief {
  const weeks = ['2026-10-26', '2026-11-02', '2026-11-09', '2026-11-16'];
  const minutes = [20, 31, 40, 52];
  return {
    account_id: 1,
    family_name: 'Jordan Parker',
    time_zone: 'America/New_York',
    custom_note: 'Maya plays best after dinner.',
    goal_minutes: 45,
    weeks,
    players: [
      {
        id: 1,
        name: 'Maya',
        weeks: weeks.map((week_start, index) => ({
          week_start,
          seconds_played: (minutes[index] ?? 0) * 60,
          hr_rises: index + 2,
          cool_downs: index + 1,
        })),
        hr_gauge: 4,
        chase_speed: 7,
        acorns: 1250,
        setting_changes: [
          {
            setting: 'hr_gauge',
            old_value: 5,
            new_value: 4,
            reason: 'Adjusted after the check-in call',
            changed_at: '2026-11-03T15:00:00.000Z',
          },
        ],
        survey_answers: [
          { survey: 'Weekly check-in', created_at: '2026-11-15T15:00:00.000Z', payload: { mood: 'calmer' } },
        ],
      },
    ],
    notes: [coachNoteFixture(), coachNoteFixture({ id: 52, shared: false, body: 'Ask about sleep next time.' })],
    upcoming_call: coachingCallFixture(),
    ...overrides,
  };
}
