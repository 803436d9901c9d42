/**
 * Webinars (tutorials) through the API: lists, registering and cancelling, capacity whatever the
 * concurrency, the join link for registrants only, refusals, staff editing with the registrants'
 * e-mails, the reminder job, and hostile input.
 */
import { COACHING_MESSAGES, formatDateTime } from '@grove/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCoach, createParent, createStaff } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { emailsTo } from '../../../test/outbox.ts';
import { accounts, webinarRegistrations, webinars } from '../../db/schema/index.ts';
import { WEBINAR_REMINDER } from './webinars.jobs.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => t?.close());

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'POST', url, headers, payload });
const patch = (url: string, headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'PATCH', url, headers, payload });

let titles = 0;
async function webinar(values: Partial<typeof webinars.$inferInsert> = {}) {
  const [row] = await t.db
    .insert(webinars)
    .values({
      title: `Tutorial ${++titles}`,
      startsAt: new Date(Date.now() + 3 * DAY),
      capacity: 10,
      joinUrl: 'https://meet.example.test/grove',
      ...values,
    })
    .returning();
  return row!;
}

const registrationsOf = (webinarId: number) =>
  t.db.select().from(webinarRegistrations).where(eq(webinarRegistrations.webinarId, webinarId));

describe('registering', () => {
  it('registers, answers the webinar with the join link, lists the registration, and cancels', async () => {
    const parent = await createParent(t.db);
    const w = await webinar({ capacity: 5 });

    const res = await post('/api/v1/webinars/register', parent.headers, { webinar_id: w.id });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      id: w.id,
      is_registered: true,
      seats_left: 4,
      join_url: 'https://meet.example.test/grove',
      cancelled: false,
    });
    const rows = await registrationsOf(w.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.userId).toBe(parent.user.id);

    // Twice: the same single registration.
    const again = await post('/api/v1/webinars/register', parent.headers, { webinar_id: w.id });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ is_registered: true, seats_left: 4 });
    expect(await registrationsOf(w.id)).toHaveLength(1);

    const mine = await get('/api/v2/webinars/webinar_registrant/list', parent.headers);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ count: 1, results: [{ id: rows[0]!.id, webinar_id: w.id }] });

    // The confirmation carries the join link.
    const [mail] = await emailsTo(t.db, parent.user.email);
    expect(mail).toMatchObject({ template: 'webinar_registered', userId: parent.user.id });
    expect(mail!.textBody).toContain('https://meet.example.test/grove');

    const off = await post('/api/v1/webinars/delete', parent.headers, { webinar_id: w.id });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ id: w.id, is_registered: false, seats_left: 5, join_url: null });
    expect(await registrationsOf(w.id)).toHaveLength(0);
    const none = await get('/api/v2/webinars/webinar_registrant/list', parent.headers);
    expect(none.json()).toMatchObject({ count: 0, results: [] });

    const notRegistered = await post('/api/v1/webinars/delete', parent.headers, { webinar_id: w.id });
    expect(notRegistered.statusCode).toBe(404);
  });

  it('keeps the capacity under concurrent registrations', async () => {
    const w = await webinar({ capacity: 3 });
    const parents = await Promise.all(Array.from({ length: 8 }, () => createParent(t.db)));
    const answers = await Promise.all(
      parents.map((p) => post('/api/v1/webinars/register', p.headers, { webinar_id: w.id })),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 409, 409, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.statusCode === 409)) {
      expect(refused.json()).toMatchObject({ detail: COACHING_MESSAGES.webinarFull, code: 'webinar_full' });
    }
    expect(await registrationsOf(w.id)).toHaveLength(3);
    const list = await get('/api/v2/webinars/list?page_size=100', parents[0]!.headers);
    expect(list.json().results.find((item: { id: number }) => item.id === w.id)).toMatchObject({ seats_left: 0 });
  });

  it('keeps one registration when the same person registers several times at once', async () => {
    const w = await webinar({ capacity: 2 });
    const parent = await createParent(t.db);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => post('/api/v1/webinars/register', parent.headers, { webinar_id: w.id })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201]);
    for (const answer of answers) expect(answer.json()).toMatchObject({ is_registered: true, seats_left: 1 });
    expect(await registrationsOf(w.id)).toHaveLength(1);
    const confirmations = (await emailsTo(t.db, parent.user.email)).filter(
      (mail) => mail.template === 'webinar_registered',
    );
    expect(confirmations).toHaveLength(1);
  });

  it('refuses a started webinar, a cancelled one, a missing one and a person without a family', async () => {
    const parent = await createParent(t.db);
    const started = await webinar({ startsAt: new Date(Date.now() - 10 * 60_000), durationMinutes: 60 });
    const cancelled = await webinar({ cancelledAt: new Date() });

    const past = await post('/api/v1/webinars/register', parent.headers, { webinar_id: started.id });
    expect(past.statusCode).toBe(409);
    expect(past.json()).toMatchObject({ detail: COACHING_MESSAGES.webinarPast });
    const gone = await post('/api/v1/webinars/register', parent.headers, { webinar_id: cancelled.id });
    expect(gone.statusCode).toBe(409);
    expect(gone.json()).toMatchObject({ detail: COACHING_MESSAGES.webinarCancelled });
    const missing = await post('/api/v1/webinars/register', parent.headers, { webinar_id: 999_999 });
    expect(missing.statusCode).toBe(404);
    const coach = await createCoach(t.db);
    const noFamily = await post('/api/v1/webinars/register', coach.headers, { webinar_id: started.id });
    expect(noFamily.statusCode).toBe(403);

    expect(await registrationsOf(started.id)).toHaveLength(0);
    expect(await registrationsOf(cancelled.id)).toHaveLength(0);
  });
});

