/**
 * Demo staff notes and support tickets (issue 14 items 2 and 4), relative to the seed's "now":
 *
 * - staff@example.com wrote notes on several demo accounts over the past weeks (the account's
 *   history as staff keep it: calls, kit issues, billing promises); one note on parent@'s account
 *   was edited later;
 * - support tickets from demo parents in the local support_tickets table: parent@example.com has
 *   two (one solved, one open), parent2, paused and returning one each, in several states.
 *
 * Rows are inserted oldest first, so ids follow the dates (lists read newest first by id).
 */
import { inArray } from 'drizzle-orm';
import { accountNotes, supportTickets, users } from '../schema/index.ts';
import type { SeedContext } from './context.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;

interface NotePlan {
  email: string;
  daysAgo: number;
  text: string;
  /** Days ago staff edited it. */
  editedDaysAgo?: number;
}

const NOTES: NotePlan[] = [
  {
    email: 'parent@example.com',
    daysAgo: 41,
    text: 'Welcome call done. Both kids set up on the kitchen tablet; mom prefers e-mail over phone calls.',
  },
  {
    email: 'magellan@example.com',
    daysAgo: 35,
    text: 'Covered by the Magellan partnership (member id on file with the partner). Do not send renewal invoices to the family.',
  },
  {
    email: 'returning@example.com',
    daysAgo: 27,
    text: 'Family asked about returning the kit: the band irritates their son’s wrist. Offered the soft strap first; they prefer to return.',
  },
  {
    email: 'paused@example.com',
    daysAgo: 22,
    text: 'Paused for the summer camp (six weeks). Reminded them the pause ends by itself; no charge while paused.',
  },
  {
    email: 'parent@example.com',
    daysAgo: 18,
    text: 'Replacement heart-rate band shipped (old one stopped pairing). Tracking sent by e-mail.',
    editedDaysAgo: 16,
  },
  {
    email: 'parent2@example.com',
    daysAgo: 12,
    text: 'Called about a double charge in March. It was a pre-authorisation that dropped off; explained, no refund needed.',
  },
  {
    email: 'newkit@example.com',
    daysAgo: 6,
    text: 'Kit delivered last week. Walked dad through pairing the band over the phone; first game played during the call.',
  },
  {
    email: 'parent@example.com',
    daysAgo: 2,
    text: 'Coach asked for a follow-up: younger player’s sessions dropped to twice a week since school started.',
  },
];

interface TicketPlan {
  email: string;
  daysAgo: number;
  subject: string;
  description: string;
  status: 'new' | 'open' | 'pending' | 'hold' | 'solved' | 'closed';
  priority: 'low' | 'normal' | 'high' | 'urgent';
  /** Days ago the ticket last changed. */
  updatedDaysAgo: number;
}

const TICKETS: TicketPlan[] = [
  {
    email: 'parent@example.com',
    daysAgo: 19,
    subject: 'Heart-rate band does not pair any more',
    description:
      'Since yesterday the band blinks red and the game says "No sensor found". We charged it overnight and restarted the tablet.',
    status: 'solved',
    priority: 'high',
    updatedDaysAgo: 16,
  },
  {
    email: 'returning@example.com',
    daysAgo: 26,
    subject: 'How do we return the kit?',
    description: 'The band bothers our son and we would like to send the kit back. What do we need to do?',
    status: 'pending',
    priority: 'normal',
    updatedDaysAgo: 20,
  },
  {
    email: 'parent2@example.com',
    daysAgo: 13,
    subject: 'Charged twice this month',
    description: 'My card statement shows two Grove charges on the same day. Could you check?',
    status: 'closed',
    priority: 'normal',
    updatedDaysAgo: 5,
  },
  {
    email: 'paused@example.com',
    daysAgo: 9,
    subject: 'Can we extend the pause by two weeks?',
    description: 'Camp runs longer this year. We would like the pause to end on the 15th instead.',
    status: 'open',
    priority: 'low',
    updatedDaysAgo: 8,
  },
  {
    email: 'parent@example.com',
    daysAgo: 1,
    subject: 'Acorns missing after the update',
    description: 'After the game updated, our younger player has 40 acorns fewer than before. Can they be restored?',
    status: 'new',
    priority: 'normal',
    updatedDaysAgo: 1,
  },
];

export async function seedAdminRecords({ db, now, log }: SeedContext) {
  const emails = [...new Set([...NOTES, ...TICKETS].map((plan) => plan.email)), 'staff@example.com'];
  const people = await db
    .select({ id: users.id, email: users.email, accountId: users.accountId })
    .from(users)
    .where(inArray(users.email, emails));
  const byEmail = new Map(people.map((person) => [person.email, person]));
  const staff = byEmail.get('staff@example.com');
  const at = (daysAgo: number, hour = 0) => new Date(now.getTime() - daysAgo * DAY + hour * HOUR);

  const notes = [...NOTES]
    .sort((a, b) => b.daysAgo - a.daysAgo)
    .flatMap((plan) => {
      const accountId = byEmail.get(plan.email)?.accountId;
      if (!accountId) return [];
      const createdAt = at(plan.daysAgo, -3);
      const edited = plan.editedDaysAgo === undefined ? null : at(plan.editedDaysAgo, -2);
      return [
        {
          accountId,
          authorUserId: staff?.id ?? null,
          text: plan.text,
          editedByUserId: edited ? (staff?.id ?? null) : null,
          createdAt,
          updatedAt: edited ?? createdAt,
        },
      ];
    });
  if (notes.length) await db.insert(accountNotes).values(notes);

  const tickets = [...TICKETS]
    .sort((a, b) => b.daysAgo - a.daysAgo)
    .flatMap((plan) => {
      const person = byEmail.get(plan.email);
      if (!person) return [];
      return [
        {
          requesterUserId: person.id,
          accountId: person.accountId,
          subject: plan.subject,
          description: plan.description,
          status: plan.status,
          priority: plan.priority,
          channel: 'web',
          createdAt: at(plan.daysAgo, -5),
          updatedAt: at(plan.updatedDaysAgo, -1),
        },
      ];
    });
  if (tickets.length) await db.insert(supportTickets).values(tickets);
  log(`admin records: ${notes.length} staff notes, ${tickets.length} support tickets`);
}
