import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { createTransport } from 'nodemailer';
import { SMTPServer, type SMTPServerError } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { emailOutbox } from '../../db/schema/index.ts';
import { createUser } from '../../../test/factories.ts';
import { selfSignedCertificate } from '../../../test/fixtures/self-signed-certificate.ts';
import { openTestDatabase } from '../../../test/helpers.ts';
import { deliverEmails, deliveryJobs } from '../../../test/outbox.ts';
import { startJobQueue, type JobQueue } from '../../jobs/queue.ts';
import { createEmailSender } from './create-email-sender.ts';
import { DELIVERY_JOB } from './delivery.ts';
import type { EmailMessage, EmailTransport } from './email.port.ts';
import { REMOVED_SECRET } from './outbox.repository.ts';
import {
  createOutboxEmailSender,
  deliverEmail,
  EMAIL_DELIVERY_QUEUE,
  localEmailTransport,
  outboxEmailSender,
  registerEmailDelivery,
} from './outbox.sender.ts';
import { smtpTransport, smtpTransportOptions, type SmtpSenderOptions } from './smtp.sender.ts';
import { renderEmail } from './templates.ts';

const certificate = selfSignedCertificate('127.0.0.1');
const USER = 'grove-mailer';
const PASSWORD = 'p@ss:wörd/42';

interface ReceivedMail {
  mailFrom: string;
  rcptTo: string[];
  secure: boolean;
  user: unknown;
  raw: string;
  parsed: ParsedMail;
}

/**
 * A real SMTP server (the smtp-server package) on a free local port. It offers STARTTLS with a
 * self-signed certificate made for this run (or speaks TLS from the start with `implicitTls`),
 * AUTH PLAIN and LOGIN, and keeps every message it accepts, parsed with mailparser.
 */
async function startSmtpServer(
  options: { implicitTls?: boolean; offerTls?: boolean; requireAuth?: boolean; rejectRecipient?: string } = {},
) {
  const offerTls = options.offerTls ?? true;
  const auths: { method: string; username?: string; password?: string | null; secure: boolean }[] = [];
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    secure: options.implicitTls ?? false,
    key: certificate.key,
    cert: certificate.cert,
    authMethods: ['PLAIN', 'LOGIN'],
    disabledCommands: offerTls ? [] : ['STARTTLS'],
    // Without TLS on offer this server would take a password in clear text, as a careless server
    // does: only the client can keep it off the wire.
    allowInsecureAuth: !offerTls,
    authOptional: !options.requireAuth,
    logger: false,
    onAuth(auth, session, callback) {
      auths.push({ method: auth.method, username: auth.username, password: auth.password, secure: session.secure });
      if (auth.username === USER && auth.password === PASSWORD) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, callback) {
      if (address.address !== options.rejectRecipient) return callback();
      const error: SMTPServerError = new Error('5.1.1 No such user here');
      error.responseCode = 550;
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw).then(
          (parsed) => {
            received.push({
              mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              rcptTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              secure: session.secure,
              user: session.user,
              raw: raw.toString('latin1'),
              parsed,
            });
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    auths,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let database: Database;
const queues: JobQueue[] = [];
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  for (const queue of queues) await queue.stop();
  await database.close();
});

/**
 * An enqueue-only job queue on the test database. A sender registers its delivery job's handler on
 * one, so each sender gets its own; the tests run its jobs with `drain`, one test after the other.
 */
async function freshQueue() {
  const queue = await startJobQueue(database, { workers: false, log: { error() {}, warn() {} } });
  queues.push(queue);
  return queue;
}

/** A fresh queue whose delivery job delivers through the local outbox transport. */
async function localQueue() {
  const queue = await freshQueue();
  await registerEmailDelivery(database.db, queue, localEmailTransport());
  return queue;
}

const rowsTo = (to: string) => database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));
const statusOf = async (to: string) => (await rowsTo(to))[0]?.status;
/** Runs the sender's delivery jobs (retries at once), then checks the row's final status. */
async function settled(sender: { deliver(): Promise<number> }, to: string, status: 'sent' | 'failed') {
  await sender.deliver();
  expect(await statusOf(to)).toBe(status);
}

