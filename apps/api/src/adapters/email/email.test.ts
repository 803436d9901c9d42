import net, { type AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { emailOutbox } from '../../db/schema/index.ts';
import { openTestDatabase } from '../../../test/helpers.ts';
import { createEmailSender } from './create-email-sender.ts';
import { outboxSender } from './outbox.sender.ts';
import { smtpSender } from './smtp.sender.ts';

interface SmtpSession {
  commands: string[];
  data: string;
}

/** A minimal SMTP server on a free local port that records what it is sent. */
async function startFakeSmtp(options: { rejectRecipient?: boolean } = {}) {
  const sessions: SmtpSession[] = [];
  const server = net.createServer((socket) => {
    const session: SmtpSession = { commands: [], data: '' };
    sessions.push(session);
    let buffer = '';
    let inData = false;
    socket.write('220 fake.test ESMTP\r\n');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          session.data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          socket.write('250 2.0.0 queued\r\n');
          continue;
        }
        const end = buffer.indexOf('\r\n');
        if (end < 0) return;
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        session.commands.push(line);
        if (line.startsWith('EHLO')) socket.write('250-fake.test\r\n250 8BITMIME\r\n');
        else if (line.startsWith('MAIL FROM:')) socket.write('250 ok\r\n');
        else if (line.startsWith('RCPT TO:'))
          socket.write(options.rejectRecipient ? '550 5.1.1 no such user\r\n' : '250 ok\r\n');
        else if (line === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (line === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('502 not implemented\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { port, sessions, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const rowsTo = (to: string) => database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));
const message = (to: string) => ({
  to,
  subject: 'Réinitialiser your password',
  text: 'Hello Jordan,\n\nOpen this link:\n\nhttps://grove.test/start?o=abc\n',
  template: 'password_reset',
});

describe('outbox adapter (the local default)', () => {
  it('stores the message as sent', async () => {
    await outboxSender(database.db).send(message('outbox@example.test'));
    const rows = await rowsTo('outbox@example.test');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      subject: 'Réinitialiser your password',
      template: 'password_reset',
      provider: 'outbox',
      status: 'sent',
      textBody: message('x').text,
    });
    expect(rows[0]!.sentAt).toBeInstanceOf(Date);
  });

  it('refuses header values with line breaks', async () => {
    await expect(
      outboxSender(database.db).send({ ...message('a@example.test'), subject: 'Hi\r\nBcc: x@evil.test' }),
    ).rejects.toThrow('one line');
  });

  it('is what the configuration selects by default', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(config.EMAIL_PROVIDER).toBe('outbox');
    expect(createEmailSender(config, database.db).provider).toBe('outbox');
  });
});

describe('SMTP adapter', () => {
  it('needs SMTP_URL when selected', () => {
    expect(() => loadConfig({ EMAIL_PROVIDER: 'smtp' })).toThrow(ConfigError);
    const config = loadConfig({ EMAIL_PROVIDER: 'smtp', SMTP_URL: 'smtp://127.0.0.1:2525' });
    expect(createEmailSender(config, database.db).provider).toBe('smtp');
  });

  it('delivers the message and records it as sent with its Message-ID', async () => {
    const server = await startFakeSmtp();
    try {
      const sender = smtpSender(database.db, {
        url: `smtp://127.0.0.1:${server.port}`,
        from: 'Grove <no-reply@grove.test>',
      });
      await sender.send(message('smtp@example.test'));
      await vi.waitFor(async () => expect((await rowsTo('smtp@example.test'))[0]!.status).toBe('sent'));

      const [row] = await rowsTo('smtp@example.test');
      expect(row).toMatchObject({ provider: 'smtp', status: 'sent', error: null });
      expect(row!.providerMessageId).toMatch(/^<[\w-]+@grove\.test>$/);

      const [session] = server.sessions;
      expect(session!.commands).toEqual(
        expect.arrayContaining(['MAIL FROM:<no-reply@grove.test>', 'RCPT TO:<smtp@example.test>', 'DATA', 'QUIT']),
      );
      const [headers, body] = session!.data.split('\r\n\r\n');
      expect(headers).toContain('From: Grove <no-reply@grove.test>');
      expect(headers).toContain('To: smtp@example.test');
      expect(headers).toContain(
        `Subject: =?UTF-8?B?${Buffer.from('Réinitialiser your password').toString('base64')}?=`,
      );
      expect(headers).toContain(`Message-ID: ${row!.providerMessageId}`);
      expect(Buffer.from(body!.replace(/\r\n/g, ''), 'base64').toString('utf8')).toBe(message('x').text);
    } finally {
      await server.close();
    }
  });

  it('records a refused message as failed with the server’s answer', async () => {
    const server = await startFakeSmtp({ rejectRecipient: true });
    try {
      const sender = smtpSender(database.db, { url: `smtp://127.0.0.1:${server.port}`, from: 'no-reply@grove.test' });
      await sender.send(message('refused@example.test'));
      await vi.waitFor(async () => expect((await rowsTo('refused@example.test'))[0]!.status).toBe('failed'));
      expect((await rowsTo('refused@example.test'))[0]!.error).toContain('550');
    } finally {
      await server.close();
    }
  });

  it('does not send credentials to a server that offers no TLS', async () => {
    const server = await startFakeSmtp();
    try {
      const sender = smtpSender(database.db, {
        url: `smtp://user:secret@127.0.0.1:${server.port}`,
        from: 'no-reply@grove.test',
      });
      await sender.send(message('cleartext@example.test'));
      await vi.waitFor(async () => expect((await rowsTo('cleartext@example.test'))[0]!.status).toBe('failed'));
      expect((await rowsTo('cleartext@example.test'))[0]!.error).toContain('no TLS');
      expect(server.sessions[0]!.commands.some((command) => command.startsWith('AUTH'))).toBe(false);
    } finally {
      await server.close();
    }
  });

  it('records an unreachable server as failed', async () => {
    const server = await startFakeSmtp();
    await server.close();
    const sender = smtpSender(database.db, { url: `smtp://127.0.0.1:${server.port}`, from: 'no-reply@grove.test' });
    await sender.send(message('unreachable@example.test'));
    await vi.waitFor(async () => expect((await rowsTo('unreachable@example.test'))[0]!.status).toBe('failed'));
  });
});
