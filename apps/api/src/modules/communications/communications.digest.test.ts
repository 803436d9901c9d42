/**
 * The weekly family digest: Monday 08:00 in each family's time zone, one e-mail per opted-in parent
 * per week, with each player's minutes against the goal and the week-over-week comparisons.
 */
import { ACCOUNT_MESSAGES } from '@grove/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createParent, createPlayer, createUser } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { deliverEmails } from '../../../test/outbox.ts';
import { outboxEmailSender } from '../../adapters/email/outbox.sender.ts';
import { accounts, digestSends, emailOutbox, playSessions, users } from '../../db/schema/index.ts';
import { runWeeklyDigest } from './communications.digest.ts';
import { DIGEST_CRON, DIGEST_QUEUE } from './communications.jobs.ts';

const PUBLIC_URL = 'https://portal.grove.test';
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ PUBLIC_URL });
});
afterAll(async () => t?.close());

const run = (iso: string) =>
  runWeeklyDigest({ db: t.db, email: outboxEmailSender(t.db, t.app.jobs), publicUrl: PUBLIC_URL }, new Date(iso));
const digestsOf = (userId: number) =>
  t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.userId, userId), eq(emailOutbox.template, 'weekly_digest')));

let sessionNumber = 0;
async function play(
  accountId: number,
  playerId: number,
  at: string,
  minutes: number,
  hrRiseCount: number,
  coolDownCount: number,
) {
  await t.db.insert(playSessions).values({
    accountId,
    playerId,
    gameSessionId: `digest-${sessionNumber++}`,
    periodDatetime: new Date(at),
    secondsPlayed: minutes * 60,
    hrRiseCount,
    coolDownCount,
  });
}

/** A family in `timeZone`: its parent (with a password, so they can sign in) and players. */
async function family(timeZone: string, playerNames: string[], firstName = 'Jordan') {
  const parent = await createParent(t.db, { players: playerNames, user: { passwordHash: 'argon2-hash', firstName } });
  await t.db.update(accounts).set({ timeZone }).where(eq(accounts.id, parent.account.id));
  return parent;
}

