/**
 * Available hours and booking across the US changes of daylight saving time, through the API, on a
 * fixed clock: a coach in New York working 09:00–12:00 on weekdays, a family in London. The US
 * changes a week after (autumn) or three weeks before (spring) the UK, so the coach's 09:00 moves by
 * an hour in UTC and on the family's clock.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authHeaders, issueAccessToken } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { coachingCalls } from '../../db/schema/index.ts';
import { coachWithCalendar, family, mailTo } from './coaching.test-support.ts';

let t: TestContext;
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-10-20T12:00:00Z'));
  t = await createTestContext();
});
afterAll(async () => {
  await t?.close();
  vi.useRealTimers();
});

const weekdaysNineToNoon = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: 540, end: 720 }));
type Day = { date: string; slots: { starts_at: string; ends_at: string }[] };

async function setting() {
  const coach = await coachWithCalendar(t, { timeZone: 'America/New_York', hours: weekdaysNineToNoon });
  const parent = await family(t, { coachUserId: coach.user.id, timeZone: 'Europe/London' });
  // Tokens are issued on the clock of the test.
  const headers = authHeaders(await issueAccessToken(t.db, parent.user.id));
  const hours = async (from: string, days: number) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/coach_booking/calendar/available_hours?widget_id=${coach.widgetId}&from=${from}&days=${days}`,
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { time_zone: string; days: Day[] };
  };
  return { coach, parent, headers, hours };
}

describe('autumn: the US goes back on 1 November 2026, the UK went back on 25 October', () => {
  it('the coach’s 09:00 is 13:00 in London before, 14:00 after; a booked slot is gone', async () => {
    vi.setSystemTime(new Date('2026-10-20T12:00:00Z'));
    const { coach, parent, headers, hours } = await setting();
    const before = await hours('2026-10-26', 14);
    expect(before.time_zone).toBe('Europe/London');
    const day = (date: string) => before.days.find((d) => d.date === date)!;
    expect(day('2026-10-30').slots.map((s) => s.starts_at)).toEqual([
      '2026-10-30T13:00:00.000Z',
      '2026-10-30T13:30:00.000Z',
      '2026-10-30T14:00:00.000Z',
      '2026-10-30T14:30:00.000Z',
      '2026-10-30T15:00:00.000Z',
      '2026-10-30T15:30:00.000Z',
    ]);
    expect(day('2026-10-31').slots).toEqual([]);
    expect(day('2026-11-01').slots).toEqual([]);
    expect(day('2026-11-02').slots[0]).toEqual({
      starts_at: '2026-11-02T14:00:00.000Z',
      ends_at: '2026-11-02T14:30:00.000Z',
    });
    expect(day('2026-11-02').slots.at(-1)!.starts_at).toBe('2026-11-02T16:30:00.000Z');

    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/coach_booking/book/',
      headers,
      payload: { widget_id: coach.widgetId, starts_at: '2026-11-02T14:00:00.000Z' },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    // The coach's 09:00 in the old offset is not one of their slots any more.
    const stale = await t.app.inject({
      method: 'POST',
      url: '/api/v1/coach_booking/book/',
      headers,
      payload: { widget_id: coach.widgetId, starts_at: '2026-11-02T13:00:00.000Z' },
    });
    expect(stale.statusCode).toBe(400);
    const after = await hours('2026-11-02', 1);
    expect(after.days[0]!.slots.map((s) => s.starts_at)).not.toContain('2026-11-02T14:00:00.000Z');
    expect(after.days[0]!.slots).toHaveLength(5);
    // The confirmation speaks London time.
    const [mail] = await mailTo(t, parent.user.id, 'coaching_booked');
    expect(mail!.textBody).toContain('11-02-2026 2:00:00 PM GMT');
    const rows = await t.db.select().from(coachingCalls).where(eq(coachingCalls.coachUserId, coach.user.id));
    expect(rows.map((r) => r.startsAt.toISOString())).toEqual(['2026-11-02T14:00:00.000Z']);
  });
});

describe('spring: the US goes forward on 8 March 2026, the UK on 29 March', () => {
  it('the coach’s 09:00 is 14:00 in London before, 13:00 after', async () => {
    vi.setSystemTime(new Date('2026-03-01T12:00:00Z'));
    const { hours } = await setting();
    const { days } = await hours('2026-03-02', 14);
    const first = (date: string) => days.find((d) => d.date === date)!.slots[0]!.starts_at;
    expect(first('2026-03-06')).toBe('2026-03-06T14:00:00.000Z');
    expect(first('2026-03-09')).toBe('2026-03-09T13:00:00.000Z');
    expect(days.filter((d) => d.slots.length > 0).map((d) => d.slots.length)).toEqual([6, 6, 6, 6, 6, 6, 6, 6, 6, 6]);
  });
});
