import {
  DEVICE_CODE_GRANT_TYPE,
  GAME_CLIENT_ID,
  WEB_CLIENT_ID,
  type BillingStatus,
  type Language,
} from '@grove/domain';
import { eq, sql } from 'drizzle-orm';
import { hashPassword } from '../../lib/passwords.ts';
import { seededRandom, type Random } from '../../lib/random.ts';
import type { Db, Executor, Tx } from '../client.ts';
import { rowsOf } from '../raw.ts';
import { LATEST_GAME_VERSION } from '@grove/domain/admin';
import {
  accounts,
  accountTags,
  appMeta,
  auditLog,
  authSessions,
  devices,
  oauthClients,
  players,
  users,
} from '../schema/index.ts';
import type { SeedContext, SeededPlayer, Seeder } from './context.ts';
import { DEMO_PASSWORD } from './demo-logins.ts';
import { CHILD_NAMES, FIRST_NAMES, LAST_NAMES } from './names.ts';
import { seedBillingData } from './billing.ts';
import { seedHouseholdData } from './household.ts';
import { seedCoachingData } from './coaching.ts';
import { seedPlayData } from './play.ts';
import { seedWebinarData } from './webinars.ts';
import { seedAdminRecords } from './admin-records.ts';
import { seedDigests } from './digests.ts';
import { seedConsentRecords } from '../../modules/privacy/privacy.seed.ts';
import { seedDeletionRequests } from '../../modules/erasure/erasure.seed.ts';

export type { SeedContext, SeededPlayer, Seeder } from './context.ts';

/** Each feature adds the rows its screens need, in order, after the core rows exist. */
export const FEATURE_SEEDERS: Seeder[] = [
  seedPlayData,
  seedBillingData,
  seedHouseholdData,
  seedCoachingData,
  seedWebinarData,
  seedAdminRecords,
  seedConsentRecords,
  seedDeletionRequests,
  seedDigests,
];

const SEED_KEY = 'demo_seed';
/** pg_advisory_xact_lock key: one seed at a time when several instances start at once on PostgreSQL. */
const SEED_LOCK_ID = 4_711_2027;
/** The first row the seed writes: found without the done mark, it shows a seed that stopped midway. */
const FIRST_SEEDED_EMAIL = 'staff@example.com';
const CHUNK = 1000;
const DAY = 86_400_000;

export interface SeedOptions {
  accounts?: number;
  seed?: number;
  now?: Date;
  log?: (line: string) => void;
  /** Leave out play sessions (hours at 100 000 accounts); the back-office benchmark needs none. */
  withoutPlay?: boolean;
  /** The feature seeders, FEATURE_SEEDERS by default (a test puts in one that fails midway). */
  seeders?: Seeder[];
  /** Where links in the demo data's e-mails point (config.publicUrl); http://localhost:3000 by default. */
  publicUrl?: string;
}

/**
 * A valid US number in the 555-0100…0199 range set aside for fiction, under real area codes, so a
 * demo profile can be saved and texted to as it is.
 */
const DEMO_AREA_CODES = ['201', '202', '312', '415', '512', '617', '720', '919', '206', '303'] as const;
function demoPhone(index: number): string {
  return `${DEMO_AREA_CODES[index % DEMO_AREA_CODES.length]}55501${String(index % 100).padStart(2, '0')}`;
}

/** Data every installation needs, demo or not: the registered OAuth clients. */
export async function seedEssentials(db: Db) {
  await db
    .insert(oauthClients)
    .values([
      { clientId: WEB_CLIENT_ID, name: 'Grove web portal', grantTypes: ['password', 'refresh_token'] },
      // The same row as migration 0012 writes: the game may also use device codes (RFC 8628).
      {
        clientId: GAME_CLIENT_ID,
        name: 'Grove game app',
        grantTypes: ['password', 'refresh_token', DEVICE_CODE_GRANT_TYPE],
      },
    ])
    .onConflictDoNothing();
}

export async function isSeeded(db: Executor): Promise<boolean> {
  const rows = await db.select().from(appMeta).where(eq(appMeta.key, SEED_KEY)).limit(1);
  return rows.length > 0;
}

async function insertChunks<T>(items: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < items.length; i += CHUNK) await insert(items.slice(i, i + CHUNK));
}

function emailSafe(text: string) {
  return text.normalize('NFD').replace(/[^\w]/g, '').toLowerCase();
}

type Billing = BillingStatus;

interface AccountPlan {
  email: string;
  firstName: string;
  lastName: string;
  accountStatus: 'ACTIVE' | 'NOT_PURCHASED';
  billing: Billing;
  tags: string[];
  coachIndex: number | null;
  childNames: string[];
  monthsAgo: number;
  timeZone: string;
  /** The language the parent chose (null: never chose, English). */
  language?: Language;
}

