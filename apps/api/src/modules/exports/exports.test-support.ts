/**
 * Test data for exports.test.ts: a family with rows in every table the export reads (two players,
 * two people), and the secrets planted among them, which no export may contain.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  accountNotes,
  accountTags,
  auditLog,
  authSessions,
  coachingCalls,
  coachNotes,
  consentRecords,
  coolDowns,
  cooldownEvents,
  customerInteractions,
  dataExports,
  deletionRequests,
  devices,
  digestSends,
  emailOutbox,
  experimentVariants,
  hrRises,
  incompleteProfiles,
  invoices,
  knownDevices,
  onboardingSteps,
  orders,
  paymentCustomers,
  playerStatChanges,
  playSessions,
  refunds,
  remoteConfigs,
  retentionNotices,
  shareLinks,
  shareLinkViews,
  shipments,
  smsOutbox,
  subscriptionActions,
  subscriptions,
  supportTickets,
  surveyResponses,
  surveys,
  userActions,
  users,
  userShipping,
  webinarRegistrations,
  webinars,
} from '../../db/schema/index.ts';
import { createCoach, createParent, createStaff, createUser } from '../../../test/factories.ts';
import { hashToken } from '../auth/auth.tokens.ts';

const unique = () => randomBytes(6).toString('hex');
const SHIPPING = { address_1: '1 Elm St', address_2: '', city: 'Salem', state: 'OR', zipcode: '97301', country: 'US' };
const DAY = 86_400_000;

/** Rows of one player in every table that names a player. */
async function fillPlayer(
  db: Db,
  ids: { accountId: number; playerId: number; playerName: string; parentId: number; staffId: number; coachId: number },
  surveyId: number,
  secrets: string[],
) {
  const { accountId, playerId } = ids;
  for (let s = 0; s < 2; s++) {
    const at = new Date(Date.UTC(2025, 2, 3 + s, 17));
    const [session] = await db
      .insert(playSessions)
      .values({
        accountId,
        playerId,
        gameSessionId: `fill-${unique()}`,
        periodDatetime: at,
        secondsPlayed: 600 + s,
        hrRiseCount: 3,
        coolDownCount: 2,
        coolDownSeconds: 80,
        cooldownEventCount: 2,
      })
      .returning({ id: playSessions.id });
    const sessionId = session!.id;
    for (let i = 0; i < 3; i++) {
      await db.insert(hrRises).values({ playerId, sessionId, occurredAt: at, startBpm: 90 + i, peakBpm: 120 });
    }
    for (let i = 0; i < 2; i++) {
      await db.insert(coolDowns).values({
        playerId,
        sessionId,
        startedAt: at,
        endedAt: new Date(at.getTime() + 40_000),
        startBpm: 120,
        endBpm: 95,
      });
      await db.insert(cooldownEvents).values({ playerId, sessionId, occurredAt: at, eventType: 'completed', bpm: 100 });
    }
  }
  await db.insert(playerStatChanges).values({
    playerId,
    field: 'hr_gauge',
    oldValue: 5,
    newValue: 6,
    reason: 'Calmer mornings',
    changedBy: ids.staffId,
  });
  await db.insert(experimentVariants).values({ playerId, campaignName: 'trees', variantName: 'oak' });
  await db.insert(surveyResponses).values({
    surveyId,
    accountId,
    userId: ids.parentId,
    playerId,
    playerName: ids.playerName,
    payload: { sleep: 'better' },
  });
  await db
    .insert(coachNotes)
    .values({ accountId, coachUserId: ids.coachId, playerId, body: `About ${ids.playerName}`, shared: false });
  await db.insert(consentRecords).values({
    accountId,
    userId: ids.parentId,
    playerId,
    kind: 'player_added',
    granted: true,
    policyVersion: '2025-01',
  });
  const tokenHash = `share-hash-${unique()}`;
  secrets.push(tokenHash);
  const [link] = await db
    .insert(shareLinks)
    .values({
      accountId,
      playerId,
      tokenHash,
      displayName: 'Dr. K',
      fromDate: '2025-03-01',
      toDate: '2025-03-31',
      expiresAt: new Date(Date.now() + 30 * DAY),
      createdBy: ids.parentId,
    })
    .returning({ id: shareLinks.id });
  await db
    .insert(shareLinkViews)
    .values({ shareLinkId: link!.id, browser: 'Firefox on Linux', network: '203.0.113.0/24' });
  await db.insert(dataExports).values({
    accountId,
    playerId,
    status: 'expired',
    requestedBy: ids.parentId,
    requestedAt: new Date(Date.now() - 10 * DAY),
  });
  await db.insert(deletionRequests).values({
    accountId,
    playerId,
    scope: 'player',
    playerName: ids.playerName,
    status: 'cancelled',
    requestedBy: ids.parentId,
    dueAt: new Date(Date.now() - DAY),
  });
}