describe('lists', () => {
  it('hides the join link from non-registrants, shows cancelled ones to registrants only, orders by time', async () => {
    const member = await createParent(t.db);
    const other = await createParent(t.db);
    const staff = await createStaff(t.db);
    const later = await webinar({ startsAt: new Date(Date.now() + 400 * DAY) });
    const sooner = await webinar({ startsAt: new Date(Date.now() + 300 * DAY) });
    const toCancel = await webinar({ startsAt: new Date(Date.now() + 350 * DAY) });
    const ended = await webinar({ startsAt: new Date(Date.now() - 2 * DAY) });
    expect((await post('/api/v1/webinars/register', member.headers, { webinar_id: sooner.id })).statusCode).toBe(201);
    expect((await post('/api/v1/webinars/register', member.headers, { webinar_id: toCancel.id })).statusCode).toBe(201);
    expect((await patch(`/api/v2/webinars/${toCancel.id}`, staff.headers, { cancelled: true })).statusCode).toBe(200);

    const ids = (body: { results: { id: number }[] }) => body.results.map((item) => item.id);
    const mine = (await get('/api/v2/webinars/list?page_size=1000', member.headers)).json();
    expect(ids(mine).filter((id: number) => [later.id, sooner.id, toCancel.id].includes(id))).toEqual([
      sooner.id,
      toCancel.id,
      later.id,
    ]);
    expect(ids(mine)).not.toContain(ended.id);
    const byId = new Map(mine.results.map((item: { id: number }) => [item.id, item]));
    expect(byId.get(sooner.id)).toMatchObject({ is_registered: true, join_url: 'https://meet.example.test/grove' });
    expect(byId.get(later.id)).toMatchObject({ is_registered: false, join_url: null });
    expect(byId.get(toCancel.id)).toMatchObject({ cancelled: true });

    // The registered ids come from the caller's own registrations, cancelled webinars' included.
    const registered = (await get('/api/v2/webinars/webinar_registrant/list?page_size=1000', member.headers)).json();
    expect(registered.results.map((r: { webinar_id: number }) => r.webinar_id).sort()).toEqual(
      [sooner.id, toCancel.id].sort(),
    );
    const otherRegistered = (await get('/api/v2/webinars/webinar_registrant/list', other.headers)).json();
    expect(otherRegistered).toMatchObject({ count: 0, results: [] });

    const theirs = (await get('/api/v2/webinars/list?page_size=1000', other.headers)).json();
    expect(ids(theirs)).not.toContain(toCancel.id);
    for (const item of theirs.results) expect(item.join_url).toBeNull();

    const staffView = (await get('/api/v2/webinars/list?page_size=1000', staff.headers)).json();
    expect(staffView.results.find((item: { id: number }) => item.id === later.id).join_url).toBe(
      'https://meet.example.test/grove',
    );

    const past = (await get('/api/v2/webinars/list?when=past&page_size=1000', other.headers)).json();
    expect(ids(past)).toContain(ended.id);
    expect(ids(past)).not.toContain(sooner.id);
    const starts = past.results.map((item: { starts_at: string }) => Date.parse(item.starts_at));
    expect(starts).toEqual([...starts].sort((a, b) => b - a));
  });
});