const SUBJECT = 'Réinitialisez votre mot de passe — Grove ✓';
const message = (to: string): EmailMessage => ({
  to,
  subject: SUBJECT,
  text: 'Bonjour Zoë,\n\nOuvrez ce lien :\n\nhttps://grove.test/start?o=abc\n',
  html: '<p>Bonjour Zoë,</p><p><a href="https://grove.test/start?o=abc">Choisir un mot de passe</a></p>',
  template: 'password_reset',
});

/**
 * A sender for a local test server: it trusts the test certificate, and only that. `deliver` runs
 * its delivery jobs, failed ones again at once until they succeed or fail for good.
 */
async function testSender(url: string, extra: Partial<SmtpSenderOptions> = {}) {
  const queue = await freshQueue();
  const transport = smtpTransport({
    url,
    from: 'Grove <no-reply@grove.test>',
    tls: { ca: certificate.cert },
    ...extra,
  });
  const sender = await createOutboxEmailSender(database.db, queue, transport);
  return {
    queue,
    send: sender.send,
    deliver: () => deliverEmails(queue),
    close: () => sender.close(),
  };
}

const firstAddress = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field[0] : field)?.value[0];

describe('templates', () => {
  const link = 'https://grove.test/start?o=abc&x=1';

  it('renders the reset mail as text and HTML', async () => {
    const mail = await renderEmail('password_reset', { firstName: 'Jordan', link }, 'en');
    expect(mail.template).toBe('password_reset');
    expect(mail.subject).toBe('Reset your Grove password');
    expect(mail.text).toBe(
      `Hello Jordan,\n\nSomeone asked to reset the password of your Grove account. To choose a new password, open this link within 24 hours:\n\n${link}\n\nIf it was not you, you can ignore this e-mail; your password stays as it is.\n`,
    );
    // React Email's document: the doctype e-mail clients expect, the page's language.
    expect(mail.html).toMatch(/^<!DOCTYPE html PUBLIC "-\/\/W3C\/\/DTD XHTML 1\.0 Transitional\/\/EN"/);
    expect(mail.html).toContain('<html dir="ltr" lang="en">');
    expect(mail.html).toContain('<title>Reset your Grove password</title>');
    expect(mail.html).toContain('Hello Jordan,');
    // The button, and the raw link for clients that do not show it; & escaped in both.
    expect(mail.html).toMatch(
      /<a href="https:\/\/grove\.test\/start\?o=abc&amp;x=1" style="[^"]*" target="_blank">(?:(?!<\/a>).)*>Choose a new password<\/span>/,
    );
    expect(mail.html).toMatch(
      /<a href="https:\/\/grove\.test\/start\?o=abc&amp;x=1" [^>]*>https:\/\/grove\.test\/start\?o=abc&amp;x=1<\/a>/,
    );
    expect(mail.html).toContain('If the button does not work, copy this link into your browser:');
    expect(mail.html).toContain('your password stays as it is.');
    expect(mail.html).toContain('This e-mail was sent by Grove.');
  });

  it('renders the invitation', async () => {
    const mail = await renderEmail('access_invite', { firstName: 'Sam', link }, 'en');
    expect(mail).toMatchObject({ template: 'access_invite', subject: 'Your access to Grove' });
    expect(mail.text).toBe(
      `Hello Sam,\n\nTo set your password and sign in to Grove, open this link within 7 days:\n\n${link}\n\nIf you did not ask for access, you can ignore this e-mail.\n`,
    );
    expect(mail.html).toContain('>Set your password</span>');
  });

  it('escapes every value it puts into the HTML, and keeps it verbatim in the text', async () => {
    const firstName = `<img src=x onerror="alert(1)"> & 'Co' <script>alert(2)</script>`;
    const newEmail = `"><script>alert(3)</script>@evil.test`;
    const hostile = 'https://grove.test/start?o="><script>x</script>\'';
    for (const language of ['en', 'es'] as const) {
      const mail = await renderEmail('email_change_confirm', { firstName, newEmail, link: hostile }, language);
      // React writes text and attribute values escaped: no tag, no attribute comes from the data.
      expect(mail.html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &#x27;Co&#x27; &lt;script&gt;');
      expect(mail.html).not.toContain('<img');
      expect(mail.html).not.toContain('<script');
      expect(mail.html).not.toMatch(/onerror="/);
      expect(mail.html).toContain('href="https://grove.test/start?o=&quot;&gt;&lt;script&gt;x&lt;/script&gt;&#x27;"');
      expect(mail.html).toContain('&quot;&gt;&lt;script&gt;alert(3)&lt;/script&gt;@evil.test');
      // The subject is the <title>'s text: escaped there too.
      expect(mail.html.match(/<title>[^<]*<\/title>/)).not.toBeNull();
      // The plain-text part says it as it was given.
      expect(mail.text).toContain(firstName);
      expect(mail.text).toContain(newEmail);
      expect(mail.text).toContain(hostile);
    }
    const support = await renderEmail(
      'support_ticket_received',
      { firstName: 'Sam', subject: '</title><script>alert(4)</script>', ticketNumber: 7 },
      'en',
    );
    expect(support.subject).toBe('We received your message: </title><script>alert(4)</script>');
    expect(support.html).toContain(
      '<title>We received your message: &lt;/title&gt;&lt;script&gt;alert(4)&lt;/script&gt;</title>',
    );
    expect(support.html).not.toContain('<script');
  });

  it('refuses links that are not http(s) URLs', async () => {
    await expect(renderEmail('access_invite', { firstName: 'Sam', link: 'javascript:alert(1)' }, 'en')).rejects.toThrow(
      'http',
    );
    await expect(renderEmail('access_invite', { firstName: 'Sam', link: '/start?o=abc' }, 'en')).rejects.toThrow(
      'absolute',
    );
  });
});

describe('outbox adapter (the local default)', () => {
  it('writes the message as queued with its delivery job; the job marks it sent, once', async () => {
    const queue = await freshQueue();
    const sender = await createOutboxEmailSender(database.db, queue, localEmailTransport());
    expect(sender.provider).toBe('outbox');
    const { id } = await sender.send({ ...message('outbox@example.test'), userId: undefined });
    const rows = await rowsTo('outbox@example.test');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id,
      subject: SUBJECT,
      template: 'password_reset',
      provider: 'outbox',
      status: 'queued',
      attempts: 0,
      userId: null,
      sentAt: null,
      textBody: message('x').text,
      htmlBody: message('x').html,
    });
    const [job] = await deliveryJobs(database, EMAIL_DELIVERY_QUEUE, id);
    expect(job).toMatchObject({ state: 'created', retry_limit: 5, retry_delay: 30, retry_backoff: true });

    expect(await deliverEmails(queue)).toBe(1);
    const [sent] = await rowsTo('outbox@example.test');
    expect(sent).toMatchObject({ status: 'sent', attempts: 1, error: null, providerMessageId: null });
    expect(sent!.sentAt).toBeInstanceOf(Date);

    // The same row's job again (a retry racing an expired run, a job enqueued twice): nothing happens.
    await queue.send(EMAIL_DELIVERY_QUEUE, { id });
    expect(await deliverEmails(queue)).toBe(1);
    expect(await rowsTo('outbox@example.test')).toEqual([sent]);
  });

  it('hands a message to its transport once, even when two runs race for it', async () => {
    const queue = await localQueue();
    const delivered: string[] = [];
    const slow: EmailTransport = {
      provider: 'outbox',
      deliver: async (mail) => {
        delivered.push(mail.to);
        await new Promise((resolve) => setTimeout(resolve, 50));
        return null;
      },
      close: async () => {},
    };
    const { id } = await outboxEmailSender(database.db, queue).send(message('race@example.test'));
    const outcomes = await Promise.all([
      deliverEmail(database.db, slow, id),
      deliverEmail(database.db, slow, id),
      deliverEmail(database.db, slow, id),
    ]);
    expect(outcomes.sort()).toEqual(['sent', 'skipped', 'skipped']);
    expect(delivered).toEqual(['race@example.test']);
    expect((await rowsTo('race@example.test'))[0]).toMatchObject({ status: 'sent', attempts: 1 });
    await deliverEmails(queue); // the job send() enqueued finds the row sent
    expect((await rowsTo('race@example.test'))[0]).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('writes inside the caller’s transaction: a rollback leaves neither the row nor its job', async () => {
    const queue = await localQueue();
    const sender = outboxEmailSender(database.db, queue);
    let rolledBack = 0;
    await expect(
      database.db.transaction(async (tx) => {
        rolledBack = (await sender.send({ ...message('rollback@example.test') }, tx)).id;
        throw new Error('the caller changed its mind');
      }),
    ).rejects.toThrow('changed its mind');
    expect(rolledBack).toBeGreaterThan(0);
    expect(await rowsTo('rollback@example.test')).toEqual([]);
    expect(await deliveryJobs(database, EMAIL_DELIVERY_QUEUE, rolledBack)).toEqual([]);

    const committed = await database.db.transaction((tx) => sender.send(message('commit@example.test'), tx));
    expect(await rowsTo('commit@example.test')).toEqual([expect.objectContaining({ id: committed.id })]);
    expect(await deliveryJobs(database, EMAIL_DELIVERY_QUEUE, committed.id)).toHaveLength(1);
    await deliverEmails(queue);
  });

  it('refuses header values with line breaks, and lists of recipients, before recording anything', async () => {
    const queue = await localQueue();
    const sender = outboxEmailSender(database.db, queue);
    await expect(sender.send({ ...message('a@example.test'), subject: 'Hi\r\nBcc: x@evil.test' })).rejects.toThrow(
      'one line',
    );
    await expect(sender.send(message('a@example.test, b@evil.test'))).rejects.toThrow('one address');
    expect(await rowsTo('a@example.test')).toEqual([]);
  });

  it('is what the configuration selects by default', async () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(config.EMAIL_PROVIDER).toBe('outbox');
    const sender = await createEmailSender(config, database.db, await freshQueue());
    expect(sender.provider).toBe('outbox');
    await expect(sender.close?.()).resolves.toBeUndefined();
    await expect(sender.send(message('closed@example.test'))).rejects.toThrow('closed');
  });

  it('gives up after the last try: 1 + 5 tries, then failed', async () => {
    const queue = await localQueue();
    const { id } = await outboxEmailSender(database.db, queue).send(message('flaky@example.test'));
    const failing: EmailTransport = {
      provider: 'outbox',
      deliver: async () => {
        throw new Error('connection reset');
      },
      close: async () => {},
    };
    for (let retryCount = 0; retryCount < DELIVERY_JOB.retryLimit!; retryCount++) {
      await expect(deliverEmail(database.db, failing, id, retryCount)).rejects.toThrow('connection reset');
      expect((await rowsTo('flaky@example.test'))[0]).toMatchObject({
        status: 'queued',
        attempts: retryCount + 1,
        error: 'connection reset',
      });
    }
    expect(await deliverEmail(database.db, failing, id, DELIVERY_JOB.retryLimit)).toBe('failed');
    expect((await rowsTo('flaky@example.test'))[0]).toMatchObject({ status: 'failed', attempts: 6, sentAt: null });
    await deliverEmails(queue); // its job finds the row failed: nothing more
    expect((await rowsTo('flaky@example.test'))[0]).toMatchObject({ status: 'failed', attempts: 6 });
  });
});