export type Family = Awaited<ReturnType<typeof createFamily>>;

/**
 * A family (a parent, a caregiver, two players) with rows in every exported table, its coach and a
 * staff member who worked on it. `secrets` lists what no export may contain.
 */
export async function createFamily(db: Db, playerNames: [string, string] = ['Maya Lopez', 'Eli Lopez']) {
  const secrets: string[] = [];
  const coach = await createCoach(db);
  const staff = await createStaff(db);
  const parent = await createParent(db, {
    players: playerNames,
    user: { firstName: 'Dana', lastName: 'Lopez', passwordHash: `$argon2id$v=19$parent-${unique()}` },
  });
  const accountId = parent.account.id;
  const caregiver = await createUser(db, {
    accountId,
    firstName: 'Sam',
    lastName: 'Lopez',
    passwordHash: `$argon2id$v=19$caregiver-${unique()}`,
  });
  secrets.push(parent.user.passwordHash!, caregiver.passwordHash!, hashToken(parent.token), staff.user.email);
  const [session] = await db
    .select({ id: authSessions.id })
    .from(authSessions)
    .where(eq(authSessions.userId, parent.user.id));
  secrets.push(session!.id);

  const [survey] = await db
    .insert(surveys)
    .values({ slug: `intake-${unique()}`, title: 'Intake' })
    .returning({ id: surveys.id });
  const [webinar] = await db
    .insert(webinars)
    .values({
      title: 'Getting started',
      startsAt: new Date(Date.now() + DAY),
      capacity: 50,
      joinUrl: 'https://example.test/w',
    })
    .returning({ id: webinars.id });

  for (const player of parent.players) {
    await fillPlayer(
      db,
      {
        accountId,
        playerId: player.id,
        playerName: player.name,
        parentId: parent.user.id,
        staffId: staff.user.id,
        coachId: coach.user.id,
      },
      survey!.id,
      secrets,
    );
  }

  const people = [parent.user.id, caregiver.id];
  await db.insert(userShipping).values({ userId: parent.user.id, address1: '1 Elm St', city: 'Salem' });
  await db.insert(userActions).values(people.map((userId) => ({ userId, action: 'tour_seen' })));
  const knownDevice = `known-device-hash-${unique()}`;
  const deviceToken = `device-token-hash-${unique()}`;
  secrets.push(knownDevice, deviceToken);
  await db.insert(knownDevices).values({ tokenHash: knownDevice, userId: parent.user.id });
  await db.insert(devices).values({ accountId, name: 'Kitchen tablet', tokenHash: deviceToken });
  await db.insert(accountTags).values({ accountId, tag: `tag-${unique()}` });
  await db
    .insert(customerInteractions)
    .values({ accountId, kind: 'call', summary: 'Asked about the kit', occurredAt: new Date() });
  await db
    .insert(surveyResponses)
    .values({ surveyId: survey!.id, accountId, userId: caregiver.id, playerName: 'Ari', payload: {} });
  await db.insert(incompleteProfiles).values({ accountId, playerName: 'Ari' });
  await db.insert(remoteConfigs).values({ accountId, configName: 'metagame', configValue: { level: 2 } });
  await db.insert(coachNotes).values({ accountId, coachUserId: coach.user.id, body: 'Family doing well' });
  await db.insert(consentRecords).values({
    accountId,
    userId: parent.user.id,
    kind: 'program_terms',
    granted: true,
    policyVersion: '2025-01',
    ip: '198.51.100.7',
  });
  await db.insert(coachingCalls).values({
    accountId,
    coachUserId: coach.user.id,
    bookedByUserId: parent.user.id,
    startsAt: new Date(Date.now() + 2 * DAY),
    endsAt: new Date(Date.now() + 2 * DAY + 1_800_000),
  });
  await db.insert(accountNotes).values({ accountId, authorUserId: staff.user.id, text: 'Prefers e-mail' });
  await db.insert(onboardingSteps).values({ accountId, step: 'welcome', passedByUserId: parent.user.id });
  await db.insert(webinarRegistrations).values({ webinarId: webinar!.id, userId: parent.user.id });
  await db.insert(supportTickets).values({
    requesterUserId: parent.user.id,
    accountId,
    subject: 'Strap',
    description: 'The strap is loose',
  });
  const [order] = await db
    .insert(orders)
    .values({
      accountId,
      userId: parent.user.id,
      planTag: 'monthly',
      currency: 'usd',
      subtotalCents: 9900,
      totalCents: 9900,
      email: parent.user.email,
      firstName: 'Dana',
      lastName: 'Lopez',
      phonenumber: '5035550100',
      country: 'US',
      shipping: SHIPPING,
    })
    .returning({ id: orders.id });
  const customerId = `cus_${unique()}`;
  const methodId = `pm_${unique()}`;
  secrets.push(customerId, methodId);
  await db.insert(paymentCustomers).values({
    accountId,
    provider: 'sandbox',
    customerId,
    methodId,
    brand: 'visa',
    last4: '4242',
    expMonth: 12,
    expYear: 2030,
  });
  const start = new Date(Date.now() - 5 * DAY);
  const [subscription] = await db
    .insert(subscriptions)
    .values({
      accountId,
      orderId: order!.id,
      planTag: 'monthly',
      status: 'ACTIVE',
      priceCents: 9900,
      currency: 'usd',
      currentPeriodStart: start,
      currentPeriodEnd: new Date(start.getTime() + 30 * DAY),
      returnDeadline: new Date(start.getTime() + 30 * DAY),
    })
    .returning({ id: subscriptions.id });
  await db.insert(subscriptionActions).values({
    accountId,
    subscriptionId: subscription!.id,
    action: 'created',
    toStatus: 'ACTIVE',
    actorUserId: parent.user.id,
  });
  const [invoice] = await db
    .insert(invoices)
    .values({
      number: `INV-${unique()}`,
      accountId,
      subscriptionId: subscription!.id,
      orderId: order!.id,
      billingEntityName: 'Grove Inc.',
      status: 'paid',
      description: 'Monthly plan',
      periodStart: start,
      periodEnd: new Date(start.getTime() + 30 * DAY),
      amountCents: 9900,
      currency: 'usd',
      provider: 'sandbox',
      providerChargeId: `ch_${unique()}`,
      cardLabel: 'Visa •••• 4242',
    })
    .returning({ id: invoices.id });
  await db
    .insert(refunds)
    .values({ invoiceId: invoice!.id, amountCents: 500, reason: 'Late kit', providerRefundId: `re_${unique()}` });
  await db.insert(shipments).values({
    accountId,
    orderId: order!.id,
    kind: 'kit',
    carrier: 'UPS',
    service: 'ground',
    status: 'delivered',
    items: ['kit'],
    shipping: SHIPPING,
  });
  const linkSecret = `reset-secret-${unique()}`;
  secrets.push(linkSecret);
  await db.insert(emailOutbox).values({
    toAddress: parent.user.email,
    subject: 'Reset your password',
    textBody: `Reset it here: https://grove.example/reset?o=${linkSecret}`,
    htmlBody: `<a href="https://grove.example/reset?o=${linkSecret}">Reset</a>`,
    template: 'password_reset',
    provider: 'outbox',
    userId: parent.user.id,
    secrets: [linkSecret],
  });
  await db.insert(smsOutbox).values({
    userId: caregiver.id,
    toNumber: '+15035550101',
    body: 'Your call is tomorrow',
    kind: 'coaching',
    template: 'coaching_reminder',
    provider: 'outbox',
  });
  await db.insert(digestSends).values({ userId: parent.user.id, weekStart: '2025-03-03' });
  await db.insert(dataExports).values({
    accountId,
    status: 'failed',
    requestedBy: caregiver.id,
    requestedAt: new Date(Date.now() - 3 * DAY),
  });
  await db.insert(deletionRequests).values({
    accountId,
    scope: 'account',
    status: 'cancelled',
    requestedBy: parent.user.id,
    dueAt: new Date(Date.now() - DAY),
  });
  await db.insert(retentionNotices).values({ accountId, cancelledAt: new Date(Date.now() - 300 * DAY) });
  await db.insert(auditLog).values({
    actorUserId: staff.user.id,
    actorEmail: staff.user.email,
    action: 'Add a note',
    method: 'POST',
    route: '/api/v2/admin/accounts/:id/notes',
    entity: 'note',
    accountId,
    after: { text: 'Prefers e-mail' },
    status: 201,
  });

  const [maya, eli] = parent.players as [(typeof parent.players)[number], (typeof parent.players)[number]];
  return { parent, caregiver, coach, staff, accountId, maya, eli, people, secrets };
}

/** The people of an account (its users' ids). */
export async function peopleOf(db: Db, accountId: number) {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.accountId, accountId));
  return rows.map((row) => row.id);
}