describe('staff', () => {
  const body = {
    title: 'Calm-down skills at home',
    description: 'Breathing games.',
    host_name: 'Casey',
    starts_at: new Date(Date.now() + 5 * DAY).toISOString(),
    duration_minutes: 45,
    capacity: 25,
    join_url: 'https://meet.example.test/calm',
  };

  it('creates and edits; a parent may not', async () => {
    const staff = await createStaff(t.db);
    const parent = await createParent(t.db);
    expect((await post('/api/v2/webinars', parent.headers, body)).statusCode).toBe(403);

    const created = await post('/api/v2/webinars', staff.headers, body);
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    expect(created.json()).toMatchObject({ title: body.title, capacity: 25, seats_left: 25, duration_minutes: 45 });
    const [row] = await t.db.select().from(webinars).where(eq(webinars.id, id));
    expect(row).toMatchObject({ createdByUserId: staff.user.id, joinUrl: body.join_url, hostName: 'Casey' });

    expect((await patch(`/api/v2/webinars/${id}`, parent.headers, { title: 'Mine now' })).statusCode).toBe(403);
    const edited = await patch(`/api/v2/webinars/${id}`, staff.headers, { title: 'Calm-down skills', capacity: 30 });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'Calm-down skills', capacity: 30 });
    const [after] = await t.db.select().from(webinars).where(eq(webinars.id, id));
    expect(after).toMatchObject({ title: 'Calm-down skills', capacity: 30 });
  });

  it('refuses hostile input and writes nothing', async () => {
    const staff = await createStaff(t.db);
    const before = (await t.db.select().from(webinars)).length;
    const bad = [
      { ...body, title: 'Tea\u0000time' },
      { ...body, capacity: 99_999_999_999 },
      { ...body, join_url: 'javascript:alert(1)' },
      { ...body, starts_at: 'tomorrow' },
    ];
    for (const payload of bad) {
      const res = await post('/api/v2/webinars', staff.headers, payload);
      expect(res.statusCode).toBe(400);
    }
    expect((await post('/api/v2/webinars', staff.headers, { ...body, title: 'Tea\u0000time' })).json()).toHaveProperty(
      'title',
    );
    const w = await webinar();
    const res = await patch(`/api/v2/webinars/${w.id}`, staff.headers, { join_url: 'javascript:alert(1)' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toHaveProperty('join_url');
    for (const payload of [
      { capacity: 2_147_483_648 },
      { description: 'Bring\u0000snacks' },
      { title: 'x'.repeat(121) },
      { starts_at: new Date(Date.now() - DAY).toISOString() },
    ]) {
      const refused = await patch(`/api/v2/webinars/${w.id}`, staff.headers, payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toHaveProperty(Object.keys(payload)[0]!);
    }
    expect((await t.db.select().from(webinars)).length).toBe(before + 1);
    const [unchanged] = await t.db.select().from(webinars).where(eq(webinars.id, w.id));
    expect(unchanged).toEqual(w);
  });

  it('e-mails every registrant a new time in their family’s zone, and a cancellation', async () => {
    const staff = await createStaff(t.db);
    const east = await createParent(t.db);
    const west = await createParent(t.db);
    await t.db.update(accounts).set({ timeZone: 'America/Los_Angeles' }).where(eq(accounts.id, west.account.id));
    const bystander = await createParent(t.db);
    const w = await webinar({ startsAt: new Date(Date.now() + 4 * DAY) });
    for (const p of [east, west]) {
      expect((await post('/api/v1/webinars/register', p.headers, { webinar_id: w.id })).statusCode).toBe(201);
    }

    const newStart = new Date(Math.ceil((Date.now() + 6 * DAY) / HOUR) * HOUR);
    const moved = await patch(`/api/v2/webinars/${w.id}`, staff.headers, { starts_at: newStart.toISOString() });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ starts_at: newStart.toISOString() });

    const [eastMail] = await emailsTo(t.db, east.user.email);
    const [westMail] = await emailsTo(t.db, west.user.email);
    expect(eastMail).toMatchObject({ template: 'webinar_changed' });
    expect(westMail).toMatchObject({ template: 'webinar_changed' });
    expect(eastMail!.textBody).toContain(formatDateTime(newStart, 'America/New_York'));
    expect(westMail!.textBody).toContain(formatDateTime(newStart, 'America/Los_Angeles'));
    expect(westMail!.textBody).toMatch(/P[SD]T/);
    expect(await emailsTo(t.db, bystander.user.email)).toHaveLength(0);

    const cancelled = await patch(`/api/v2/webinars/${w.id}`, staff.headers, { cancelled: true });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ cancelled: true });
    const [row] = await t.db.select().from(webinars).where(eq(webinars.id, w.id));
    expect(row!.cancelledAt).not.toBeNull();
    const [eastCancel] = await emailsTo(t.db, east.user.email);
    expect(eastCancel!.subject).toMatch(/^Cancelled/);
    // A second cancel tells nobody again.
    await patch(`/api/v2/webinars/${w.id}`, staff.headers, { cancelled: true });
    expect(await emailsTo(t.db, east.user.email)).toHaveLength(3);
  });
});

