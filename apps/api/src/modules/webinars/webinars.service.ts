/**
 * Webinars — "tutorials" in the interface (SPEC §3 Webinars, §4, §7). Families' members register
 * within a webinar's capacity; the join link is shown to registrants and staff only; staff create,
 * edit and cancel webinars, and registrants are e-mailed a new time or a cancellation.
 *
 * Capacity holds under concurrency: a registration locks the webinar's row (SELECT … FOR UPDATE),
 * counts, and inserts in one transaction, with its confirmation e-mail (outbox row) and its reminder
 * job (ARCHITECTURE §7). The unique (webinar, user) index keeps one registration per person.
 */
import { COACHING_MESSAGES, formatDateTime, resolveTimeZone, WEBINAR_MESSAGES } from '@grove/domain';
import type { Paging } from '@grove/domain/api/common';
import type { Webinar, WebinarBody } from '@grove/domain/api/webinars';
import type { EmailSender } from '../../adapters/email/email.port.ts';
import { renderEmail } from '../../adapters/email/templates.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { conflict, fieldError, forbidden, notFound } from '../../lib/errors.ts';
import { languageOf } from '../../locales/i18n.ts';
import type { AuthUser } from '../auth/auth.repository.ts';
import * as repo from './webinars.repository.ts';

export interface WebinarsDeps {
  db: Db;
  email: EmailSender;
  jobs: JobQueue;
  publicUrl: string;
  now?: () => Date;
}

/** The reminder job: `{ registrationId, startsAt }`, about a day before the webinar (webinars.jobs.ts). */
export const WEBINAR_REMINDER = 'webinars.reminder';
export interface WebinarReminderJob {
  registrationId: number;
  /** The start the reminder was enqueued for: a webinar moved since has other reminders. */
  startsAt: string;
}
export const REMINDER_LEAD_HOURS = 24;
const HOUR = 3_600_000;

type UpdateBody = Partial<WebinarBody> & { cancelled?: boolean | undefined };

const nowOf = (deps: WebinarsDeps) => (deps.now ?? (() => new Date()))();
const tutorialsUrl = (deps: WebinarsDeps) => new URL('/dashboard/tutorials', deps.publicUrl).toString();

export function toWebinar(row: repo.WebinarView, user: AuthUser): Webinar {
  const endsAt = new Date(row.startsAt.getTime() + row.durationMinutes * 60_000);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    host_name: row.hostName,
    starts_at: row.startsAt.toISOString(),
    ends_at: endsAt.toISOString(),
    duration_minutes: row.durationMinutes,
    capacity: row.capacity,
    seats_left: Math.max(0, row.capacity - row.registrations),
    is_registered: row.isRegistered,
    join_url: row.isRegistered || user.isStaff ? row.joinUrl : null,
    cancelled: row.cancelledAt !== null,
  };
}

async function view(deps: WebinarsDeps, id: number, user: AuthUser): Promise<Webinar> {
  const row = await repo.findWebinarView(deps.db, id, user.id);
  if (!row) throw notFound();
  return toWebinar(row, user);
}

export async function list(deps: WebinarsDeps, user: AuthUser, query: Paging & { when: 'upcoming' | 'past' }) {
  const { rows, count } = await repo.listWebinars(deps.db, {
    when: query.when,
    now: nowOf(deps),
    userId: user.id,
    seeCancelled: user.isStaff,
    offset: (query.page - 1) * query.page_size,
    limit: query.page_size,
  });
  return { count, page: query.page, pageSize: query.page_size, results: rows.map((row) => toWebinar(row, user)) };
}

export async function registrations(deps: WebinarsDeps, user: AuthUser, query: Paging) {
  const { rows, count } = await repo.registrationsOf(
    deps.db,
    user.id,
    (query.page - 1) * query.page_size,
    query.page_size,
  );
  return {
    count,
    page: query.page,
    pageSize: query.page_size,
    results: rows.map((row) => ({ id: row.id, webinar_id: row.webinarId, created_at: row.createdAt.toISOString() })),
  };
}

// E-mails and reminders.

type Change = 'cancelled' | 'restored' | 'moved' | 'link';
type Message = { kind: 'registered' } | { kind: 'reminder' } | { kind: Change; previousStartsAt: Date };

