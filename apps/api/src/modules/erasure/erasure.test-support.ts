/**
 * Test data and table snapshots for erasure.test.ts and retention.test.ts: a family with rows in
 * every table of the schema (the export's family, exports.test-support.ts, and what an erasure
 * needs besides: messages that name a child, attempt counters, stored answers, audit rows, a
 * worker who belongs to the account), and per-table fingerprints of every row, so a test sees
 * exactly which rows went, which appeared and which changed.
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.ts';
import {
  accounts,
  appMeta,
  auditLog,
  coachProfiles,
  coachTimeOff,
  coachWorkingHours,
  deviceAuthorizations,
  devices,
  emailOutbox,
  idempotencyKeys,
  incompleteProfiles,
  loginThrottles,
  oneTimeTokens,
  orders,
  paymentEvents,
  promoCodes,
  sandboxOperations,
  shareLinks,
  smsOutbox,
  subscriptions,
  supportTickets,
  surveyResponses,
  surveys,
} from '../../db/schema/index.ts';
import { createUser, issueAccessToken, authHeaders } from '../../../test/factories.ts';
import { createFamily } from '../exports/exports.test-support.ts';

const DAY = 86_400_000;

/** A word of letters only (the staff search keeps no word with digits): a name no other family has. */
export function uniqueWord(length = 8): string {
  const bytes = randomBytes(length);
  const letters = [...bytes].map((b) => String.fromCharCode(97 + (b % 26))).join('');
  return letters[0]!.toUpperCase() + letters.slice(1);
}

export type RichFamily = Awaited<ReturnType<typeof createRichFamily>>;

/**
 * A family with rows in every table an erasure touches, and the ids of the rows planted for it:
 * the messages and audit rows that name or concern its first child (`maya`), the attempt counters
 * and stored answers of its people. Its subscription has ended (so the account may close).
 */