describe('SMTP adapter settings', () => {
  it('needs SMTP_URL when selected', async () => {
    expect(() => loadConfig({ EMAIL_PROVIDER: 'smtp' })).toThrow(ConfigError);
    const config = loadConfig({ EMAIL_PROVIDER: 'smtp', SMTP_URL: 'smtp://127.0.0.1:2525' });
    const sender = await createEmailSender(config, database.db, await freshQueue());
    expect(sender.provider).toBe('smtp');
    await sender.close?.();
  });

  it('reads SMTP_URL into a pooled transport that sends credentials only over TLS', () => {
    const from = 'Grove <no-reply@grove.test>';
    expect(smtpTransportOptions({ url: 'smtp://me%40x.test:s%3Acret@mail.example.org', from })).toMatchObject({
      pool: true,
      host: 'mail.example.org',
      port: 587,
      secure: false,
      requireTLS: true,
      auth: { user: 'me@x.test', pass: 's:cret' },
    });
    expect(smtpTransportOptions({ url: 'smtps://me:secret@mail.example.org', from })).toMatchObject({
      pool: true,
      port: 465,
      secure: true,
      requireTLS: false,
    });
    // No credentials: STARTTLS when offered (nodemailer's default), plain SMTP otherwise (a local relay).
    expect(smtpTransportOptions({ url: 'smtp://[::1]:2525', from })).toMatchObject({
      host: '::1',
      port: 2525,
      secure: false,
      requireTLS: false,
      auth: undefined,
    });
  });
});