describe('staff edits the registrants hear of', () => {
  const mails = async (address: string) => (await emailsTo(t.db, address)).map((mail) => mail.subject);

  it('a cancellation taken back tells the registrants and reminds them again; only in the future', async () => {
    const staff = await createStaff(t.db);
    const parent = await createParent(t.db);
    const w = await webinar({ startsAt: new Date(Date.now() + 3 * DAY) });
    expect((await post('/api/v1/webinars/register', parent.headers, { webinar_id: w.id })).statusCode).toBe(201);
    expect((await patch(`/api/v2/webinars/${w.id}`, staff.headers, { cancelled: true })).statusCode).toBe(200);
    // The reminder due while it was cancelled finds nothing to do.
    await t.app.jobs.drain(WEBINAR_REMINDER, { includeFuture: true });

    const back = await patch(`/api/v2/webinars/${w.id}`, staff.headers, { cancelled: false });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ cancelled: false });
    const [row] = await t.db.select().from(webinars).where(eq(webinars.id, w.id));
    expect(row!.cancelledAt).toBeNull();
    expect(await mails(parent.user.email)).toEqual([
      `Back on: ${w.title}`,
      `Cancelled: ${w.title}`,
      `You are registered: ${w.title}`,
    ]);
    await t.app.jobs.drain(WEBINAR_REMINDER, { includeFuture: true });
    await t.app.jobs.drain(WEBINAR_REMINDER, { includeFuture: true });
    expect((await mails(parent.user.email)).filter((subject) => subject.startsWith('Reminder'))).toHaveLength(1);

    // A webinar whose start has passed cannot be taken back without a new start.
    const gone = await webinar({ startsAt: new Date(Date.now() - DAY), cancelledAt: new Date(Date.now() - 2 * DAY) });
    const refused = await patch(`/api/v2/webinars/${gone.id}`, staff.headers, { cancelled: false });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toHaveProperty('starts_at');
    const [still] = await t.db.select().from(webinars).where(eq(webinars.id, gone.id));
    expect(still!.cancelledAt).not.toBeNull();
  });

  it('a new join link is e-mailed to the registrants; a new title alone is not', async () => {
    const staff = await createStaff(t.db);
    const parent = await createParent(t.db);
    const w = await webinar();
    await post('/api/v1/webinars/register', parent.headers, { webinar_id: w.id });
    await patch(`/api/v2/webinars/${w.id}`, staff.headers, { title: `${w.title} (live)` });
    expect(await emailsTo(t.db, parent.user.email)).toHaveLength(1);
    const res = await patch(`/api/v2/webinars/${w.id}`, staff.headers, { join_url: 'https://meet.example.test/new' });
    expect(res.statusCode).toBe(200);
    const [mail] = await emailsTo(t.db, parent.user.email);
    expect(mail).toMatchObject({ template: 'webinar_changed', subject: `New link to join: ${w.title} (live)` });
    expect(mail!.textBody).toContain('https://meet.example.test/new');
  });

  it('after a new time, one reminder is written, for the new time', async () => {
    const staff = await createStaff(t.db);
    const parent = await createParent(t.db);
    const w = await webinar({ startsAt: new Date(Date.now() + 3 * DAY) });
    await post('/api/v1/webinars/register', parent.headers, { webinar_id: w.id });
    const newStart = new Date(w.startsAt.getTime() + 2 * DAY);
    await patch(`/api/v2/webinars/${w.id}`, staff.headers, { starts_at: newStart.toISOString() });
    await t.app.jobs.drain(WEBINAR_REMINDER, { includeFuture: true });
    await t.app.jobs.drain(WEBINAR_REMINDER, { includeFuture: true });
    const reminders = (await emailsTo(t.db, parent.user.email)).filter((mail) => mail.template === 'webinar_reminder');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.textBody).toContain(formatDateTime(newStart, 'America/New_York'));
  });
});