export async function createRichFamily(db: Db) {
  const mayaName = `Maya ${uniqueWord()}`;
  const eliName = `Eli ${uniqueWord()}`;
  const f = await createFamily(db, [mayaName, eliName]);
  const { accountId, parent, caregiver, coach, staff, maya, eli } = f;
  const caregiverHeaders = authHeaders(await issueAccessToken(db, caregiver.id));
  await db
    .update(accounts)
    .set({
      coachUserId: coach.user.id,
      customNote: `Mornings are best for ${mayaName}.`,
      customNoteUpdatedAt: new Date(),
      customNoteUpdatedBy: parent.user.id,
      experimentalData: { calm_music: true },
    })
    .where(eq(accounts.id, accountId));
  // The subscription ended a while ago, with the parent's own words.
  await db
    .update(subscriptions)
    .set({
      status: 'CANCELLED',
      cancelledAt: new Date(Date.now() - 20 * DAY),
      cancelComment: `${mayaName} lost interest`,
    })
    .where(eq(subscriptions.accountId, accountId));
  // A staff member who belongs to the account (a colleague's family): they leave it, they stay.
  const worker = await createUser(db, { accountId, isStaff: true, firstName: 'Wren', lastName: 'Worker' });

  const [order] = await db
    .select({ externalId: orders.externalId })
    .from(orders)
    .where(eq(orders.accountId, accountId));
  await db.insert(oneTimeTokens).values({
    tokenHash: `ott-${uniqueWord(16)}`,
    userId: caregiver.id,
    purpose: 'password_reset',
    expiresAt: new Date(Date.now() + DAY),
  });

  const throttleKeys = [
    `email:${parent.user.email.toLowerCase()}`,
    `link:${caregiver.email.toLowerCase()}`,
    `sms:${parent.user.id}`,
    `password-change:${caregiver.id}`,
    `device:${uniqueWord(12).toLowerCase()}:${parent.user.id}`,
    `pairing-account:${accountId}`,
  ];
  await db.insert(loginThrottles).values(throttleKeys.map((key) => ({ key, failures: 2 })));

  // The family's tablet was connected with a code the parent approved (docs/decisions/0042).
  const [tablet] = await db.select({ id: devices.id }).from(devices).where(eq(devices.accountId, accountId));
  await db.insert(deviceAuthorizations).values({
    deviceCodeHash: `pairing-${uniqueWord(16)}`,
    userCode: 'WDJBMJHT',
    clientId: 'grove-game',
    suggestedName: 'Kitchen tablet',
    status: 'consumed',
    intervalSeconds: 5,
    expiresAt: new Date(Date.now() + 600_000),
    accountId,
    deviceId: tablet!.id,
    approvedBy: parent.user.id,
    decidedAt: new Date(),
  });

  const idempotencyScopes = [
    { scope: `user:${parent.user.id}`, key: `k-${uniqueWord()}`, response: { ok: true } },
    {
      scope: `order:${order!.externalId}`,
      key: `k-${uniqueWord()}`,
      response: { order: { external_id: order!.externalId } },
    },
    {
      scope: `visitor:203.0.113.${Math.floor(Math.random() * 200)}`,
      key: `k-${uniqueWord()}`,
      response: { external_id: order!.externalId, first_name: 'Dana' },
    },
    {
      scope: `user:${staff.user.id}`,
      key: `k-${uniqueWord()}`,
      response: { id: 1, account_id: accountId, text: 'Prefers e-mail' },
    },
  ];
  await db
    .insert(idempotencyKeys)
    .values(idempotencyScopes.map((row) => ({ ...row, requestHash: 'h', statusCode: 201 })));

  // Messages that name the first child, and one that names only the second.
  const mail = (to: { id: number; email: string }, template: string, subject: string, body: string) =>
    db
      .insert(emailOutbox)
      .values({
        toAddress: to.email,
        userId: to.id,
        template,
        subject,
        textBody: body,
        htmlBody: `<p>${body}</p>`,
        provider: 'outbox',
      })
      .returning({ id: emailOutbox.id })
      .then((rows) => rows[0]!.id);
  const parentRef = { id: parent.user.id, email: parent.user.email };
  const caregiverRef = { id: caregiver.id, email: caregiver.email };
  const mailsNamingMaya = [
    await mail(
      parentRef,
      'weekly_digest',
      'Your family’s week in Grove',
      `${mayaName} played 42 of 60 minutes (70%). ${eliName} played 61 of 60 minutes (100%).`,
    ),
    await mail(
      caregiverRef,
      'data_export_ready',
      'Your Grove data export is ready',
      `The copy of ${mayaName}’s data you asked for is ready.`,
    ),
  ];
  const mailNamingEli = await mail(
    caregiverRef,
    'weekly_digest',
    'Your family’s week in Grove',
    `${eliName} played 30 of 60 minutes (50%).`,
  );
  const [text] = await db
    .insert(smsOutbox)
    .values({
      userId: parent.user.id,
      senderUserId: coach.user.id,
      toNumber: '+15035550100',
      body: `${mayaName.split(' ')[0]} did well today! ${mayaName} can try the forest level.\n- Casey, Grove`,
      kind: 'custom',
      template: 'custom',
      provider: 'outbox',
    })
    .returning({ id: smsOutbox.id });
  const [survey] = await db.select({ id: surveys.id }).from(surveys).limit(1);
  // A form about the child filled in before the player was linked, under the same name.
  await db.insert(surveyResponses).values({
    surveyId: survey!.id,
    accountId,
    userId: parent.user.id,
    playerName: ` ${mayaName.toLowerCase()} `,
    payload: { sleep: 'restless' },
  });
  await db.insert(incompleteProfiles).values({ accountId, playerName: mayaName });

  const [mayaLink] = await db.select({ id: shareLinks.id }).from(shareLinks).where(eq(shareLinks.playerId, maya.id));
  const [ticket] = await db
    .select({ id: supportTickets.id })
    .from(supportTickets)
    .where(eq(supportTickets.requesterUserId, parent.user.id));
  const audit = (values: Partial<typeof auditLog.$inferInsert>) =>
    db
      .insert(auditLog)
      .values({
        actorUserId: staff.user.id,
        actorEmail: staff.user.email,
        action: 'Change',
        method: 'PATCH',
        route: '/api/v2/admin/x',
        entity: 'account',
        status: 200,
        ...values,
      })
      .returning({ id: auditLog.id })
      .then((rows) => rows[0]!.id);
  const mayaAudit = [
    await audit({
      entity: 'player',
      entityId: String(maya.id),
      accountId,
      route: '/api/v2/admin/players/:id',
      before: { hr_gauge: 5 },
      after: { hr_gauge: 6 },
      request: { body: { hr_gauge: 6, reason: `${mayaName} is calmer` } },
      reason: `${mayaName} is calmer`,
    }),
    await audit({
      entity: 'share_link',
      entityId: String(mayaLink!.id),
      accountId,
      method: 'POST',
      route: '/api/v2/user/accounts/:id/shares/:shareId/revoke',
      after: { display_name: 'Dr. K' },
    }),
  ];
  const eliAudit = await audit({
    entity: 'player',
    entityId: String(eli.id),
    accountId,
    before: { chase_speed: 4 },
    after: { chase_speed: 5 },
  });
  const familyAudit = [
    ...mayaAudit,
    eliAudit,
    await audit({ entity: 'support_ticket', entityId: String(ticket!.id), accountId: null, after: { status: 'open' } }),
    await audit({ entity: 'shipping', entityId: String(parent.user.id), accountId: null, after: { city: 'Salem' } }),
  ];
  const [auditOfExport] = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(sql`${auditLog.accountId} = ${accountId} and ${auditLog.entity} = 'note'`);
  familyAudit.push(auditOfExport!.id);

  return {
    ...f,
    mayaName,
    eliName,
    caregiverHeaders,
    worker,
    members: [parent.user.id, caregiver.id],
    memberEmails: [parent.user.email.toLowerCase(), caregiver.email.toLowerCase()],
    throttleKeys,
    idempotencyKeys: idempotencyScopes.map((row) => row.key),
    mailsNamingMaya,
    mailNamingEli,
    textNamingMaya: text!.id,
    mayaAudit,
    familyAudit,
  };
}

