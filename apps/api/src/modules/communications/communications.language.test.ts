/**
 * What Grove writes to a person is in their language (issue 29, item 1; decision 0075): e-mails,
 * texts and calendar files for a parent whose `users.language` is 'es' are in Spanish — the
 * e-mails' own words, their times (`11-23-2026 6:21:02 p. m. EST`), the domain's sentences of the
 * weekly digest — and for 'en' (or no choice yet) they read as they always did.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createParent, createUser, issueAccessToken } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/helpers.ts';
import { outboxEmailSender } from '../../adapters/email/outbox.sender.ts';
import { accounts, emailOutbox, playSessions, smsOutbox, users } from '../../db/schema/index.ts';
import { coachWithCalendar, family, slotIn } from '../coaching/coaching.test-support.ts';
import { runWeeklyDigest } from './communications.digest.ts';

const PUBLIC_URL = 'https://portal.grove.test';
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ PUBLIC_URL });
});
afterAll(async () => t?.close());

const speaks = (userId: number, language: 'en' | 'es' | null) =>
  t.db.update(users).set({ language }).where(eq(users.id, userId));
const mailsTo = (userId: number, template: string) =>
  t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.userId, userId), eq(emailOutbox.template, template)));
/** Billing notices name no person, only their address. */
const mailsAt = (address: string, template: string) =>
  t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.template, template)));
const textsTo = (userId: number, template: string) =>
  t.db
    .select()
    .from(smsOutbox)
    .where(and(eq(smsOutbox.userId, userId), eq(smsOutbox.template, template)));

/** Words that are only English: none of them may be left in a Spanish message. */
const ENGLISH =
  /\b(Hello|Hi|the|and|you|your|is|are|was|on|of|to|for|with|played|minutes?|goal|week|rises?|cooldowns?|call|booked|Unsubscribe|charts?|reminder)\b/;
/** A text without its links (they are the same in every language). */
const prose = (text: string) => text.replace(/https?:\/\/\S+/g, '');
const SPANISH_TIME = /\d{2}-\d{2}-\d{4} \d{1,2}:\d{2}:\d{2} (a\. m\.|p\. m\.) E[SD]T/;

let ips = 0;
const resetFor = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v2/auth/password/reset/',
    payload: { email },
    remoteAddress: `198.51.100.${10 + ips++}`,
  });

describe('the password reset e-mail', () => {
  it('is in Spanish for a parent who speaks Spanish, with its link, and its HTML says lang="es"', async () => {
    const parent = await createUser(t.db, { firstName: 'Lucía', language: 'es' });
    expect((await resetFor(parent.email)).statusCode).toBe(200);
    const [mail] = await mailsTo(parent.id, 'password_reset');
    expect(mail!.subject).toBe('Restablezca su contraseña de Grove');
    const [hello, body, link, notYou] = mail!.textBody.split('\n\n');
    expect(hello).toBe('Hola, Lucía:');
    expect(body).toBe(
      'Alguien pidió restablecer la contraseña de su cuenta de Grove. Para elegir una nueva contraseña, abra este enlace en un plazo de 24 horas:',
    );
    expect(link).toMatch(new RegExp(`^${PUBLIC_URL}/start\\?o=[\\w-]+$`));
    expect(notYou).toBe('Si no fue usted, puede ignorar este correo electrónico; su contraseña sigue igual.\n');
    expect(prose(mail!.textBody)).not.toMatch(ENGLISH);
    expect(mail!.htmlBody).toContain('<html dir="ltr" lang="es">');
    expect(mail!.htmlBody).toContain('>Elegir una nueva contraseña</span>');
    expect(mail!.htmlBody).toContain('Si el botón no funciona, copie este enlace en su navegador:');
    expect(mail!.htmlBody).toContain('Este correo electrónico lo envió Grove.');
    expect(mail!.htmlBody).not.toContain('If the button does not work');
  });

  it('reads as always in English, and for a person who has not chosen (null)', async () => {
    for (const language of ['en', null] as const) {
      const parent = await createUser(t.db, { firstName: 'Jordan', language });
      await resetFor(parent.email);
      const [mail] = await mailsTo(parent.id, 'password_reset');
      expect(mail!.subject).toBe('Reset your Grove password');
      expect(mail!.textBody).toMatch(
        /^Hello Jordan,\n\nSomeone asked to reset the password of your Grove account\. To choose a new password, open this link within 24 hours:\n\n/,
      );
      expect(mail!.htmlBody).toContain('<html dir="ltr" lang="en">');
      expect(mail!.htmlBody).toContain('If the button does not work, copy this link into your browser:');
    }
  });
});

