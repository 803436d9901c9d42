import { ACCOUNT_MESSAGES, SMS_LIMITS } from '@grove/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTwilioFake, TWILIO_TEST_CREDENTIALS, type TwilioFake } from '../../../test/fakes/twilio-fake.ts';
import { createCoach, createParent, createStaff } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { deliverTexts, textsTo } from '../../../test/outbox.ts';
import { accounts, smsOutbox } from '../../db/schema/index.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ GAME_DOWNLOAD_URL: 'https://get.grove.test/tablet' });
});
afterAll(async () => t?.close());

const send = (headers: Record<string, string>, payload: object, context = t) =>
  context.app.inject({ method: 'POST', url: '/api/v1/sms/message/', headers, payload });
const textsBy = (userId: number) => t.db.select().from(smsOutbox).where(eq(smsOutbox.senderUserId, userId));

describe('POST /api/v1/sms/message/ (app_link)', () => {
  it('texts the game’s download link to a phone checked for its country, as a queued outbox row', async () => {
    const parent = await createParent(t.db);
    const res = await send(parent.headers, { kind: 'app_link', phonenumber: '020 7946 0958', country: 'GB' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      to: '+442079460958',
      kind: 'app_link',
      status: 'queued',
      created_at: expect.any(String),
    });
    const [row] = await textsTo(t.db, parent.user.id);
    expect(row).toMatchObject({
      id: res.json().id,
      userId: parent.user.id,
      senderUserId: parent.user.id,
      toNumber: '+442079460958',
      body: 'Here is the Grove game for your tablet: https://get.grove.test/tablet',
      kind: 'app_link',
      template: 'app_link',
      provider: 'outbox',
      status: 'queued',
    });
    expect(await deliverTexts(t.app.jobs)).toBe(1);
    expect((await textsTo(t.db, parent.user.id))[0]).toMatchObject({ status: 'sent', attempts: 1 });
    // The kind defaults to app_link.
    expect((await send(parent.headers, { phonenumber: '2015550123', country: 'US' })).json()).toMatchObject({
      kind: 'app_link',
      to: '+12015550123',
    });
  });

  it.each([
    [{ phonenumber: '2015550123', country: 'CA' }, { phonenumber: ['Please input a valid phone number'] }],
    [{ phonenumber: '4155550123', country: 'GB' }, { phonenumber: ['Please input a valid phone number'] }],
    [{ phonenumber: '555', country: 'US' }, { phonenumber: ['Please input a valid phone number'] }],
    [{ phonenumber: '201555012a', country: 'US' }, { phonenumber: ['Please input a valid phone number'] }],
    [{ country: 'US' }, { phonenumber: ['Phone is required'] }],
    [{ phonenumber: '   ', country: 'US' }, { phonenumber: ['Phone is required'] }],
    [{ phonenumber: '2015550123' }, { country: ['Country is required'] }],
    [{ phonenumber: '2015550123', country: 'XX' }, { country: ['Please select a valid country'] }],
  ])('refuses %j with field messages and writes nothing', async (payload, fields) => {
    const parent = await createParent(t.db);
    const res = await send(parent.headers, { kind: 'app_link', ...payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject(fields);
    expect(await textsBy(parent.user.id)).toEqual([]);
  });

  it('answers the 6th text of an hour with 429 and Retry-After, and writes no 6th row', async () => {
    const parent = await createParent(t.db);
    for (let i = 0; i < SMS_LIMITS.perHour; i++) {
      expect((await send(parent.headers, { phonenumber: '2015550123', country: 'US' })).statusCode).toBe(201);
    }
    const refused = await send(parent.headers, { phonenumber: '2015550123', country: 'US' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ detail: ACCOUNT_MESSAGES.smsRateLimited, code: 'throttled' });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await textsBy(parent.user.id)).toHaveLength(SMS_LIMITS.perHour);
    // Per sender: another parent still may.
    const other = await createParent(t.db);
    expect((await send(other.headers, { phonenumber: '2015550123', country: 'US' })).statusCode).toBe(201);
  });

  it('needs a signed-in user and the CSRF header', async () => {
    const parent = await createParent(t.db);
    const { 'x-csrftoken': _csrf, ...noCsrf } = parent.headers;
    expect((await send({}, { phonenumber: '2015550123', country: 'US' })).statusCode).toBe(401);
    expect((await send(noCsrf, { phonenumber: '2015550123', country: 'US' })).statusCode).toBe(403);
    expect(await textsBy(parent.user.id)).toEqual([]);
  });
});

describe('POST /api/v1/sms/message/ (custom)', () => {
  async function coachedFamily(phonenumber = '2015550188') {
    const parent = await createParent(t.db, { user: { phonenumber, country: 'US', firstName: 'Robin' } });
    const coach = await createCoach(t.db);
    await t.db.update(accounts).set({ coachUserId: coach.user.id }).where(eq(accounts.id, parent.account.id));
    return { parent, coach };
  }

  it('lets the family’s coach write to a parent at their stored phone, signed with the coach’s name', async () => {
    const { parent, coach } = await coachedFamily();
    const res = await send(coach.headers, {
      kind: 'custom',
      user: parent.user.id,
      message: '  Great session today!\nSee you Tuesday.  ',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ to: '+12015550188', kind: 'custom', status: 'queued' });
    expect((await textsTo(t.db, parent.user.id))[0]).toMatchObject({
      senderUserId: coach.user.id,
      toNumber: '+12015550188',
      body: 'Great session today!\nSee you Tuesday.\n- Coach, Grove',
      kind: 'custom',
      template: 'custom',
    });
  });

  it('lets staff write to anyone, at a phone given in the body', async () => {
    const { parent } = await coachedFamily();
    const staff = await createStaff(t.db);
    const res = await send(staff.headers, {
      kind: 'custom',
      user: parent.user.id,
      message: 'Your kit shipped.',
      phonenumber: '0412 345 678',
      country: 'AU',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().to).toBe('+61412345678');
    // Staff and coaches have a larger hourly allowance than parents.
    for (let i = 0; i < SMS_LIMITS.perHour; i++) {
      expect((await send(staff.headers, { kind: 'custom', user: parent.user.id, message: `n${i}` })).statusCode).toBe(
        201,
      );
    }
    expect(await textsBy(staff.user.id)).toHaveLength(SMS_LIMITS.perHour + 1);
  });

  it('refuses a parent (403), and a coach or user outside the coach’s families (404)', async () => {
    const { parent, coach } = await coachedFamily();
    const other = await coachedFamily();
    const message = { kind: 'custom', message: 'Hello' };
    const asParent = await send(parent.headers, { ...message, user: other.parent.user.id });
    expect(asParent.statusCode).toBe(403);
    expect((await send(parent.headers, { ...message, user: parent.user.id })).statusCode).toBe(403);
    expect((await send(coach.headers, { ...message, user: other.parent.user.id })).statusCode).toBe(404);
    expect((await send(coach.headers, { ...message, user: 2_147_483_000 })).statusCode).toBe(404);
    expect(await textsBy(parent.user.id)).toEqual([]);
    expect(await textsBy(coach.user.id)).toEqual([]);
  });

  it('needs the recipient and the message, as plain text of at most 480 characters', async () => {
    const { parent, coach } = await coachedFamily();
    const missing = await send(coach.headers, { kind: 'custom' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ user: ['This field is required.'], message: ['This field is required.'] });
    for (const [message, expected] of [
      ['Hello\u0000there', expect.any(Array)],
      ['Hello\u0007', expect.any(Array)],
      ['x'.repeat(481), ['At most 480 characters.']],
      ['   ', ['May not be blank.']],
    ] as const) {
      const res = await send(coach.headers, { kind: 'custom', user: parent.user.id, message });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: expected });
    }
    expect(
      (await send(coach.headers, { kind: 'custom', user: parent.user.id, message: 'x'.repeat(480) })).statusCode,
    ).toBe(201);
    expect(await textsBy(coach.user.id)).toHaveLength(1);
  });

  it('needs a phone when the recipient has none stored', async () => {
    const { parent, coach } = await coachedFamily('');
    const res = await send(coach.headers, { kind: 'custom', user: parent.user.id, message: 'Hello' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ phonenumber: ['Phone is required'] });
    expect(await textsBy(coach.user.id)).toEqual([]);
  });
});