/** Writes one registrant's e-mail about `webinar` in `tx`, its times in the family's time zone, in their language. */
async function tell(deps: WebinarsDeps, tx: Tx, to: repo.Registrant, webinar: repo.WebinarRow, message: Message) {
  const zone = resolveTimeZone(to.timeZone);
  const { language } = to;
  const when = (instant: Date) => formatDateTime(instant, zone, languageOf(language));
  const data = {
    firstName: to.firstName,
    title: webinar.title,
    when: when(webinar.startsAt),
    joinUrl: webinar.joinUrl,
    manageUrl: tutorialsUrl(deps),
  };
  const email =
    message.kind === 'registered'
      ? await renderEmail('webinar_registered', data, language)
      : message.kind === 'reminder'
        ? await renderEmail('webinar_reminder', data, language)
        : await renderEmail(
            'webinar_changed',
            {
              ...data,
              change: message.kind,
              ...(message.kind === 'moved' ? { previousWhen: when(message.previousStartsAt) } : {}),
            },
            language,
          );
  await deps.email.send({ to: to.email, userId: to.userId, ...email }, tx);
}

/** Enqueues a registration's reminder in `tx`, a day before the start (now when sooner); true when due now. */
async function scheduleReminder(deps: WebinarsDeps, tx: Tx, registrationId: number, startsAt: Date, now: Date) {
  const due = new Date(startsAt.getTime() - REMINDER_LEAD_HOURS * HOUR);
  const data: WebinarReminderJob = { registrationId, startsAt: startsAt.toISOString() };
  await deps.jobs.sendInTransaction(tx, WEBINAR_REMINDER, data, { startAfter: due > now ? due : now });
  return due <= now;
}

/**
 * The reminder job: writes the reminder once, and only while the registration exists, the webinar
 * is not cancelled, has not started and still starts when the job was enqueued for. The claim is a
 * conditional UPDATE, so a retry or a duplicate job writes nothing. True when it wrote one.
 */
export async function sendReminder(deps: WebinarsDeps, job: WebinarReminderJob): Promise<boolean> {
  const now = nowOf(deps);
  return deps.db.transaction(async (tx) => {
    const found = await repo.registrationWithWebinar(tx, job.registrationId);
    if (!found) return false;
    const { webinar } = found;
    if (webinar.cancelledAt !== null || webinar.startsAt.toISOString() !== job.startsAt || webinar.startsAt <= now) {
      return false;
    }
    if (!(await repo.claimReminder(tx, job.registrationId, now))) return false;
    const to = await repo.registrantOf(tx, job.registrationId);
    if (to) await tell(deps, tx, to, webinar, { kind: 'reminder' });
    return true;
  });
}

// Registrations.

/**
 * Registers the caller (a member of a family) for a webinar. Registering again answers the same
 * single registration; a full, started or cancelled webinar answers 409 with a sentence.
 */
export async function register(deps: WebinarsDeps, user: AuthUser, webinarId: number): Promise<Webinar> {
  if (user.accountId === null) throw forbidden(WEBINAR_MESSAGES.noFamily);
  const now = nowOf(deps);
  const dueNow = await deps.db.transaction(async (tx) => {
    const webinar = await repo.lockWebinar(tx, webinarId);
    if (!webinar) throw notFound();
    if (await repo.findRegistration(tx, webinarId, user.id)) return false;
    if (webinar.cancelledAt !== null) throw conflict(COACHING_MESSAGES.webinarCancelled, 'webinar_cancelled');
    if (webinar.startsAt <= now) throw conflict(COACHING_MESSAGES.webinarPast, 'webinar_past');
    if ((await repo.countRegistrations(tx, webinarId)) >= webinar.capacity) {
      throw conflict(COACHING_MESSAGES.webinarFull, 'webinar_full');
    }
    const registration = await repo.insertRegistration(tx, webinarId, user.id);
    if (!registration) return false;
    const to = await repo.registrantOf(tx, registration.id);
    if (to) await tell(deps, tx, to, webinar, { kind: 'registered' });
    return scheduleReminder(deps, tx, registration.id, webinar.startsAt, now);
  });
  if (dueNow) deps.jobs.notify(WEBINAR_REMINDER);
  return view(deps, webinarId, user);
}

/** Cancels the caller's registration (its reminder job then finds nothing to do). */
export async function unregister(deps: WebinarsDeps, user: AuthUser, webinarId: number): Promise<Webinar> {
  const now = nowOf(deps);
  await deps.db.transaction(async (tx) => {
    const webinar = await repo.lockWebinar(tx, webinarId);
    if (!webinar) throw notFound();
    if (!(await repo.findRegistration(tx, webinarId, user.id))) throw notFound(WEBINAR_MESSAGES.notRegistered);
    if (webinar.cancelledAt === null && webinar.startsAt <= now) {
      throw conflict(COACHING_MESSAGES.webinarPast, 'webinar_past');
    }
    await repo.deleteRegistration(tx, webinarId, user.id);
  });
  return view(deps, webinarId, user);
}