describe('SMTP adapter, against a local SMTP server', () => {
  it('delivers text and HTML over STARTTLS with AUTH, and records the Message-ID', async () => {
    const server = await startSmtpServer({ requireAuth: true });
    const sender = await testSender(`smtp://${USER}:${encodeURIComponent(PASSWORD)}@127.0.0.1:${server.port}`, {
      from: 'Zoë Müller — Grove <no-reply@grove.test>',
    });
    try {
      await sender.send(message('Zoë Müller <zoe@example.test>'));
      expect(await statusOf('Zoë Müller <zoe@example.test>')).toBe('queued');
      await settled(sender, 'Zoë Müller <zoe@example.test>', 'sent');

      const [row] = await rowsTo('Zoë Müller <zoe@example.test>');
      expect(row).toMatchObject({ provider: 'smtp', error: null, htmlBody: message('x').html });
      expect(row!.sentAt).toBeInstanceOf(Date);
      expect(row!.providerMessageId).toMatch(/^<[\w.-]+@grove\.test>$/);

      expect(server.auths).toEqual([{ method: 'PLAIN', username: USER, password: PASSWORD, secure: true }]);
      expect(server.received).toHaveLength(1);
      const [mail] = server.received;
      expect(mail).toMatchObject({
        mailFrom: 'no-reply@grove.test',
        rcptTo: ['zoe@example.test'],
        secure: true,
        user: USER,
      });

      const { parsed, raw } = mail!;
      expect(parsed.from?.value).toEqual([{ name: 'Zoë Müller — Grove', address: 'no-reply@grove.test' }]);
      expect(firstAddress(parsed.to)).toEqual({ name: 'Zoë Müller', address: 'zoe@example.test' });
      expect(parsed.subject).toBe(SUBJECT);
      expect(parsed.messageId).toBe(row!.providerMessageId);
      expect(parsed.text).toBe(message('x').text);
      expect(parsed.html).toBe(message('x').html);

      const headers = raw.slice(0, raw.indexOf('\r\n\r\n'));
      expect(headers).toMatch(/^Content-Type: multipart\/alternative;/m);
      // Non-ASCII header values travel as encoded words: the header block is 7-bit ASCII.
      expect(headers).toMatch(/^[\x20-\x7e\r\n\t]+$/);
      expect(headers).toMatch(/^Subject: =\?UTF-8\?/m);
    } finally {
      await sender.close();
      await server.close();
    }
  });

  it('delivers over implicit TLS (smtps://)', async () => {
    const server = await startSmtpServer({ implicitTls: true, requireAuth: true });
    const sender = await testSender(`smtps://${USER}:${encodeURIComponent(PASSWORD)}@127.0.0.1:${server.port}`);
    try {
      await sender.send(message('smtps@example.test'));
      await settled(sender, 'smtps@example.test', 'sent');
      expect(server.auths).toEqual([expect.objectContaining({ username: USER, secure: true })]);
      expect(server.received.map((mail) => [mail.secure, mail.parsed.subject])).toEqual([[true, SUBJECT]]);
    } finally {
      await sender.close();
      await server.close();
    }
  });

  it('delivers several messages over the pool', async () => {
    const server = await startSmtpServer();
    const sender = await testSender(`smtp://127.0.0.1:${server.port}`);
    try {
      const recipients = ['pool-1@example.test', 'pool-2@example.test', 'pool-3@example.test'];
      for (const to of recipients) await sender.send(message(to));
      for (const to of recipients) expect(await statusOf(to)).toBe('queued');
      expect(await sender.deliver()).toBe(3);
      await sender.close();
      for (const to of recipients) expect(await statusOf(to)).toBe('sent');
      expect(server.received.map((mail) => mail.rcptTo[0]).sort()).toEqual(recipients);
      // STARTTLS is used whenever offered, credentials or not.
      expect(server.received.every((mail) => mail.secure)).toBe(true);
      await expect(sender.send(message('after-close@example.test'))).rejects.toThrow('closed');
      expect(await rowsTo('after-close@example.test')).toEqual([]);
    } finally {
      await sender.close();
      await server.close();
    }
  });

  it('records a refused recipient as failed with the server’s answer', async () => {
    const server = await startSmtpServer({ rejectRecipient: 'refused@example.test' });
    const sender = await testSender(`smtp://127.0.0.1:${server.port}`);
    try {
      await sender.send(message('refused@example.test'));
      await settled(sender, 'refused@example.test', 'failed');
      const [row] = await rowsTo('refused@example.test');
      expect(row!.error).toContain('550');
      // A 5xx refusal is for good: one try, no retry.
      expect(row!.attempts).toBe(1);
      expect(row!.providerMessageId).toBeNull();
      expect(row!.sentAt).toBeNull();
      expect(server.received).toEqual([]);
    } finally {
      await sender.close();
      await server.close();
    }
  });

  it('does not send credentials to a server that offers no TLS', async () => {
    const server = await startSmtpServer({ offerTls: false });
    const url = `smtp://${USER}:${encodeURIComponent(PASSWORD)}@127.0.0.1:${server.port}`;

    // The server would take them: a client that does not insist on TLS logs in in clear text.
    const careless = createTransport({ url, requireTLS: false });
    await careless.sendMail({ from: 'x@grove.test', to: 'control@example.test', subject: 'control', text: 'x' });
    careless.close();
    expect(server.auths).toEqual([expect.objectContaining({ username: USER, password: PASSWORD, secure: false })]);
    server.auths.length = 0;

    const sender = await testSender(url);
    try {
      await sender.send(message('cleartext@example.test'));
      await settled(sender, 'cleartext@example.test', 'failed');
      expect((await rowsTo('cleartext@example.test'))[0]!.error).toContain('STARTTLS');
      expect(server.auths).toEqual([]);
      expect(server.received.map((mail) => mail.rcptTo)).toEqual([['control@example.test']]);
    } finally {
      await sender.close();
      await server.close();
    }
  });

  it('does not trust a certificate it cannot verify', async () => {
    const server = await startSmtpServer({ requireAuth: true });
    const sender = await testSender(`smtp://${USER}:${encodeURIComponent(PASSWORD)}@127.0.0.1:${server.port}`, {
      tls: undefined,
    });
    try {
      await sender.send(message('untrusted@example.test'));
      await settled(sender, 'untrusted@example.test', 'failed');
      expect((await rowsTo('untrusted@example.test'))[0]!.error).toMatch(/certificate/i);
      expect(server.auths).toEqual([]);
    } finally {
      await sender.close();
      await server.close();
    }
  });

  it('tries an unreachable server again with backoff, then records it as failed', async () => {
    const server = await startSmtpServer();
    await server.close();
    const sender = await testSender(`smtp://127.0.0.1:${server.port}`);
    try {
      const { id } = await sender.send(message('unreachable@example.test'));
      // The first try fails: the row waits for the next one, 30 s or more later.
      expect(await deliverEmails(sender.queue, { includeRetries: false })).toBe(1);
      expect((await rowsTo('unreachable@example.test'))[0]).toMatchObject({ status: 'queued', attempts: 1 });
      const [job] = await deliveryJobs(database, EMAIL_DELIVERY_QUEUE, id);
      expect(job).toMatchObject({ state: 'retry', retry_count: 0, retry_backoff: true });
      expect(job!.start_after.getTime()).toBeGreaterThan(Date.now() + 20_000);
      // The other five tries (run at once here) fail too: failed for good.
      await settled(sender, 'unreachable@example.test', 'failed');
      const [row] = await rowsTo('unreachable@example.test');
      expect(row!.error).toMatch(/ECONNREFUSED|connect/i);
      expect(row!.attempts).toBe(6);
      // The row holds the outcome; the job itself is done (no seventh try).
      expect((await deliveryJobs(database, EMAIL_DELIVERY_QUEUE, id))[0]).toMatchObject({
        state: 'completed',
        retry_count: 5,
      });
    } finally {
      await sender.close();
    }
  });

  it('refuses header injection and recipient lists before recording anything', async () => {
    const sender = await testSender('smtp://127.0.0.1:9');
    const before = (await database.db.select().from(emailOutbox)).length;
    try {
      await expect(
        sender.send({ ...message('inject@example.test'), subject: 'Hi\r\nBcc: x@evil.test' }),
      ).rejects.toThrow('one line');
      await expect(sender.send(message('inject@example.test\r\nBcc: x@evil.test'))).rejects.toThrow('one line');
      await expect(sender.send(message('inject@example.test, x@evil.test'))).rejects.toThrow('one address');
      await expect(sender.send(message('Group: inject@example.test;'))).rejects.toThrow('one address');
      await expect(sender.send(message('not an address'))).rejects.toThrow('one address');
      expect(await database.db.select().from(emailOutbox)).toHaveLength(before);
    } finally {
      await sender.close();
    }
  });
});