describe('a coaching call: its e-mail, its text and its calendar file', () => {
  async function booked(language: 'en' | 'es' | null) {
    const coach = await coachWithCalendar(t);
    const parent = await family(t, { timeZone: 'America/New_York' });
    await speaks(parent.user.id, language);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/coach_booking/book/',
      headers: parent.headers,
      payload: { widget_id: coach.widgetId, starts_at: slotIn(72) },
    });
    expect(res.statusCode, res.body).toBe(201);
    return { coach, parent, call: res.json() as { id: number } };
  }
  const ics = (callId: number, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `/api/v1/coach_booking/coaching_call/${callId}/ics/`, headers });
  /** An iCalendar file's property, its folded lines joined (RFC 5545 §3.1: a break, then a space or a tab). */
  const property = (file: string, name: string) =>
    new RegExp(`^${name}:(.*)$`, 'm').exec(file.replace(/\r\n[ \t]/g, '').replace(/\r\n/g, '\n'))?.[1];

  it('is booked in Spanish, its time in the Spanish format, for a parent who speaks Spanish', async () => {
    const { parent, call } = await booked('es');
    const [mail] = await mailsTo(parent.user.id, 'coaching_booked');
    expect(mail!.subject).toBe('Su llamada de coaching con Coach Person está reservada');
    const [hello, when, manage] = mail!.textBody.split('\n\n');
    expect(hello).toBe('Hola, Test:');
    expect(when).toMatch(
      new RegExp(`^Su llamada de coaching con Coach Person está reservada para el ${SPANISH_TIME.source}\\.$`),
    );
    expect(manage).toBe(
      'Puede agregarla a su calendario, cambiarla de horario o cancelarla desde la página de coaching hasta 24 horas antes de que empiece.',
    );
    expect(prose(mail!.textBody)).not.toMatch(ENGLISH);
    expect(mail!.htmlBody).toContain('>Ver mis llamadas de coaching</span>');

    // The text message in the SMS outbox.
    const [text] = await textsTo(parent.user.id, 'coaching_booked');
    expect(text!.body).toMatch(
      new RegExp(
        `^Hola, Test: su llamada de coaching de Grove con Coach Person está reservada para el ${SPANISH_TIME.source}\\.$`,
      ),
    );

    // The calendar file the parent downloads, whatever the page's language.
    const file = await ics(call.id, { ...parent.headers, 'accept-language': 'en-US' });
    expect(file.statusCode).toBe(200);
    expect(property(file.body, 'SUMMARY')).toBe('Llamada de coaching de Grove con Coach Person');
    expect(property(file.body, 'DESCRIPTION')).toBe(
      `Su llamada de coaching de Grove (30 minutos). Detalles\\, cambios y notas: ${PUBLIC_URL}/dashboard/coaching`,
    );
    const link = await t.app.inject({
      method: 'GET',
      url: `/api/v1/coach_booking/coaching_call/${call.id}/calendar_link/`,
      headers: parent.headers,
    });
    expect(link.json()).toMatchObject({ title: 'Llamada de coaching de Grove con Coach Person' });
  });

  it('reads as always in English; a person who has not chosen gets the calendar file in the page’s language', async () => {
    const { parent, call } = await booked('en');
    const [mail] = await mailsTo(parent.user.id, 'coaching_booked');
    expect(mail!.subject).toBe('Your coaching call with Coach Person is booked');
    expect(mail!.textBody).toMatch(/booked for \d{2}-\d{2}-\d{4} \d{1,2}:\d{2}:00 (AM|PM) E[SD]T\./);
    const [text] = await textsTo(parent.user.id, 'coaching_booked');
    expect(text!.body).toMatch(
      /^Hi Test, your Grove coaching call with Coach Person is booked for .+ (AM|PM) E[SD]T\.$/,
    );
    // English is their choice: a Spanish page does not change it.
    const file = await ics(call.id, { ...parent.headers, 'accept-language': 'es-MX,es;q=0.9' });
    expect(property(file.body, 'SUMMARY')).toBe('Grove coaching call with Coach Person');
    expect(property(file.body, 'DESCRIPTION')).toMatch(/^Your Grove coaching call \(30 minutes\)\. Details/);

    const undecided = await booked(null);
    expect((await mailsTo(undecided.parent.user.id, 'coaching_booked'))[0]!.subject).toBe(
      'Your coaching call with Coach Person is booked',
    );
    const spanishPage = await ics(undecided.call.id, { ...undecided.parent.headers, 'accept-language': 'es' });
    expect(property(spanishPage.body, 'SUMMARY')).toBe('Llamada de coaching de Grove con Coach Person');
    const englishPage = await ics(undecided.call.id, undecided.parent.headers);
    expect(property(englishPage.body, 'SUMMARY')).toBe('Grove coaching call with Coach Person');
  });
});