// Staff.

export async function create(deps: WebinarsDeps, user: AuthUser, body: WebinarBody): Promise<Webinar> {
  const now = nowOf(deps);
  const startsAt = new Date(body.starts_at);
  if (startsAt <= now) throw fieldError('starts_at', WEBINAR_MESSAGES.startsInPast);
  const row = await deps.db.transaction((tx) =>
    repo.insertWebinar(tx, {
      title: body.title,
      description: body.description ?? '',
      hostName: body.host_name ?? '',
      startsAt,
      durationMinutes: body.duration_minutes ?? 30,
      capacity: body.capacity,
      joinUrl: body.join_url,
      createdByUserId: user.id,
    }),
  );
  return view(deps, row.id, user);
}

/**
 * What the registrants are told of an edit, if anything: a cancellation; a cancellation taken back;
 * a new start; a new join link (while the webinar has not ended). One e-mail per edit, the first
 * that applies (a new time or a restoration e-mail carries the join link too); a webinar that stays
 * cancelled tells nobody.
 */
function changeOf(before: repo.WebinarRow, after: repo.WebinarRow, now: Date): Change | null {
  if (before.cancelledAt === null && after.cancelledAt !== null) return 'cancelled';
  if (after.cancelledAt !== null) return null;
  if (before.cancelledAt !== null) return 'restored';
  if (after.startsAt.getTime() !== before.startsAt.getTime()) return 'moved';
  const ended = after.startsAt.getTime() + after.durationMinutes * 60_000 <= now.getTime();
  if (after.joinUrl !== before.joinUrl && !ended) return 'link';
  return null;
}

/**
 * Edits a webinar; `cancelled: true` cancels it (false restores it). A new start, a cancellation, a
 * restoration or a new join link e-mails every registrant in the same transaction; a new start and a
 * restoration also re-arm their reminders.
 */
export async function update(deps: WebinarsDeps, user: AuthUser, id: number, body: UpdateBody): Promise<Webinar> {
  const now = nowOf(deps);
  const dueNow = await deps.db.transaction(async (tx) => {
    const before = await repo.lockWebinar(tx, id);
    if (!before) throw notFound();
    const startsAt = body.starts_at === undefined ? before.startsAt : new Date(body.starts_at);
    const moved = startsAt.getTime() !== before.startsAt.getTime();
    const cancelledAt =
      body.cancelled === undefined ? before.cancelledAt : body.cancelled ? (before.cancelledAt ?? now) : null;
    const restored = before.cancelledAt !== null && cancelledAt === null;
    // A new time, or a cancelled webinar taken back, must start in the future.
    if ((moved || restored) && startsAt <= now) throw fieldError('starts_at', WEBINAR_MESSAGES.startsInPast);
    const values = {
      ...(body.title !== undefined ? { title: body.title } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.host_name !== undefined ? { hostName: body.host_name } : {}),
      ...(body.duration_minutes !== undefined ? { durationMinutes: body.duration_minutes } : {}),
      ...(body.capacity !== undefined ? { capacity: body.capacity } : {}),
      ...(body.join_url !== undefined ? { joinUrl: body.join_url } : {}),
      startsAt,
      cancelledAt,
      updatedAt: now,
    };
    await repo.updateWebinar(tx, id, values);
    const after: repo.WebinarRow = { ...before, ...values };
    const change = changeOf(before, after, now);
    if (change === null) return false;

    // A new time or a restoration: every registrant gets a reminder for it (the jobs enqueued for
    // an earlier start find the start changed; a duplicate for the same start finds it claimed).
    const rearm = change === 'moved' || change === 'restored';
    if (rearm) await repo.resetReminders(tx, id);
    let due = false;
    for (const to of await repo.registrantsOf(tx, id)) {
      await tell(deps, tx, to, after, { kind: change, previousStartsAt: before.startsAt });
      if (rearm) due = (await scheduleReminder(deps, tx, to.registrationId, startsAt, now)) || due;
    }
    return due;
  });
  if (dueNow) deps.jobs.notify(WEBINAR_REMINDER);
  return view(deps, id, user);
}