describe('with SMS_PROVIDER=twilio', () => {
  let fake: TwilioFake;
  let twilio: TestContext;
  beforeAll(async () => {
    fake = await startTwilioFake();
    twilio = await createTestContext({
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: TWILIO_TEST_CREDENTIALS.accountSid,
      TWILIO_AUTH_TOKEN: TWILIO_TEST_CREDENTIALS.authToken,
      TWILIO_FROM: TWILIO_TEST_CREDENTIALS.from,
      TWILIO_API_URL: fake.url,
    });
  });
  afterAll(async () => {
    await twilio?.close();
    await fake?.close();
  });

  it('texts through Twilio from the outbox job, never inside the request', async () => {
    const parent = await createParent(twilio.db);
    const res = await send(parent.headers, { phonenumber: '2015550177', country: 'US' }, twilio);
    expect(res.statusCode).toBe(201);
    expect(fake.messages).toEqual([]);
    expect(await deliverTexts(twilio.app.jobs)).toBe(1);
    expect(fake.messages).toEqual([
      expect.objectContaining({
        to: '+12015550177',
        from: TWILIO_TEST_CREDENTIALS.from,
        body: 'Here is the Grove game for your tablet: https://grove.example/games',
      }),
    ]);
    expect((await textsTo(twilio.db, parent.user.id))[0]).toMatchObject({
      provider: 'twilio',
      status: 'sent',
      providerMessageId: fake.messages[0]!.sid,
    });
    const listed = await twilio.app.inject({
      method: 'GET',
      url: '/api/v1/communications?type=sms',
      headers: parent.headers,
    });
    expect(listed.json().results).toEqual([
      expect.objectContaining({ type: 'sms', provider: 'twilio', status: 'sent', attempts: 1 }),
    ]);
  });
});