describe('the weekly digest', () => {
  it('is scheduled every hour', async () => {
    const { rows } = await t.database.executeSql('select name, cron from pgboss.schedule where name = $1', [
      DIGEST_QUEUE,
    ]);
    expect(rows).toEqual([{ name: DIGEST_QUEUE, cron: DIGEST_CRON }]);
    expect(DIGEST_CRON).toBe('0 * * * *');
  });

  it('sends one e-mail per opted-in parent per week, on Monday 08:00 in their own time zone', async () => {
    // Auckland (UTC+13 in March): Monday 2 March 08:00 is Sunday 1 March 19:00 UTC.
    const auckland = await family('Pacific/Auckland', ['Maya', 'Leo']);
    const [maya, leo] = auckland.players;
    const caregiver = await createUser(t.db, {
      accountId: auckland.account.id,
      passwordHash: 'argon2-hash',
      firstName: 'Alex',
    });
    const optedOut = await createUser(t.db, { accountId: auckland.account.id, passwordHash: 'x', weeklyDigest: false });
    const noPassword = await createUser(t.db, { accountId: auckland.account.id });
    const inactive = await createUser(t.db, { accountId: auckland.account.id, passwordHash: 'x', isActive: false });
    const coachInAccount = await createUser(t.db, { accountId: auckland.account.id, passwordHash: 'x', isCoach: true });
    const losAngeles = await family('America/Los_Angeles', ['Sam']);
    const noPlayers = await family('Pacific/Auckland', []);

    // Maya, the week reported (Mon 23 Feb – Sun 1 Mar, Auckland): 38 minutes, 4 rises, 12 cooldowns.
    await play(auckland.account.id, maya!.id, '2026-02-24T05:00:00Z', 20, 2, 7);
    await play(auckland.account.id, maya!.id, '2026-03-01T10:30:00Z', 18, 2, 5); // Sunday 23:30 there
    // The week before: 25 minutes, 6 rises, 9 cooldowns.
    await play(auckland.account.id, maya!.id, '2026-02-18T05:00:00Z', 25, 6, 9);
    // This Monday 00:30 there: not part of last week.
    await play(auckland.account.id, maya!.id, '2026-03-01T11:30:00Z', 30, 9, 9);
    // Leo met the goal; nothing the week before.
    await play(auckland.account.id, leo!.id, '2026-02-25T05:00:00Z', 50, 1, 1);

    // 18:59 UTC is 07:59 on Monday in Auckland: not yet.
    expect(await run('2026-03-01T18:59:00Z')).toEqual({ sent: 0 });
    expect(await run('2026-03-01T19:30:00Z')).toEqual({ sent: 2 });
    for (const nobody of [optedOut, noPassword, inactive, coachInAccount, losAngeles.user, noPlayers.user]) {
      expect(await digestsOf(nobody.id)).toEqual([]);
    }

    const [mail] = await digestsOf(auckland.user.id);
    expect(mail).toMatchObject({
      toAddress: auckland.user.email,
      subject: "Your family's week in Grove: 02-23-2026 to 03-01-2026",
      status: 'queued',
      provider: 'outbox',
    });
    const text = mail!.textBody;
    expect(text).toContain('Hello Jordan,');
    expect(text).toContain(
      'Here is how last week went, from Monday 02-23-2026 to Sunday 03-01-2026. The goal is 45 minutes of play a week.',
    );
    expect(text).toContain(
      'Maya played 38 of 45 minutes (7 to go). 4 heart-rate rises (down from 6), 12 cooldowns (up from 9).',
    );
    expect(text).toContain('Maya played more than the week before. Only 7 more minutes to reach the goal!');
    expect(text).toContain(
      'Leo played 50 of 45 minutes (goal reached). 1 heart-rate rise (up from 0), 1 cooldown (up from 0).',
    );
    expect(text).toContain('Wonderful: Leo reached the weekly goal. Keep it up!');
    expect(text).toContain(`${PUBLIC_URL}/dashboard/stats`);
    expect(text).toMatch(new RegExp(`${PUBLIC_URL}/unsubscribe\\?t=u1\\.${auckland.user.id}\\.[A-Za-z0-9_-]{43}\\n`));
    expect(mail!.htmlBody).toContain('>Unsubscribe</a>');
    expect((await digestsOf(caregiver.id))[0]!.textBody).toContain('Hello Alex,');

    const [sendRow] = await t.db.select().from(digestSends).where(eq(digestSends.userId, auckland.user.id));
    expect(sendRow).toMatchObject({ weekStart: '2026-03-02', emailOutboxId: mail!.id });

    // Later the same Monday, and again: nothing more.
    expect(await run('2026-03-01T19:30:00Z')).toEqual({ sent: 0 });
    expect(await run('2026-03-01T23:00:00Z')).toEqual({ sent: 0 });
    expect(await digestsOf(auckland.user.id)).toHaveLength(1);

    // The outbox job delivers it.
    await deliverEmails(t.app.jobs);
    expect((await digestsOf(auckland.user.id))[0]).toMatchObject({ status: 'sent', attempts: 1 });

    // Monday 08:00 in Los Angeles (PST) is 16:00 UTC; by then it is Tuesday in Auckland.
    expect(await run('2026-03-02T15:59:00Z')).toEqual({ sent: 0 });
    expect(await run('2026-03-02T16:00:00Z')).toEqual({ sent: 1 });
    const [la] = await digestsOf(losAngeles.user.id);
    expect(la!.textBody).toContain('from Monday 02-23-2026 to Sunday 03-01-2026');
    expect(la!.textBody).toContain('Sam played 0 of 45 minutes (45 to go).');
    expect(la!.textBody).toContain('No play for Sam last week.');
    expect(await digestsOf(auckland.user.id)).toHaveLength(1);
  });

  it('stops for a parent who follows the opt-out link, and for one who turned it off', async () => {
    const parent = await family('Pacific/Auckland', ['Ivy']);
    const caregiver = await createUser(t.db, { accountId: parent.account.id, passwordHash: 'x' });
    await run('2026-03-08T19:30:00Z'); // Monday 9 March 08:30 in Auckland
    const [mail] = await digestsOf(parent.user.id);
    const token = /\/unsubscribe\?t=(\S+)/.exec(mail!.textBody)![1]!;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/user/notifications/unsubscribe/',
      payload: { token: decodeURIComponent(token) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: ACCOUNT_MESSAGES.unsubscribed });
    const [row] = await t.db.select({ on: users.weeklyDigest }).from(users).where(eq(users.id, parent.user.id));
    expect(row!.on).toBe(false);
    await t.db.update(users).set({ weeklyDigest: false }).where(eq(users.id, caregiver.id));

    await run('2026-03-15T19:30:00Z'); // the next Monday (NZDT still)
    expect(await digestsOf(parent.user.id)).toHaveLength(1);
    expect(await digestsOf(caregiver.id)).toHaveLength(1);
  });

  it('sends once when two runs race for the same week', async () => {
    const parents = [await family('Asia/Kolkata', ['Ravi']), await family('Asia/Kolkata', ['Mina'])];
    // Monday 16 March 08:30 in India (UTC+5:30) is 03:00 UTC.
    const results = await Promise.all([run('2026-03-16T03:00:00Z'), run('2026-03-16T03:00:00Z')]);
    expect(results[0]!.sent + results[1]!.sent).toBe(2);
    for (const parent of parents) {
      expect(await digestsOf(parent.user.id)).toHaveLength(1);
      expect(await t.db.select().from(digestSends).where(eq(digestSends.userId, parent.user.id))).toEqual([
        expect.objectContaining({ weekStart: '2026-03-16' }),
      ]);
    }
  });

  it('leaves out the players who are not in the program', async () => {
    const parent = await family('Europe/Paris', ['Zoé']);
    const outOfProgram = await createPlayer(t.db, parent.account.id, { inProgram: false });
    await play(parent.account.id, outOfProgram.id, '2026-03-17T10:00:00Z', 30, 1, 1);
    await run('2026-03-23T08:00:00Z'); // Monday 09:00 in Paris
    const [mail] = await digestsOf(parent.user.id);
    expect(mail!.textBody).toContain('Zoé played 0 of 45 minutes');
    expect(mail!.textBody).not.toContain(outOfProgram.name);
  });

  it('tells of a streak of goal weeks ending with the week reported, from two weeks on', async () => {
    // Madrid (UTC+1 in March): Monday 16 March 08:00 is 07:00 UTC; the week reported is 9–15 March.
    const madrid = await family('Europe/Madrid', ['Kai', 'Ines']);
    const [kai, ines] = madrid.players;
    for (const tuesday of ['2026-02-24', '2026-03-03', '2026-03-10']) {
      await play(madrid.account.id, kai!.id, `${tuesday}T11:00:00Z`, 50, 0, 0);
    }
    // Ines: a goal week, a week under it, then the goal again: one week in a row, no streak line.
    await play(madrid.account.id, ines!.id, '2026-02-24T11:00:00Z', 50, 0, 0);
    await play(madrid.account.id, ines!.id, '2026-03-03T11:00:00Z', 20, 0, 0);
    await play(madrid.account.id, ines!.id, '2026-03-10T11:00:00Z', 46, 0, 0);
    // Kai's week under way (Monday 16 March, 07:30 in Madrid) is not part of the digest.
    await play(madrid.account.id, kai!.id, '2026-03-16T06:30:00Z', 60, 0, 0);

    expect(await run('2026-03-16T07:00:00Z')).toMatchObject({ sent: expect.any(Number) });
    const text = (await digestsOf(madrid.user.id))[0]!.textBody;
    expect(text).toContain(
      'Wonderful: Kai reached the weekly goal. Keep it up! Kai has reached the goal 3 weeks in a row.',
    );
    expect(text).toContain('Wonderful: Ines reached the weekly goal. Keep it up!\n');
    expect(text).not.toContain('Ines has reached the goal');
  });
});