const TIME_ZONES = ['America/New_York', 'America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles'];
const OTHER_TAGS = ['vip', 'school-pilot', 'referral', 'spanish-speaking', 'sibling-discount'];

function randomBilling(rng: Random): Billing {
  const r = rng.next();
  if (r < 0.7) return 'ACTIVE';
  if (r < 0.72) return 'PAUSED';
  if (r < 0.77) return 'ACTIVE';
  if (r < 0.81) return 'PENDING_CANCELLATION';
  if (r < 0.89) return 'CANCELLED';
  if (r < 0.93) return 'RETURNED';
  return 'PAST_DUE';
}

/**
 * A Spanish-speaking family: the parent chose Spanish (issue 29), so the portal, the e-mails and the
 * texts speak it.
 */
const SPANISH_FAMILY: AccountPlan = {
  email: 'familia@example.com',
  firstName: 'Lucía',
  lastName: 'Hernández',
  accountStatus: 'ACTIVE',
  billing: 'ACTIVE',
  tags: ['spanish-speaking'],
  coachIndex: 2,
  childNames: ['Mateo', 'Valentina'],
  monthsAgo: 8,
  timeZone: 'America/Los_Angeles',
  language: 'es',
};

function planAccounts(rng: Random, total: number): AccountPlan[] {
  const named: AccountPlan[] = [
    {
      email: 'parent@example.com',
      firstName: 'Jordan',
      lastName: 'Parker',
      accountStatus: 'ACTIVE',
      billing: 'ACTIVE',
      tags: ['referral'],
      coachIndex: 0,
      childNames: ['Maya', 'Eli'],
      monthsAgo: 14,
      timeZone: 'America/New_York',
    },
    {
      email: 'parent2@example.com',
      firstName: 'Alex',
      lastName: 'Kim',
      accountStatus: 'ACTIVE',
      billing: 'ACTIVE',
      tags: [],
      coachIndex: 1,
      childNames: ['Zoe'],
      monthsAgo: 9,
      timeZone: 'America/Chicago',
    },
    {
      email: 'magellan@example.com',
      firstName: 'Morgan',
      lastName: 'Reyes',
      accountStatus: 'ACTIVE',
      billing: 'ACTIVE',
      tags: ['Magellan'],
      coachIndex: 2,
      childNames: ['Finn', 'Ivy'],
      monthsAgo: 20,
      timeZone: 'America/Denver',
    },
    {
      email: 'newfamily@example.com',
      firstName: 'Robin',
      lastName: 'Chen',
      accountStatus: 'NOT_PURCHASED',
      billing: 'NOT_PURCHASED',
      tags: [],
      coachIndex: null,
      childNames: [],
      monthsAgo: 0,
      timeZone: 'America/New_York',
    },
    {
      email: 'noplayers@example.com',
      firstName: 'Taylor',
      lastName: 'Brooks',
      accountStatus: 'ACTIVE',
      billing: 'ACTIVE',
      tags: [],
      coachIndex: 0,
      childNames: [],
      monthsAgo: 2,
      timeZone: 'America/New_York',
    },
    {
      email: 'cancelled@example.com',
      firstName: 'Jamie',
      lastName: 'Foster',
      accountStatus: 'ACTIVE',
      billing: 'CANCELLED',
      tags: [],
      coachIndex: 1,
      childNames: ['Otto'],
      monthsAgo: 11,
      timeZone: 'America/Los_Angeles',
    },
    {
      email: 'paused@example.com',
      firstName: 'Priya',
      lastName: 'Natarajan',
      accountStatus: 'ACTIVE',
      billing: 'PAUSED',
      tags: [],
      coachIndex: 2,
      childNames: ['Arjun'],
      monthsAgo: 7,
      timeZone: 'America/Chicago',
    },
    {
      email: 'newkit@example.com',
      firstName: 'Noah',
      lastName: 'Becker',
      accountStatus: 'ACTIVE',
      billing: 'ACTIVE',
      tags: [],
      coachIndex: 0,
      childNames: ['Mila'],
      monthsAgo: 0.3,
      timeZone: 'America/New_York',
    },
    {
      email: 'returning@example.com',
      firstName: 'Sofia',
      lastName: 'Marquez',
      accountStatus: 'ACTIVE',
      billing: 'RETURN_REQUESTED',
      tags: [],
      coachIndex: null,
      childNames: ['Lucas'],
      monthsAgo: 0.5,
      timeZone: 'America/New_York',
    },
    {
      // Pays with the renewal-failing sandbox card: its last renewal failed (the dunning banner).
      email: 'pastdue@example.com',
      firstName: 'Dana',
      lastName: 'Okafor',
      accountStatus: 'ACTIVE',
      billing: 'PAST_DUE',
      tags: [],
      coachIndex: 1,
      childNames: ['Theo'],
      monthsAgo: 3.05,
      timeZone: 'America/New_York',
    },
  ];
  const plans = [...named];
  // The Spanish-speaking family comes last, so that the random families' draws stay as they were.
  for (let i = plans.length; i < total - 1; i++) {
    const firstName = rng.pick(FIRST_NAMES);
    const lastName = rng.pick(LAST_NAMES);
    const tags = rng.chance(0.05) ? ['magellan'] : [];
    if (rng.chance(0.2)) tags.push(rng.pick(OTHER_TAGS));
    const playerCount = rng.chance(0.5) ? 1 : rng.chance(0.7) ? 2 : 3;
    const children = new Set<string>();
    while (children.size < playerCount) children.add(rng.pick(CHILD_NAMES));
    plans.push({
      email: `${emailSafe(firstName)}.${emailSafe(lastName)}.${i}@example.com`,
      firstName,
      lastName,
      accountStatus: 'ACTIVE',
      billing: randomBilling(rng),
      tags,
      coachIndex: rng.chance(0.7) ? rng.int(0, 2) : null,
      childNames: [...children],
      monthsAgo: rng.int(6, 24),
      timeZone: rng.pick(TIME_ZONES),
    });
  }
  plans.push(SPANISH_FAMILY);
  return plans.slice(0, Math.max(total, named.length + 1));
}