/**
 * Rows in the tables no family owns (the same for every family, or the coaches' own), so that the
 * snapshots cover every table with at least one row.
 */
export async function fillSharedTables(db: Db, coachId: number) {
  await db
    .insert(promoCodes)
    .values({ code: `SPRING${uniqueWord(4)}`, externalId: `promo_${uniqueWord()}`, percentOff: 10 });
  await db
    .insert(appMeta)
    .values({ key: `erasure-test-${uniqueWord()}`, value: { ok: true } })
    .onConflictDoNothing();
  await db
    .insert(coachProfiles)
    .values({ userId: coachId, widgetId: `w-${uniqueWord()}` })
    .onConflictDoNothing();
  await db.insert(coachWorkingHours).values({ coachUserId: coachId, weekday: 1, startMinute: 540, endMinute: 720 });
  await db.insert(coachTimeOff).values({
    coachUserId: coachId,
    startsAt: new Date(Date.now() + 10 * DAY),
    endsAt: new Date(Date.now() + 11 * DAY),
  });
  await db
    .insert(sandboxOperations)
    .values({ kind: 'charge', objectId: `ch_${uniqueWord()}`, status: 'succeeded', amountCents: 9900 });
  await db
    .insert(paymentEvents)
    .values({ eventId: `evt_${uniqueWord()}`, provider: 'sandbox', type: 'charge.succeeded' });
}

/** The application's tables (schema public). */
export async function publicTables(database: Database): Promise<string[]> {
  const { rows } = await database.executeSql(
    `select table_name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return rows.map((row) => String(row.table_name));
}

/** Each table's rows as fingerprints (md5 of the row as JSON, less `leaveOut` columns) with their multiplicity. */
export type Snapshot = Map<string, Map<string, number>>;

export async function snapshot(database: Database, leaveOut: Record<string, string[]> = {}): Promise<Snapshot> {
  const result: Snapshot = new Map();
  for (const table of await publicTables(database)) {
    result.set(table, await fingerprints(database, table, 'true', leaveOut[table] ?? []));
  }
  return result;
}

/** The fingerprints of the rows of `table` that `where` (SQL over alias t) chooses. */
export async function fingerprints(
  database: Database,
  table: string,
  where: string,
  leaveOut: string[] = [],
): Promise<Map<string, number>> {
  const { rows } = await database.executeSql(
    `select md5((to_jsonb(t) - $1::text[])::text) as h from "${table}" t where ${where}`,
    [leaveOut],
  );
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(String(row.h), (counts.get(String(row.h)) ?? 0) + 1);
  return counts;
}

const minus = (a: Map<string, number>, b: Map<string, number>) => {
  const out = new Map<string, number>();
  for (const [h, n] of a) {
    const left = n - (b.get(h) ?? 0);
    if (left > 0) out.set(h, left);
  }
  return out;
};

export interface TableChange {
  gone: Map<string, number>;
  added: Map<string, number>;
}

/** What changed per table between two snapshots (tables without a change are left out). */
export function changes(before: Snapshot, after: Snapshot): Map<string, TableChange> {
  const out = new Map<string, TableChange>();
  for (const table of new Set([...before.keys(), ...after.keys()])) {
    const b = before.get(table) ?? new Map();
    const a = after.get(table) ?? new Map();
    const change = { gone: minus(b, a), added: minus(a, b) };
    if (change.gone.size > 0 || change.added.size > 0) out.set(table, change);
  }
  return out;
}

export const total = (counts: Map<string, number>) => [...counts.values()].reduce((sum, n) => sum + n, 0);
