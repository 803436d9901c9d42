/**
 * Demo household data: every family's devices (the core seed's tablet now in use, a child's tablet
 * in kiosk mode, and for some families a third tablet whose kiosk change is still waiting for the
 * device to pick it up), shipping addresses of a few demo parents (the others show the address of
 * their order), a second caregiver on the main demo family (a demo login) and an invited one, the
 * main family's note to its coach, a few customer interactions and remembered user actions.
 *
 * Deterministic like the other seeders: everything comes from the seed's generator and `now`. The
 * one exception is each device's token hash, a hash of random bytes: no demo token can be guessed
 * from the source (a device gets a usable token when a parent or staff member issues one).
 */
import { randomBytes } from 'node:crypto';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { hashToken } from '../../modules/auth/auth.tokens.ts';
import { accounts, customerInteractions, devices, userActions, users, userShipping } from '../schema/index.ts';
import type { SeedContext, SeededPlayer } from './context.ts';

const CHUNK = 1000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

async function inChunks<T>(items: T[], run: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += CHUNK) await run(items.slice(i, i + CHUNK));
}

/** The main demo family's second caregiver signs in with the demo password (demo-logins.ts). */
export const DEMO_CAREGIVER_EMAIL = 'caregiver@example.com';
const INVITED_CAREGIVER_EMAIL = 'helen.parker@example.com';

/** Where a few named demo parents want their packages (the others fall back to their order's address). */
const SHIPPING = [
  {
    email: 'parent@example.com',
    address1: '48 Willow Creek Drive',
    address2: '',
    city: 'Raleigh',
    state: 'NC',
    zipcode: '27606',
  },
  {
    email: 'parent2@example.com',
    address1: '2150 North Halsted Street',
    address2: 'Unit 3',
    city: 'Chicago',
    state: 'IL',
    zipcode: '60614',
  },
  {
    email: 'magellan@example.com',
    address1: '915 Pearl Street',
    address2: '',
    city: 'Boulder',
    state: 'CO',
    zipcode: '80302',
  },
  {
    email: 'paused@example.com',
    address1: '77 Lakeview Terrace',
    address2: 'Apt 2B',
    city: 'Madison',
    state: 'WI',
    zipcode: '53703',
  },
];

const CUSTOM_NOTE =
  'Maya does best right after school, before dinner. Eli gets frustrated when he loses a chase — ' +
  'please keep his speed gentle for now. Evenings after 7 pm are the best time to call us.';

const INTERACTIONS = [
  {
    kind: 'call',
    direction: 'outbound',
    topic: 'onboarding',
    outcome: 'resolved',
    summary: 'Welcome call: walked through the first week and the heart-rate gauge.',
  },
  {
    kind: 'email',
    direction: 'inbound',
    topic: 'technical',
    outcome: 'resolved',
    summary: 'Asked how to keep the tablet in the game only (kiosk mode).',
  },
  {
    kind: 'video',
    direction: 'outbound',
    topic: 'check_in',
    outcome: 'follow_up',
    summary: 'Monthly check-in: cooldowns are getting faster; agreed to raise the chase speed.',
  },
  {
    kind: 'sms',
    direction: 'outbound',
    topic: 'check_in',
    outcome: null,
    summary: 'Reminder about Thursday’s coaching call.',
  },
  {
    kind: 'chat',
    direction: 'inbound',
    topic: 'billing',
    outcome: 'escalated',
    summary: 'Shipping question about the replacement sensor strap.',
  },
] as const;

const newTokenHash = () => hashToken(randomBytes(32).toString('base64url'));

/** Two or three devices per family with players; one in kiosk mode, sometimes one still pending. */
async function seedDevices(ctx: SeedContext, namedAccountIds: Set<number>) {
  const { db, rng, now } = ctx;
  const childOf = new Map<number, SeededPlayer>();
  for (const player of ctx.players) if (!childOf.has(player.accountId)) childOf.set(player.accountId, player);
  const families = [...childOf.keys()].sort((a, b) => a - b);

  // The core seed's tablet has been in use: it runs what it was last told, holds a device token
  // (a hash of random bytes) and was seen lately.
  await inChunks(families, async (ids) => {
    await db
      .update(devices)
      .set({
        kioskModeOnDevice: sql`${devices.isKioskMode}`,
        tokenHash: sql`encode(sha256(convert_to(gen_random_uuid()::text, 'UTF8')), 'hex')`,
        lastSeenAt: sql`${now.toISOString()}::timestamptz - ((${devices.id} % 72) * interval '1 hour')`,
        // Set up the day after the family joined (at least four days ago).
        createdAt: sql`least(
          (select ${accounts.createdAt} from ${accounts} where ${accounts.id} = ${devices.accountId}) + interval '1 day',
          ${now.toISOString()}::timestamptz - interval '4 days')`,
      })
      .where(inArray(devices.accountId, ids));
  });

  const rows: (typeof devices.$inferInsert)[] = [];
  for (const accountId of families) {
    const child = childOf.get(accountId)!;
    const since = child.startedAt.getTime();
    rows.push({
      accountId,
      name: `${child.name}'s tablet`,
      platform: 'tablet',
      isKioskMode: true,
      kioskModeOnDevice: true,
      tokenHash: newTokenHash(),
      lastSeenAt: new Date(now.getTime() - rng.int(1, 48) * HOUR),
      createdAt: new Date(Math.min(now.getTime() - 3 * DAY, since + rng.int(1, 10) * DAY)),
    });
    if (namedAccountIds.has(accountId) || rng.chance(0.35)) {
      // Kiosk mode was just asked for: the tablet has not read its settings since.
      rows.push({
        accountId,
        name: 'Living room tablet',
        platform: 'tablet',
        isKioskMode: true,
        kioskModeOnDevice: false,
        tokenHash: newTokenHash(),
        lastSeenAt: new Date(now.getTime() - rng.int(2, 6) * DAY),
        createdAt: new Date(Math.min(now.getTime() - 7 * DAY, since + rng.int(10, 40) * DAY)),
      });
    }
  }
  await inChunks(rows, (chunk) => db.insert(devices).values(chunk));
}

