/**
 * The people and things of the authorization matrix (authorization-matrix.test.ts). Two families,
 * A ("own") and B ("another's"), each with everything a route can name: a subscription and its
 * invoice (bought through the sandbox checkout), a second member, a player, a device and its token,
 * a staff note, a coaching call, a coach's note, an incomplete profile. A's coach is `coach`, B's is
 * `otherCoach`; `otherParent` and `magellan` (an account tagged magellan) have accounts of their
 * own and no relation to A or B.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../../src/db/client.ts';
import {
  accountNotes,
  accounts,
  coachingCalls,
  coachNotes,
  coachProfiles,
  coachTimeOff,
  devices,
  experimentVariants,
  incompleteProfiles,
  invoices,
  users,
  webinars,
} from '../../src/db/schema/index.ts';
import { hashToken } from '../../src/modules/auth/auth.tokens.ts';
import type { App } from '../../src/lib/types.ts';
import {
  authHeaders,
  createCoach,
  createParent,
  createPlayer,
  createStaff,
  createUser,
  issueAccessToken,
} from '../factories.ts';

/** Who calls. `device` is a game device's token; it is asked only on the device routes. */
export const ACTORS = ['anonymous', 'otherParent', 'magellan', 'otherCoach', 'coach', 'parent', 'staff'] as const;
export type Actor = (typeof ACTORS)[number] | 'device';
/** Whose object: A's, B's, one that does not exist, or none (a route without an object). */
export type Obj = 'own' | 'foreign' | 'missing' | 'none';

/** No row has this id (ids are serials far below it), and it passes every id rule. */
export const MISSING_ID = 2_000_000_000;

let sequence = 0;
const uniq = () => `${Date.now().toString(36)}${(sequence++).toString(36)}${randomBytes(2).toString('hex')}`;

export interface Family {
  accountId: number;
  parentId: number;
  headers: Record<string, string>;
  memberId: number;
  playerId: number;
  deviceId: number;
  deviceToken: string;
  noteId: number;
  callId: number;
  coachNoteId: number;
  profileId: number;
  invoiceId: number;
}

export interface World {
  app: App;
  db: Db;
  A: Family;
  B: Family;
  staffId: number;
  coachId: number;
  otherCoachId: number;
  webinarId: number;
  /** The booking calendar of A's coach. */
  widgetId: string;
  timeOff: { own: number; foreign: number };
  headers: Record<Actor, Record<string, string>>;
  /** The person behind each actor's token (none for anonymous and the device). */
  userIds: Partial<Record<Actor, number>>;
}

