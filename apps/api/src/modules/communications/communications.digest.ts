/**
 * The weekly family digest (issue 12, beyond the spec). An hourly job finds the time zones where it
 * is now Monday, at or after DIGEST.localHour (08:00), and e-mails each parent there who is due one
 * for this local week: opted in (users.weekly_digest, on by default), active, able to sign in, not
 * staff or coach, in an account with a player in the program. The digest_sends row (user, week's
 * Monday) and the e-mail are written in one transaction, and the row's primary key decides a race:
 * one e-mail per parent per week, however many runs or instances. A parent whose e-mail could not be
 * written is tried again at the next hourly run, while it is still Monday there.
 */
import { playStreak, resolveTimeZone } from '@grove/domain';
import { DIGEST_GOAL_MINUTES, digestWeekAt, playerDigest, specDate, type DigestWeek } from '@grove/domain/digest';
import type { EmailSender } from '../../adapters/email/email.port.ts';
import { renderEmail } from '../../adapters/email/templates.ts';
import type { Db, Executor } from '../../db/client.ts';
import { localeOf } from '../../locales/i18n.ts';
import {
  claimDigestSend,
  findDigestRecipients,
  findPlayerWeeks,
  listAccountTimeZones,
  setDigestEmail,
  type DigestRecipient,
  type PlayerWeekRow,
} from './communications.repository.ts';
import { unsubscribeToken } from './communications.unsubscribe.ts';

export interface DigestDeps {
  db: Db;
  email: EmailSender;
  publicUrl: string;
  log?: { error(details: object, message: string): void };
}

/** Parents handled per query (keyset paging through the due ones). */
const BATCH = 200;

/** The digest of one parent, entirely in their language (the domain's sentences and the e-mail's own). */
async function render(
  deps: Pick<DigestDeps, 'publicUrl'>,
  recipient: DigestRecipient,
  week: DigestWeek,
  timeZone: string,
  rows: PlayerWeekRow[],
  token: string,
) {
  const locale = await localeOf(recipient.language);
  // The streak as the reported week ends: its last instant is "today".
  const today = new Date(week.reported.to.getTime() - 1);
  const players = rows.map((row) =>
    playerDigest(
      {
        name: row.name,
        week: { secondsPlayed: row.seconds, hrRises: row.hrRises, coolDowns: row.coolDowns },
        previous: {
          secondsPlayed: row.previousSeconds,
          hrRises: row.previousHrRises,
          coolDowns: row.previousCoolDowns,
        },
        streakWeeks: playStreak(row.weeksPlayed, { today, timeZone: resolveTimeZone(timeZone) }).current,
      },
      DIGEST_GOAL_MINUTES,
      locale.domain,
    ),
  );
  return renderEmail(
    'weekly_digest',
    {
      firstName: recipient.firstName,
      firstDay: specDate(week.reported.firstDay),
      lastDay: specDate(week.reported.lastDay),
      goalMinutes: DIGEST_GOAL_MINUTES,
      players,
      dashboardUrl: `${deps.publicUrl}/dashboard/stats`,
      unsubscribeUrl: `${deps.publicUrl}/unsubscribe?t=${encodeURIComponent(token)}`,
    },
    locale.language,
  );
}

/** Sends the digests due at `now` (the job's body; tests pass their own `now`). */
export async function runWeeklyDigest(deps: DigestDeps, now: Date = new Date()): Promise<{ sent: number }> {
  const { db } = deps;
  let sent = 0;
  for (const timeZone of await listAccountTimeZones(db)) {
    const week = digestWeekAt(now, timeZone);
    if (!week) continue;
    let afterId = 0;
    for (;;) {
      const recipients = await findDigestRecipients(db, timeZone, week.weekStart, afterId, BATCH);
      if (recipients.length === 0) break;
      afterId = recipients.at(-1)!.id;
      const accountIds = [...new Set(recipients.map((recipient) => recipient.accountId))];
      const playerWeeks = await findPlayerWeeks(db, accountIds, week.reported, week.previous, week.reported.firstDay);
      for (const recipient of recipients) {
        const rows = playerWeeks.filter((row) => row.accountId === recipient.accountId);
        if (rows.length === 0) continue;
        try {
          const content = await render(deps, recipient, week, timeZone, rows, await unsubscribeToken(db, recipient.id));
          const wrote = await db.transaction(async (tx) => {
            if (!(await claimDigestSend(tx, recipient.id, week.weekStart))) return false;
            const { id } = await deps.email.send({ to: recipient.email, userId: recipient.id, ...content }, tx);
            await setDigestEmail(tx, recipient.id, week.weekStart, id);
            return true;
          });
          if (wrote) sent++;
        } catch (error) {
          deps.log?.error({ err: error, userId: recipient.id }, 'could not write a weekly digest');
        }
      }
      if (recipients.length < BATCH) break;
    }
  }
  return { sent };
}

/**
 * The digest due to one parent at `now` (null when none is due: not Monday morning where they
 * live, not a recipient, no play to report): the job's rule, words and streak, for the demo data,
 * which writes last Monday's digest of a family as already sent (db/seed/digests.ts).
 */
export async function dueDigest(db: Executor, publicUrl: string, userId: number, now: Date) {
  for (const timeZone of await listAccountTimeZones(db)) {
    const week = digestWeekAt(now, timeZone);
    if (!week) continue;
    const [recipient] = await findDigestRecipients(db, timeZone, week.weekStart, userId - 1, 1);
    if (recipient?.id !== userId) continue;
    const rows = await findPlayerWeeks(db, [recipient.accountId], week.reported, week.previous, week.reported.firstDay);
    if (rows.length === 0) return null;
    const content = await render({ publicUrl }, recipient, week, timeZone, rows, await unsubscribeToken(db, userId));
    return { recipient, week, content };
  }
  return null;
}