describe('one-time secrets in the outbox', () => {
  const PUBLIC_URL = 'https://portal.grove.test';
  const tokenIn = (body: string) => /\/start\?o=([\w-]+)/.exec(body)?.[1];

  /** The real app on this file's database, e-mailing through `smtpUrl` (or the local outbox). */
  async function appWith(env: Record<string, string>) {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: '.tmp/no-web',
      PUBLIC_URL,
      ...env,
    });
    const app = await buildApp(config, database, { logger: false });
    await app.ready();
    return app;
  }

  it('a delivered reset e-mail leaves no usable link in its row; the message itself had it', async () => {
    const server = await startSmtpServer({ offerTls: false });
    const app = await appWith({ EMAIL_PROVIDER: 'smtp', SMTP_URL: `smtp://127.0.0.1:${server.port}` });
    try {
      const user = await createUser(database.db, { firstName: 'Robin' });
      const asked = await app.inject({
        method: 'POST',
        url: '/api/v2/auth/password/reset/',
        payload: { email: user.email },
        remoteAddress: '198.51.100.201',
      });
      expect(asked.statusCode).toBe(200);
      // Before delivery the row is what the mail server will get: the link, and its token to remove.
      const [queued] = await rowsTo(user.email);
      const token = tokenIn(queued!.textBody)!;
      expect(queued).toMatchObject({ status: 'queued', provider: 'smtp', secrets: [token] });

      await deliverEmails(app.jobs);
      const [row] = await rowsTo(user.email);
      expect(row).toMatchObject({ status: 'sent', secrets: null });
      expect(row!.textBody).not.toContain(token);
      expect(row!.htmlBody).not.toContain(token);
      // A note that a link was sent stays, without the token.
      expect(row!.textBody).toContain(`${PUBLIC_URL}/start?o=${REMOVED_SECRET}`);
      expect(row!.htmlBody).toContain(`${PUBLIC_URL}/start?o=${REMOVED_SECRET}`);

      // What the row holds now opens nothing …
      const fromRow = await app.inject({
        method: 'GET',
        url: `/api/v2/auth/password/set/?o=${tokenIn(row!.textBody)}`,
      });
      expect(fromRow.statusCode).toBe(404);
      expect(fromRow.json()).toMatchObject({ code: 'link_invalid' });
      // … while the delivered message carried the live link, in both parts.
      const [mail] = server.received;
      expect(mail!.rcptTo).toEqual([user.email]);
      expect(mail!.parsed.text).toContain(`${PUBLIC_URL}/start?o=${token}`);
      expect(mail!.parsed.html).toContain(`${PUBLIC_URL}/start?o=${token}`);
      const fromMail = await app.inject({
        method: 'GET',
        url: `/api/v2/auth/password/set/?o=${tokenIn(mail!.parsed.text!)}`,
      });
      expect(fromMail.statusCode).toBe(200);
      expect(fromMail.json()).toMatchObject({ email: user.email, purpose: 'reset' });
    } finally {
      await app.close();
      await server.close();
    }
  });

  it('a message refused for good keeps no secret either', async () => {
    const server = await startSmtpServer({ offerTls: false, rejectRecipient: 'refused-link@example.test' });
    const app = await appWith({ EMAIL_PROVIDER: 'smtp', SMTP_URL: `smtp://127.0.0.1:${server.port}` });
    try {
      await createUser(database.db, { email: 'refused-link@example.test' });
      await app.inject({
        method: 'POST',
        url: '/api/v2/auth/access/request/',
        payload: { email: 'refused-link@example.test' },
        remoteAddress: '198.51.100.202',
      });
      await deliverEmails(app.jobs);
      const [row] = await rowsTo('refused-link@example.test');
      expect(row).toMatchObject({ status: 'failed', secrets: null });
      expect(tokenIn(row!.textBody)).toBe(REMOVED_SECRET);
    } finally {
      await app.close();
      await server.close();
    }
  });

  it('the local outbox keeps the link after delivery: its row is the mailbox', async () => {
    const app = await appWith({ EMAIL_PROVIDER: 'outbox' });
    try {
      const user = await createUser(database.db);
      await app.inject({
        method: 'POST',
        url: '/api/v2/auth/password/reset/',
        payload: { email: user.email },
        remoteAddress: '198.51.100.203',
      });
      await deliverEmails(app.jobs);
      const [row] = await rowsTo(user.email);
      expect(row!.status).toBe('sent');
      const opened = await app.inject({ method: 'GET', url: `/api/v2/auth/password/set/?o=${tokenIn(row!.textBody)}` });
      expect(opened.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
