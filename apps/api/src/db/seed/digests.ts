/**
 * The weekly summary e-mails of the demo data: the Spanish-speaking family (familia@example.com)
 * got last Monday's, in Spanish, written by the digest's own code (communications.digest.ts
 * `dueDigest`) and recorded as the job records it — the e-mail in the outbox (the local mailbox),
 * already delivered, and the week's digest_sends row, so the job never sends that week again.
 */
import { eq } from 'drizzle-orm';

import { claimDigestSend, setDigestEmail } from '../../modules/communications/communications.repository.ts';
import { dueDigest } from '../../modules/communications/communications.digest.ts';
import { emailOutbox, users } from '../schema/index.ts';
import type { SeedContext } from './context.ts';

const DAY = 86_400_000;
/** The families whose last digest the demo data holds. */
const DIGEST_FAMILIES = ['familia@example.com'];

export async function seedDigests(ctx: SeedContext): Promise<void> {
  const { db } = ctx;
  for (const email of DIGEST_FAMILIES) {
    const [parent] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!parent) continue;
    // The latest Monday morning before now, at 17:00 UTC (09:00 or 10:00 on the West Coast, later
    // farther east): the job's hour in every American zone.
    for (let daysBack = 0; daysBack < 8; daysBack++) {
      const day = new Date(ctx.now.getTime() - daysBack * DAY);
      const at = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 17));
      if (at > ctx.now) continue;
      const digest = await dueDigest(db, ctx.publicUrl, parent.id, at);
      if (!digest) continue;
      if (!(await claimDigestSend(db, parent.id, digest.week.weekStart))) break;
      const [row] = await db
        .insert(emailOutbox)
        .values({
          toAddress: digest.recipient.email,
          subject: digest.content.subject,
          textBody: digest.content.text,
          htmlBody: digest.content.html,
          template: digest.content.template,
          provider: 'outbox',
          status: 'sent',
          userId: parent.id,
          createdAt: at,
          sentAt: at,
        })
        .returning({ id: emailOutbox.id });
      await setDigestEmail(db, parent.id, digest.week.weekStart, row!.id);
      ctx.log(`seeded last Monday's weekly summary for ${email}`);
      break;
    }
  }
}