export async function seedHouseholdData(ctx: SeedContext): Promise<void> {
  const { db, rng, now, passwordHash, log } = ctx;
  const named = await db
    .select({
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      accountId: users.accountId,
      billingStatus: users.billingStatus,
      coachUserId: accounts.coachUserId,
    })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(
      inArray(users.email, [
        'parent@example.com',
        'parent2@example.com',
        'magellan@example.com',
        'paused@example.com',
        'cancelled@example.com',
      ]),
    )
    .orderBy(asc(users.id));
  const byEmail = new Map(named.map((row) => [row.email, row]));
  const namedAccountIds = new Set(named.map((row) => row.accountId!));

  await seedDevices(ctx, namedAccountIds);

  const shipping = SHIPPING.flatMap(({ email, ...address }) => {
    const parent = byEmail.get(email);
    return parent
      ? [
          {
            userId: parent.userId,
            ...address,
            country: 'US',
            updatedAt: new Date(now.getTime() - rng.int(5, 60) * DAY),
          },
        ]
      : [];
  });
  if (shipping.length) await db.insert(userShipping).values(shipping);

  const staff = await db.select({ id: users.id }).from(users).where(eq(users.isStaff, true)).orderBy(asc(users.id));
  const main = byEmail.get('parent@example.com');
  if (main) {
    await db.insert(users).values([
      {
        email: DEMO_CAREGIVER_EMAIL,
        firstName: 'Jesse',
        lastName: main.lastName,
        phonenumber: '9195550188',
        country: 'US',
        accountId: main.accountId,
        billingStatus: main.billingStatus,
        isBillingUser: false,
        passwordHash,
        lastLoginAt: new Date(now.getTime() - 2 * DAY),
        createdAt: new Date(now.getTime() - 120 * DAY),
      },
      {
        // Invited three days ago; has not set a password yet.
        email: INVITED_CAREGIVER_EMAIL,
        firstName: 'Helen',
        lastName: main.lastName,
        country: 'US',
        accountId: main.accountId,
        billingStatus: main.billingStatus,
        isBillingUser: false,
        passwordHash: null,
        createdAt: new Date(now.getTime() - 3 * DAY),
      },
    ]);
    await db
      .update(accounts)
      .set({
        customNote: CUSTOM_NOTE,
        customNoteUpdatedAt: new Date(now.getTime() - 10 * DAY),
        customNoteUpdatedBy: main.userId,
      })
      .where(eq(accounts.id, main.accountId!));
    await db.insert(userActions).values([
      { userId: main.userId, action: 'opened_game_directions', createdAt: new Date(now.getTime() - 300 * DAY) },
      { userId: main.userId, action: 'invited_caregiver', createdAt: new Date(now.getTime() - 120 * DAY) },
      { userId: main.userId, action: 'opened_community', createdAt: new Date(now.getTime() - 40 * DAY) },
    ]);
  }

  // A few conversations with the named families, by their coach (or staff when they have none).
  const interactions: (typeof customerInteractions.$inferInsert)[] = [];
  for (const family of named) {
    const count = family.email === 'parent@example.com' ? INTERACTIONS.length : rng.int(1, 3);
    const everyDays = rng.int(12, 30);
    for (let i = 0; i < count; i++) {
      const item = INTERACTIONS[i % INTERACTIONS.length]!;
      const occurredAt = new Date(now.getTime() - (count - i) * everyDays * DAY - rng.int(0, 8) * HOUR);
      const author = item.kind === 'chat' || family.coachUserId === null ? (staff[0]?.id ?? null) : family.coachUserId;
      interactions.push({
        accountId: family.accountId!,
        kind: item.kind,
        direction: item.direction,
        topic: item.topic,
        outcome: item.outcome,
        summary: item.summary,
        occurredAt,
        createdByUserId: author,
        createdAt: new Date(occurredAt.getTime() + HOUR),
      });
    }
  }
  if (interactions.length) await db.insert(customerInteractions).values(interactions);
  log(`seeded household data (devices, ${shipping.length} addresses, caregivers, ${interactions.length} interactions)`);
}