async function checkout(app: App) {
  const email = `matrix-${uniq()}@example.com`;
  const order = await app.inject({
    method: 'POST',
    url: '/api/v2/billing/order/',
    payload: {
      plan_tag: 'default',
      first_name: 'Dana',
      last_name: 'Matrix',
      email,
      phonenumber: '2015550123',
      country: 'US',
      shipping: { address_1: '12 Elm Street', city: 'Springfield', state: 'IL', zipcode: '62701', country: 'US' },
    },
  });
  expect(order.statusCode, order.body).toBe(201);
  const confirmed = await app.inject({
    method: 'POST',
    url: '/api/v2/billing/order/confirm/',
    payload: {
      order: order.json().external_id,
      payment_method: { card: { number: '4242424242424242', exp_month: 12, exp_year: 2035, cvc: '123' } },
      consent: true,
    },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return confirmed.json().subscription.account_id as number;
}

/** A fresh device of the account, with a device token; its id and token. */
export async function newDevice(db: Db, accountId: number) {
  const token = `device-${uniq()}`;
  const [device] = await db
    .insert(devices)
    .values({ accountId, name: 'Tablet', tokenHash: hashToken(token) })
    .returning();
  return { id: device!.id, token };
}

export async function newMember(db: Db, accountId: number) {
  return (await createUser(db, { accountId, firstName: 'Care', lastName: 'Giver' })).id;
}

export async function newNote(db: Db, accountId: number, authorUserId: number) {
  const [note] = await db.insert(accountNotes).values({ accountId, authorUserId, text: 'Matrix note' }).returning();
  return note!.id;
}

export async function newCoachNote(db: Db, accountId: number, coachUserId: number) {
  const [note] = await db.insert(coachNotes).values({ accountId, coachUserId, body: 'Matrix coach note' }).returning();
  return note!.id;
}

export async function newTimeOff(db: Db, coachUserId: number) {
  const startsAt = new Date(Date.now() + 40 * 86_400_000 + sequence++ * 7_200_000);
  const [row] = await db
    .insert(coachTimeOff)
    .values({ coachUserId, startsAt, endsAt: new Date(startsAt.getTime() + 3_600_000), reason: 'Matrix' })
    .returning();
  return row!.id;
}

export async function newProfile(db: Db, accountId: number) {
  const [row] = await db
    .insert(incompleteProfiles)
    .values({ accountId, playerName: `Profile ${uniq()}` })
    .returning();
  return row!.id;
}

async function family(app: App, db: Db, coachUserId: number, staffId: number, offsetDays: number): Promise<Family> {
  const accountId = await checkout(app);
  await db.update(accounts).set({ coachUserId }).where(eq(accounts.id, accountId));
  const [parent] = await db.select().from(users).where(eq(users.accountId, accountId));
  const player = await createPlayer(db, accountId, { name: `Player ${uniq()}` });
  const device = await newDevice(db, accountId);
  const startsAt = new Date(Date.now() + offsetDays * 86_400_000);
  const [call] = await db
    .insert(coachingCalls)
    .values({ accountId, coachUserId, startsAt, endsAt: new Date(startsAt.getTime() + 1_800_000) })
    .returning();
  const [invoice] = await db.select().from(invoices).where(eq(invoices.accountId, accountId));
  await db.insert(experimentVariants).values({ playerId: player.id, campaignName: 'matrix', variantName: 'b' });
  return {
    accountId,
    parentId: parent!.id,
    headers: authHeaders(await issueAccessToken(db, parent!.id)),
    memberId: await newMember(db, accountId),
    playerId: player.id,
    deviceId: device.id,
    deviceToken: device.token,
    noteId: await newNote(db, accountId, staffId),
    callId: call!.id,
    coachNoteId: await newCoachNote(db, accountId, coachUserId),
    profileId: await newProfile(db, accountId),
    invoiceId: invoice!.id,
  };
}

export async function buildWorld(app: App, db: Db): Promise<World> {
  const staff = await createStaff(db);
  const coach = await createCoach(db);
  const otherCoach = await createCoach(db);
  const widgetId = `widget-${uniq()}`;
  await db.insert(coachProfiles).values({ userId: coach.user.id, widgetId });
  await db.insert(coachProfiles).values({ userId: otherCoach.user.id, widgetId: `widget-${uniq()}` });
  const A = await family(app, db, coach.user.id, staff.user.id, 10);
  const B = await family(app, db, otherCoach.user.id, staff.user.id, 11);
  const otherParent = await createParent(db, { players: ['Other'] });
  const magellan = await createParent(db, { players: ['Magellan'], tags: ['magellan'] });
  const [webinar] = await db
    .insert(webinars)
    .values({
      title: 'Matrix webinar',
      startsAt: new Date(Date.now() + 20 * 86_400_000),
      capacity: 50,
      joinUrl: 'https://example.com/join',
    })
    .returning();
  return {
    app,
    db,
    A,
    B,
    staffId: staff.user.id,
    coachId: coach.user.id,
    otherCoachId: otherCoach.user.id,
    webinarId: webinar!.id,
    widgetId,
    timeOff: { own: await newTimeOff(db, coach.user.id), foreign: await newTimeOff(db, otherCoach.user.id) },
    headers: {
      anonymous: {},
      parent: A.headers,
      otherParent: otherParent.headers,
      magellan: magellan.headers,
      coach: coach.headers,
      otherCoach: otherCoach.headers,
      staff: staff.headers,
      device: { authorization: `Bearer ${A.deviceToken}` },
    },
    userIds: {
      parent: A.parentId,
      otherParent: otherParent.user.id,
      magellan: magellan.user.id,
      coach: coach.user.id,
      otherCoach: otherCoach.user.id,
      staff: staff.user.id,
    },
  };
}