/**
 * Fills an empty database with a deterministic demo world: staff, coaches and `accounts` parent
 * accounts with their players, then whatever each feature seeder adds. Runs once: a second call
 * on the same database does nothing.
 *
 * All of it is one transaction, marked done (app_meta demo_seed) inside it: a seed stopped midway
 * (a crash, SIGKILL, a failed statement) leaves nothing, and the next start seeds again. A database
 * that an earlier version left half-seeded is detected and finished (finishInterruptedSeed).
 */
export async function seedDemoData(db: Db, options: SeedOptions = {}): Promise<{ seeded: boolean; accounts: number }> {
  await seedEssentials(db);
  if (await isSeeded(db)) return { seeded: false, accounts: 0 };
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    // Another instance seeding at the same moment (PostgreSQL) holds the lock; when it commits,
    // this one finds the mark and adds nothing.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    if (await isSeeded(tx)) return { seeded: false, accounts: 0 };
    await finishInterruptedSeed(tx, options.log ?? (() => undefined));
    return seedWorld(tx, passwordHash, options);
  });
}

/**
 * Versions before the seed ran in one transaction left the rows written so far when stopped
 * midway, and every later start failed on a duplicate key. Such a database holds the first demo
 * rows but no done mark, and the server never listened on it. Unless someone has signed in since
 * (it was then used without demo data: left alone, with a message), its rows are removed here, in
 * the seed's transaction, and the seed starts over. The registered OAuth clients, app_meta and the
 * (append-only, empty: the seed writes none) audit log stay; the migrations (schema drizzle) and the
 * job queue (schema pgboss) are not touched.
 */
async function finishInterruptedSeed(tx: Executor, log: (line: string) => void) {
  const [first] = await tx.select({ id: users.id }).from(users).where(eq(users.email, FIRST_SEEDED_EMAIL)).limit(1);
  if (!first) return;
  const [signedIn] = await tx.select({ id: authSessions.id }).from(authSessions).limit(1);
  const [audited] = await tx.select({ id: auditLog.id }).from(auditLog).limit(1);
  if (signedIn || audited) {
    throw new Error(
      'The database holds part of the demo data (a first start that stopped while seeding) but has been used ' +
        'since (someone signed in or an audited change was made), so it is left as it is. Start with SEED_DEMO_DATA=false to keep it, or ' +
        'start on an empty database to get the demo data.',
    );
  }
  const tables = rowsOf<{ tablename: string }>(
    await tx.execute(sql`
      select tablename from pg_tables
       where schemaname = 'public' and tablename not in ('oauth_clients', 'app_meta', 'audit_log')
       order by tablename`),
  ).map((row) => `"public"."${row.tablename.replace(/"/g, '""')}"`);
  if (tables.length) await tx.execute(sql.raw(`truncate ${tables.join(', ')} restart identity cascade`));
  log('removed the demo data of a seed that stopped midway; seeding again');
}