describe('the reminder', () => {
  const reminders = async (address: string) =>
    (await emailsTo(t.db, address)).filter((mail) => mail.template === 'webinar_reminder');

  it('is written once, in the family’s time zone, and not after the registration was cancelled', async () => {
    const stays = await createParent(t.db);
    await t.db.update(accounts).set({ timeZone: 'America/Denver' }).where(eq(accounts.id, stays.account.id));
    const leaves = await createParent(t.db);
    const w = await webinar({ startsAt: new Date(Date.now() + 3 * DAY) });
    for (const p of [stays, leaves]) {
      expect((await post('/api/v1/webinars/register', p.headers, { webinar_id: w.id })).statusCode).toBe(201);
    }
    expect((await post('/api/v1/webinars/delete', leaves.headers, { webinar_id: w.id })).statusCode).toBe(200);

    await t.app.jobs.drain(WEBINAR_REMINDER, { includeFuture: true });
    await t.app.jobs.drain(WEBINAR_REMINDER, { includeFuture: true });

    const sent = await reminders(stays.user.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.textBody).toContain(formatDateTime(w.startsAt, 'America/Denver'));
    expect(sent[0]!.textBody).toContain('https://meet.example.test/grove');
    expect(await reminders(leaves.user.email)).toHaveLength(0);
    const [row] = await t.db
      .select()
      .from(webinarRegistrations)
      .where(and(eq(webinarRegistrations.webinarId, w.id), eq(webinarRegistrations.userId, stays.user.id)));
    expect(row!.reminderSentAt).not.toBeNull();

    // A duplicate job does nothing either.
    await t.app.jobs.send(WEBINAR_REMINDER, { registrationId: row!.id, startsAt: w.startsAt.toISOString() });
    await t.app.jobs.drain(WEBINAR_REMINDER, { includeFuture: true });
    expect(await reminders(stays.user.email)).toHaveLength(1);
  });

  it('is due a day before the start', async () => {
    const parent = await createParent(t.db);
    const w = await webinar({ startsAt: new Date(Date.now() + 3 * DAY) });
    await post('/api/v1/webinars/register', parent.headers, { webinar_id: w.id });
    const [registration] = await registrationsOf(w.id);
    const { rows } = await t.database.executeSql(
      `select start_after from pgboss.job where name = $1 and (data->>'registrationId')::int = $2`,
      [WEBINAR_REMINDER, registration!.id],
    );
    expect(rows).toHaveLength(1);
    const due = new Date(rows[0]!.start_after as string).getTime();
    expect(Math.abs(due - (w.startsAt.getTime() - DAY))).toBeLessThan(1000);
  });

  it('is not written for a cancelled webinar', async () => {
    const staff = await createStaff(t.db);
    const parent = await createParent(t.db);
    const w = await webinar({ startsAt: new Date(Date.now() + 3 * DAY) });
    await post('/api/v1/webinars/register', parent.headers, { webinar_id: w.id });
    await patch(`/api/v2/webinars/${w.id}`, staff.headers, { cancelled: true });
    await t.app.jobs.drain(WEBINAR_REMINDER, { includeFuture: true });
    expect(await reminders(parent.user.email)).toHaveLength(0);
  });
});
