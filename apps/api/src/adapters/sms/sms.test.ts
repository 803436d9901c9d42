import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTwilioFake, TWILIO_TEST_CREDENTIALS, type TwilioFake } from '../../../test/fakes/twilio-fake.ts';
import { openTestDatabase } from '../../../test/helpers.ts';
import { deliverTexts, deliveryJobs } from '../../../test/outbox.ts';
import { loadConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { smsOutbox } from '../../db/schema/index.ts';
import { startJobQueue, type JobQueue } from '../../jobs/queue.ts';
import { createSmsSender } from './create-sms-sender.ts';
import {
  deliverSms,
  localSmsTransport,
  outboxSmsSender,
  registerSmsDelivery,
  SMS_DELIVERY_QUEUE,
} from './outbox.sender.ts';
import type { SmsMessage, SmsTransport } from './sms.port.ts';
import { renderSms } from './templates.ts';
import { twilioTransport } from './twilio.transport.ts';

let database: Database;
let fake: TwilioFake;
const queues: JobQueue[] = [];
beforeAll(async () => {
  database = await openTestDatabase();
  fake = await startTwilioFake();
});
afterAll(async () => {
  for (const queue of queues) await queue.stop();
  await fake.close();
  await database.close();
});

/** An enqueue-only queue whose SMS delivery job delivers through `transport`. */
async function queueFor(transport: SmsTransport) {
  const queue = await startJobQueue(database, { workers: false, log: { error() {}, warn() {} } });
  queues.push(queue);
  await registerSmsDelivery(database.db, queue, transport);
  return queue;
}

const twilio = (extra: Partial<Parameters<typeof twilioTransport>[0]> = {}) =>
  twilioTransport({
    accountSid: TWILIO_TEST_CREDENTIALS.accountSid,
    authToken: TWILIO_TEST_CREDENTIALS.authToken,
    from: TWILIO_TEST_CREDENTIALS.from,
    apiUrl: fake.url,
    ...extra,
  });

const text = (
  to: string,
  body = 'Here is the Grove game for your tablet: https://grove.example/games',
): SmsMessage => ({
  to,
  body,
  kind: 'app_link',
  template: 'app_link',
});

const rowOf = async (id: number) => (await database.db.select().from(smsOutbox).where(eq(smsOutbox.id, id)))[0]!;
const messagesTo = (to: string) => fake.messages.filter((message) => message.to === to);

describe('renderSms', () => {
  it('renders the game link, a signed custom message, and a reminder at the family’s local time', async () => {
    expect(await renderSms('app_link', { url: 'https://grove.example/games' }, 'en')).toEqual({
      template: 'app_link',
      body: 'Here is the Grove game for your tablet: https://grove.example/games',
    });
    expect((await renderSms('custom', { message: 'See you Tuesday!', senderName: 'Dana' }, 'en')).body).toBe(
      'See you Tuesday!\n- Dana, Grove',
    );
    const startsAt = new Date('2026-11-23T23:30:00Z');
    expect(
      (await renderSms('coaching_reminder', { firstName: 'Sam', startsAt, timeZone: 'America/Los_Angeles' }, 'en'))
        .body,
    ).toBe('Hi Sam, a reminder from Grove: your coaching call is on 11-23-2026 3:30:00 PM PST.');
    expect(
      (await renderSms('coaching_reminder', { firstName: 'Sam', startsAt, timeZone: 'Pacific/Auckland' }, 'en')).body,
    ).toContain('11-24-2026 12:30:00 PM GMT+13');
    // No stored language (null) is English.
    expect(await renderSms('app_link', { url: 'https://grove.example/games' }, null)).toEqual(
      await renderSms('app_link', { url: 'https://grove.example/games' }, 'en'),
    );
  });

  it('renders every text in Spanish for a person whose language is es', async () => {
    const startsAt = new Date('2026-11-23T23:30:00Z');
    expect((await renderSms('app_link', { url: 'https://grove.example/games' }, 'es')).body).toBe(
      'Aquí tiene el juego de Grove para su tableta: https://grove.example/games',
    );
    expect((await renderSms('custom', { message: '¡Hasta el martes!', senderName: 'Dana' }, 'es')).body).toBe(
      '¡Hasta el martes!\n- Dana, Grove',
    );
    expect(
      (await renderSms('coaching_reminder', { firstName: 'Sam', startsAt, timeZone: 'America/Los_Angeles' }, 'es'))
        .body,
    ).toBe('Hola, Sam: Grove le recuerda que su llamada de coaching es el 11-23-2026 3:30:00 p. m. PST.');
    const call = { firstName: 'Sam', coachName: 'Dana Reyes', when: '11-23-2026 3:30:00 p. m. PST' };
    expect((await renderSms('coaching_booked', call, 'es')).body).toBe(
      'Hola, Sam: su llamada de coaching de Grove con Dana Reyes está reservada para el 11-23-2026 3:30:00 p. m. PST.',
    );
    expect((await renderSms('coaching_moved', call, 'es')).body).toContain('ahora es el 11-23-2026');
    expect((await renderSms('coaching_cancelled', call, 'es')).body).toContain('está cancelada');
    expect((await renderSms('payment_failed', { amount: '$39.00', url: 'https://grove.example/u' }, 'es')).body).toBe(
      'Grove: no pudimos cobrar a su tarjeta ($39.00). Actualícela para que el programa siga funcionando: https://grove.example/u',
    );
  });
});

describe('outbox provider (the local default)', () => {
  it('writes the text as queued with its job; the job records it as sent, once', async () => {
    const queue = await queueFor(localSmsTransport());
    const sender = outboxSmsSender(database.db, queue);
    expect(sender.provider).toBe('outbox');
    const queued = await sender.send({ ...text('+12015550123'), senderUserId: undefined });
    expect(queued).toMatchObject({ status: 'queued', createdAt: expect.any(Date) });
    expect(await rowOf(queued.id)).toMatchObject({
      toNumber: '+12015550123',
      kind: 'app_link',
      template: 'app_link',
      provider: 'outbox',
      status: 'queued',
      attempts: 0,
    });
    expect(await deliverTexts(queue)).toBe(1);
    const row = await rowOf(queued.id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, providerMessageId: null, error: null });
    expect(row.sentAt).toBeInstanceOf(Date);
    await queue.send(SMS_DELIVERY_QUEUE, { id: queued.id });
    await deliverTexts(queue);
    expect(await rowOf(queued.id)).toEqual(row);
  });

  it('refuses a number that is not E.164 and control characters before recording anything', async () => {
    const queue = await queueFor(localSmsTransport());
    const sender = outboxSmsSender(database.db, queue);
    const before = (await database.db.select().from(smsOutbox)).length;
    await expect(sender.send(text('2015550123'))).rejects.toThrow('E.164');
    await expect(sender.send(text('+1 201 555 0123'))).rejects.toThrow('E.164');
    await expect(sender.send(text('+12015550123', 'hi\u0000there'))).rejects.toThrow('plain text');
    await expect(sender.send(text('+12015550123', '   '))).rejects.toThrow('plain text');
    expect(await database.db.select().from(smsOutbox)).toHaveLength(before);
  });
});