async function seedWorld(
  db: Tx,
  passwordHash: string,
  options: SeedOptions,
): Promise<{ seeded: boolean; accounts: number }> {
  const log = options.log ?? (() => undefined);
  const rng = seededRandom(options.seed ?? 2026);
  const now = options.now ?? new Date();

  const staffAndCoaches = await db
    .insert(users)
    .values([
      {
        email: 'staff@example.com',
        phonenumber: '6175550140',
        firstName: 'Sam',
        lastName: 'Rivera',
        isStaff: true,
        isBillingUser: true,
        billingStatus: 'ACTIVE',
        passwordHash,
      },
      {
        email: 'support@example.com',
        phonenumber: '6175550141',
        firstName: 'Dana',
        lastName: 'Whitfield',
        isStaff: true,
        billingStatus: 'ACTIVE',
        passwordHash,
      },
      {
        email: 'coach@example.com',
        phonenumber: '9195550142',
        firstName: 'Casey',
        lastName: 'Morgan',
        isCoach: true,
        billingStatus: 'ACTIVE',
        passwordHash,
      },
      {
        email: 'coach2@example.com',
        phonenumber: '3125550143',
        firstName: 'Riley',
        lastName: 'Okafor',
        isCoach: true,
        billingStatus: 'ACTIVE',
        passwordHash,
      },
      {
        email: 'coach3@example.com',
        phonenumber: '7205550144',
        firstName: 'Avery',
        lastName: 'Lindqvist',
        isCoach: true,
        billingStatus: 'ACTIVE',
        passwordHash,
      },
    ])
    .returning({ id: users.id, isCoach: users.isCoach });
  const coachIds = staffAndCoaches.filter((u) => u.isCoach).map((u) => u.id);

  const plans = planAccounts(rng, options.accounts ?? 200);
  const accountIds: number[] = [];
  const seededPlayers: SeededPlayer[] = [];

  await insertChunks(plans, async (chunk) => {
    const created = await db
      .insert(accounts)
      .values(
        chunk.map((p) => ({
          accountStatus: p.accountStatus,
          timeZone: p.timeZone,
          coachUserId: p.coachIndex === null ? null : (coachIds[p.coachIndex] ?? null),
          createdAt: new Date(now.getTime() - p.monthsAgo * 30.4 * DAY),
          // Families of a year and a half or more still run the previous game version (staff migrate them).
          gameVersion: p.monthsAgo >= 18 ? LATEST_GAME_VERSION - 1 : LATEST_GAME_VERSION,
        })),
      )
      .returning({ id: accounts.id });
    const ids = created.map((c) => c.id);
    accountIds.push(...ids);

    await db.insert(users).values(
      chunk.map((p, i) => ({
        email: p.email,
        firstName: p.firstName,
        lastName: p.lastName,
        phonenumber: demoPhone(i),
        country: 'US',
        accountId: ids[i]!,
        billingStatus: p.billing,
        isBillingUser: p.billing !== 'NOT_PURCHASED',
        passwordHash,
        language: p.language ?? null,
        createdAt: new Date(now.getTime() - p.monthsAgo * 30.4 * DAY),
      })),
    );

    const tagRows = chunk.flatMap((p, i) => p.tags.map((tag) => ({ accountId: ids[i]!, tag })));
    if (tagRows.length) await db.insert(accountTags).values(tagRows);

    const playerRows = chunk.flatMap((p, i) =>
      p.childNames.map((name, n) => ({
        accountId: ids[i]!,
        name,
        role: 'child',
        inProgram: p.billing !== 'CANCELLED' && p.billing !== 'RETURNED',
        hrGauge: rng.int(3, 7),
        chaseSpeed: rng.int(3, 8),
        createdAt: new Date(now.getTime() - (p.monthsAgo * 30.4 - n * 3) * DAY),
      })),
    );
    if (playerRows.length) {
      const createdPlayers = await db
        .insert(players)
        .values(playerRows)
        .returning({ id: players.id, accountId: players.accountId, name: players.name, createdAt: players.createdAt });
      seededPlayers.push(
        ...createdPlayers.map((p) => ({ id: p.id, accountId: p.accountId, name: p.name, startedAt: p.createdAt })),
      );
    }

    const deviceRows = chunk.flatMap((p, i) =>
      p.childNames.length
        ? [
            {
              accountId: ids[i]!,
              name: `${p.lastName} family tablet`,
              platform: 'tablet',
              isKioskMode: rng.chance(0.3),
            },
          ]
        : [],
    );
    if (deviceRows.length) await db.insert(devices).values(deviceRows);
  });
  log(`seeded ${accountIds.length} accounts and ${seededPlayers.length} players`);

  const publicUrl = options.publicUrl ?? 'http://localhost:3000';
  const ctx: SeedContext = { db, rng, now, passwordHash, accountIds, players: seededPlayers, log, publicUrl };
  for (const seeder of options.seeders ?? FEATURE_SEEDERS) {
    if (options.withoutPlay && seeder === seedPlayData) continue;
    await seeder(ctx);
  }

  await db.insert(appMeta).values({ key: SEED_KEY, value: { accounts: accountIds.length, at: now.toISOString() } });
  return { seeded: true, accounts: accountIds.length };
}