describe('texts', () => {
  it('the game’s link is texted in the parent’s language', async () => {
    const send = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/sms/message/',
        headers,
        payload: { kind: 'app_link', phonenumber: '2015550123', country: 'US' },
      });
    const spanish = await createParent(t.db, { user: { language: 'es' } });
    expect((await send(spanish.headers)).statusCode).toBe(201);
    const [text] = await textsTo(spanish.user.id, 'app_link');
    expect(text!.body).toMatch(/^Aquí tiene el juego de Grove para su tableta: https?:\/\/\S+$/);
    const english = await createParent(t.db);
    await send(english.headers);
    expect((await textsTo(english.user.id, 'app_link'))[0]!.body).toMatch(
      /^Here is the Grove game for your tablet: https?:\/\/\S+$/,
    );
  });
});

describe('billing notices', () => {
  let unique = 0;
  /** A family that checked out as new visitors (on a page in `pageLanguage`), signed in. */
  async function subscribedFamily(pageLanguage = 'en') {
    const email = `idioma${Date.now()}${unique++}@example.com`;
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/v2/billing/order/',
      payload: {
        plan_tag: 'default',
        first_name: 'Dana',
        last_name: 'Rivera',
        email,
        phonenumber: '2015550123',
        country: 'US',
        shipping: { address_1: '12 Elm Street', city: 'Springfield', state: 'IL', zipcode: '62701', country: 'US' },
      },
    });
    expect(order.statusCode, order.body).toBe(201);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/billing/order/confirm/',
      headers: { 'accept-language': pageLanguage },
      payload: {
        order: order.json().external_id,
        payment_method: { card: { number: '4242424242424242', exp_month: 12, exp_year: 2035, cvc: '123' } },
        consent: true,
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const accountId = res.json().subscription.account_id as number;
    const [parent] = await t.db.select().from(users).where(eq(users.accountId, accountId));
    return { accountId, parent: parent!, headers: authHeaders(await issueAccessToken(t.db, parent!.id)) };
  }
  const cancel = (accountId: number, headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v2/billing/account/${accountId}/subscription/cancel/request/`,
      headers,
      payload: { reason: 'too_expensive' },
    });

  it('a scheduled cancellation is told in Spanish to a billing parent who speaks Spanish', async () => {
    const { accountId, parent, headers } = await subscribedFamily();
    await speaks(parent.id, 'es');
    const res = await cancel(accountId, headers);
    expect(res.statusCode, res.body).toBe(200);
    // The answer is the request's (English here); the e-mail is the parent's.
    expect(res.json().detail).toMatch(/^Your subscription ends on /);
    const [mail] = await mailsAt(parent.email, 'billing_notice').then((rows) =>
      rows.filter((row) => row.subject.includes('cancelación')),
    );
    expect(mail!.subject).toBe('Su cancelación de Grove está programada');
    const [hello, ends, undo, questions] = mail!.textBody.split('\n\n');
    expect(hello).toBe('Hola, Dana:');
    expect(ends).toMatch(
      new RegExp(
        `^Su suscripción termina el ${SPANISH_TIME.source}\\. Hasta entonces todo sigue funcionando y no se cobra nada más\\.$`,
      ),
    );
    expect(undo).toBe(
      '¿Cambió de opinión? Deshaga la cancelación desde Suscripción y facturación en cualquier momento antes de esa fecha.',
    );
    expect(questions).toBe('¿Preguntas? Simplemente responda a este correo electrónico. El equipo de Grove.\n');
    expect(prose(mail!.textBody)).not.toMatch(ENGLISH);
  });

  it('a family checking out on a Spanish page gets its confirmation and its set-password link in Spanish', async () => {
    const { parent } = await subscribedFamily('es-US,es;q=0.9');
    const [confirmation] = await mailsAt(parent.email, 'billing_notice');
    expect(confirmation!.subject).toBe('Su pedido de Grove está confirmado');
    expect(confirmation!.textBody).toMatch(
      /^Hola, Dana:\n\n¡Gracias por unirse a Grove! Su pedido de .+ está confirmado\.\n\n/,
    );
    expect(confirmation!.textBody).toMatch(
      new RegExp(`Su prueba gratuita termina el ${SPANISH_TIME.source}|Cobramos \\$`),
    );
    const [invite] = await mailsTo(parent.id, 'access_invite');
    expect(invite!.subject).toBe('Su acceso a Grove');
  });

  it('reads as always in English', async () => {
    const { accountId, parent, headers } = await subscribedFamily();
    await cancel(accountId, headers);
    const [mail] = await mailsAt(parent.email, 'billing_notice').then((rows) =>
      rows.filter((row) => row.subject.includes('cancellation')),
    );
    expect(mail!.subject).toBe('Your Grove cancellation is scheduled');
    expect(mail!.textBody).toMatch(
      /^Hello Dana,\n\nYour subscription ends on \d{2}-\d{2}-\d{4} \d{1,2}:\d{2}:\d{2} (AM|PM) E[SD]T\. Until then everything keeps working, and nothing more is charged\.\n\n/,
    );
    expect(mail!.textBody).toContain('Questions? Just reply to this e-mail — the Grove team.');
  });
});

describe('the weekly digest', () => {
  const run = (iso: string) =>
    runWeeklyDigest({ db: t.db, email: outboxEmailSender(t.db, t.app.jobs), publicUrl: PUBLIC_URL }, new Date(iso));
  let sessions = 0;
  const play = (accountId: number, playerId: number, at: string, minutes: number, rises: number, cooldowns: number) =>
    t.db.insert(playSessions).values({
      accountId,
      playerId,
      gameSessionId: `idioma-${sessions++}`,
      periodDatetime: new Date(at),
      secondsPlayed: minutes * 60,
      hrRiseCount: rises,
      coolDownCount: cooldowns,
    });

  /** A family in Mexico City (UTC−6): its week 9–15 March 2026 reported on Monday 16 March at 08:00 (14:00 UTC). */
  async function familyWithAWeekOfPlay(language: 'en' | 'es') {
    const parent = await createParent(t.db, {
      players: ['Kai', 'Lucía'],
      user: { passwordHash: 'argon2-hash', firstName: 'Marisol', language },
    });
    await t.db.update(accounts).set({ timeZone: 'America/Mexico_City' }).where(eq(accounts.id, parent.account.id));
    const [kai, lucia] = parent.players;
    // Kai: three goal weeks in a row, 5 rises after 3, 1 cooldown after 1.
    await play(parent.account.id, kai!.id, '2026-02-24T18:00:00Z', 50, 0, 0);
    await play(parent.account.id, kai!.id, '2026-03-03T18:00:00Z', 50, 3, 1);
    await play(parent.account.id, kai!.id, '2026-03-10T18:00:00Z', 50, 5, 1);
    // Lucía: 20 minutes after 10, 1 rise after 4, 2 cooldowns after 0.
    await play(parent.account.id, lucia!.id, '2026-03-04T18:00:00Z', 10, 4, 0);
    await play(parent.account.id, lucia!.id, '2026-03-11T18:00:00Z', 20, 1, 2);
    return parent;
  }

  it('is entirely in Spanish for a parent who speaks Spanish', async () => {
    const parent = await familyWithAWeekOfPlay('es');
    await run('2026-03-16T14:00:00Z');
    const [mail] = await mailsTo(parent.user.id, 'weekly_digest');
    expect(mail!.subject).toBe('La semana de su familia en Grove: del 03-09-2026 al 03-15-2026');
    const lines = mail!.textBody.split('\n\n');
    expect(lines.slice(0, 6)).toEqual([
      'Hola, Marisol:',
      'Así fue la semana pasada, del lunes 03-09-2026 al domingo 03-15-2026. La meta es de 45 minutos de juego por semana.',
      'Kai jugó 50 de 45 minutos (meta alcanzada). 5 subidas del pulso (más que la semana anterior: 3), 1 recuperación (igual que la semana anterior).',
      '¡Excelente! Kai alcanzó la meta semanal. ¡Sigan así! Kai alcanzó la meta 3 semanas seguidas.',
      'Lucía jugó 20 de 45 minutos (le faltan 25). 1 subida del pulso (menos que la semana anterior: 4), 2 recuperaciones (más que la semana anterior: 0).',
      'Lucía jugó más que la semana anterior. ¡Solo faltan 25 minutos para alcanzar la meta!',
    ]);
    expect(lines[6]).toBe(`${PUBLIC_URL}/dashboard/stats`);
    expect(lines[7]).toMatch(
      new RegExp(
        `^Recibe este resumen cada lunes\\. Puede desactivarlo desde la página de su cuenta o con este enlace:\\n${PUBLIC_URL}/unsubscribe\\?t=\\S+\\n$`,
      ),
    );
    expect(prose(mail!.textBody)).not.toMatch(ENGLISH);
    expect(mail!.htmlBody).toContain('>Dejar de recibir el resumen</a>');
    expect(mail!.htmlBody).toContain('>Ver los gráficos</span>');
    expect(prose(mail!.htmlBody!.replace(/<[^>]+>/g, ' '))).not.toMatch(ENGLISH);
  });

  it('reads as always in English', async () => {
    const parent = await familyWithAWeekOfPlay('en');
    await run('2026-03-16T14:00:00Z');
    const [mail] = await mailsTo(parent.user.id, 'weekly_digest');
    expect(mail!.subject).toBe("Your family's week in Grove: 03-09-2026 to 03-15-2026");
    expect(mail!.textBody.split('\n\n').slice(0, 6)).toEqual([
      'Hello Marisol,',
      'Here is how last week went, from Monday 03-09-2026 to Sunday 03-15-2026. The goal is 45 minutes of play a week.',
      'Kai played 50 of 45 minutes (goal reached). 5 heart-rate rises (up from 3), 1 cooldown (same as the week before).',
      'Wonderful: Kai reached the weekly goal. Keep it up! Kai has reached the goal 3 weeks in a row.',
      'Lucía played 20 of 45 minutes (25 to go). 1 heart-rate rise (down from 4), 2 cooldowns (up from 0).',
      'Lucía played more than the week before. Only 25 more minutes to reach the goal!',
    ]);
    expect(mail!.htmlBody).toContain('>Unsubscribe</a>');
  });
});