describe('Twilio adapter, against a local fake of its API', () => {
  it('posts To, From and Body with basic auth and records the message SID', async () => {
    const queue = await queueFor(twilio());
    const queued = await outboxSmsSender(database.db, queue, 'twilio').send(text('+12015550101'));
    expect(await deliverTexts(queue)).toBe(1);
    const [message] = messagesTo('+12015550101');
    expect(message).toMatchObject({
      from: TWILIO_TEST_CREDENTIALS.from,
      messagingServiceSid: null,
      body: 'Here is the Grove game for your tablet: https://grove.example/games',
    });
    const request = fake.requests.findLast((r) => r.form.To === '+12015550101')!;
    expect(request).toMatchObject({
      method: 'POST',
      path: `/2010-04-01/Accounts/${TWILIO_TEST_CREDENTIALS.accountSid}/Messages.json`,
      contentType: 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${TWILIO_TEST_CREDENTIALS.accountSid}:${TWILIO_TEST_CREDENTIALS.authToken}`).toString('base64')}`,
    });
    expect(await rowOf(queued.id)).toMatchObject({
      provider: 'twilio',
      status: 'sent',
      attempts: 1,
      providerMessageId: message!.sid,
    });
    expect(message!.sid).toMatch(/^SM[0-9a-f]{32}$/);
  });

  it('uses the Messaging Service when one is configured', async () => {
    const transport = twilio({ from: undefined, messagingServiceSid: `MG${'ab'.repeat(16)}` });
    expect(await transport.deliver({ to: '+12015550102', body: 'Hello' })).toMatch(/^SM/);
    expect(messagesTo('+12015550102')).toEqual([
      expect.objectContaining({ from: null, messagingServiceSid: `MG${'ab'.repeat(16)}` }),
    ]);
  });

  it('tries again with backoff after a 500, then sends it once', async () => {
    const queue = await queueFor(twilio());
    const queued = await outboxSmsSender(database.db, queue, 'twilio').send(text('+12015550103'));
    fake.script({ status: 500 });
    expect(await deliverTexts(queue, { includeRetries: false })).toBe(1);
    expect(await rowOf(queued.id)).toMatchObject({ status: 'queued', attempts: 1, providerMessageId: null });
    expect((await rowOf(queued.id)).error).toMatch(/^Twilio answered 500 \(error 20500\)/);
    const [job] = await deliveryJobs(database, SMS_DELIVERY_QUEUE, queued.id);
    expect(job).toMatchObject({ state: 'retry', retry_limit: 5, retry_delay: 30, retry_backoff: true });
    expect(job!.start_after.getTime()).toBeGreaterThan(Date.now() + 20_000);
    // Not yet due: a plain run finds nothing; the retry (run now) succeeds.
    expect(await deliverTexts(queue, { includeRetries: false })).toBe(0);
    expect(await deliverTexts(queue)).toBe(1);
    expect(await rowOf(queued.id)).toMatchObject({ status: 'sent', attempts: 2, error: null });
    expect(messagesTo('+12015550103')).toHaveLength(1);
  });

  it('tries again after a network failure and a 429', async () => {
    const queue = await queueFor(twilio());
    const queued = await outboxSmsSender(database.db, queue, 'twilio').send(text('+12015550104'));
    fake.script({ close: true }, { status: 429, body: { code: 20429, message: 'Too Many Requests', status: 429 } });
    expect(await deliverTexts(queue)).toBe(3);
    expect(await rowOf(queued.id)).toMatchObject({ status: 'sent', attempts: 3 });
    expect(messagesTo('+12015550104')).toHaveLength(1);
  });

  it('marks a 4xx refusal as failed for good, without retrying', async () => {
    const queue = await queueFor(twilio());
    const queued = await outboxSmsSender(database.db, queue, 'twilio').send(text('+12015550105'));
    fake.script({
      status: 400,
      body: { code: 21610, message: 'Attempt to send to unsubscribed recipient', status: 400 },
    });
    expect(await deliverTexts(queue)).toBe(1);
    const row = await rowOf(queued.id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1, sentAt: null, providerMessageId: null });
    expect(row.error).toBe('Twilio answered 400 (error 21610): Attempt to send to unsubscribed recipient');
    expect((await deliveryJobs(database, SMS_DELIVERY_QUEUE, queued.id))[0]).toMatchObject({
      state: 'completed',
      retry_count: 0,
    });
    expect(messagesTo('+12015550105')).toEqual([]);
  });

  it('marks wrong credentials (401) as failed', async () => {
    const queue = await queueFor(twilio({ authToken: '0'.repeat(32) }));
    const queued = await outboxSmsSender(database.db, queue, 'twilio').send(text('+12015550106'));
    await deliverTexts(queue);
    expect(await rowOf(queued.id)).toMatchObject({
      status: 'failed',
      attempts: 1,
      error: 'Twilio answered 401 (error 20003): Authenticate',
    });
  });

  it('sends a message once when two workers run its job at the same time', async () => {
    const slowFake = await startTwilioFake({ delayMs: 100 });
    try {
      const transport = twilio({ apiUrl: slowFake.url });
      const queue = await queueFor(transport);
      const queued = await outboxSmsSender(database.db, queue, 'twilio').send(text('+12015550107'));
      const outcomes = await Promise.all([
        deliverSms(database.db, transport, queued.id),
        deliverSms(database.db, transport, queued.id),
      ]);
      expect(outcomes.sort()).toEqual(['sent', 'skipped']);
      // The job send() enqueued, and a duplicate of it, find the row sent.
      await queue.send(SMS_DELIVERY_QUEUE, { id: queued.id });
      expect(await deliverTexts(queue)).toBe(2);
      expect(slowFake.messages).toHaveLength(1);
      expect(await rowOf(queued.id)).toMatchObject({
        status: 'sent',
        attempts: 1,
        providerMessageId: slowFake.messages[0]!.sid,
      });
    } finally {
      await slowFake.close();
    }
  });

  it('is what SMS_PROVIDER=twilio selects, with TWILIO_API_URL', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: TWILIO_TEST_CREDENTIALS.accountSid,
      TWILIO_AUTH_TOKEN: TWILIO_TEST_CREDENTIALS.authToken,
      TWILIO_FROM: TWILIO_TEST_CREDENTIALS.from,
      TWILIO_API_URL: fake.url,
    });
    const queue = await startJobQueue(database, { workers: false, log: { error() {}, warn() {} } });
    queues.push(queue);
    const sender = await createSmsSender(config, database.db, queue);
    expect(sender.provider).toBe('twilio');
    const queued = await sender.send(text('+12015550108'));
    await deliverTexts(queue);
    expect(await rowOf(queued.id)).toMatchObject({ provider: 'twilio', status: 'sent' });
    expect(messagesTo('+12015550108')).toHaveLength(1);
  });

  it('leaves a row written for the local outbox to the outbox, and fails a Twilio row without Twilio', async () => {
    const local = await queueFor(localSmsTransport());
    const twilioRow = await outboxSmsSender(database.db, local, 'twilio').send(text('+12015550109'));
    await deliverTexts(local);
    expect(await rowOf(twilioRow.id)).toMatchObject({
      status: 'failed',
      error: 'Written for twilio, but SMS_PROVIDER is now outbox.',
    });
    const outboxRow = await outboxSmsSender(database.db, local, 'outbox').send(text('+12015550110'));
    expect(await deliverSms(database.db, twilio(), outboxRow.id)).toBe('sent');
    expect(messagesTo('+12015550110')).toEqual([]);
  });
});
