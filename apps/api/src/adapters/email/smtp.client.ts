import { randomUUID } from 'node:crypto';
import net from 'node:net';
import os from 'node:os';
import tls from 'node:tls';

/**
 * A small SMTP client (RFC 5321) on Node's own sockets: implicit TLS for smtps://, STARTTLS when an
 * smtp:// server offers it, AUTH PLAIN only over TLS, one plain-text message per connection.
 */

const TIMEOUT_MS = 15_000;

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
}

interface Reply {
  code: number;
  lines: string[];
}

class SmtpConnection {
  private buffer = '';
  private partial: string[] = [];
  private replies: Reply[] = [];
  private waiter: { resolve: (reply: Reply) => void; reject: (error: Error) => void } | null = null;
  private failure: Error | null = null;

  constructor(private socket: net.Socket) {
    this.attach(socket);
  }

  get secure() {
    return this.socket instanceof tls.TLSSocket;
  }

  private attach(socket: net.Socket) {
    this.socket = socket;
    socket.setTimeout(TIMEOUT_MS, () => socket.destroy(new Error('The SMTP server did not answer in time.')));
    socket.on('data', this.onData);
    socket.on('error', this.fail);
    socket.on('close', this.onClose);
  }

  private detach() {
    this.socket.off('data', this.onData);
    this.socket.off('error', this.fail);
    this.socket.off('close', this.onClose);
    this.socket.setTimeout(0);
  }

  private onData = (chunk: Buffer) => {
    this.buffer += chunk.toString('latin1');
    let end: number;
    while ((end = this.buffer.indexOf('\n')) >= 0) {
      const line = this.buffer.slice(0, end).replace(/\r$/, '');
      this.buffer = this.buffer.slice(end + 1);
      const match = /^(\d{3})([ -]?)(.*)$/.exec(line);
      if (!match) return this.fail(new Error('The SMTP server sent an unreadable reply.'));
      this.partial.push(match[3] ?? '');
      if (match[2] === '-') continue;
      const reply = { code: Number(match[1]), lines: this.partial };
      this.partial = [];
      if (this.waiter) {
        this.waiter.resolve(reply);
        this.waiter = null;
      } else {
        this.replies.push(reply);
      }
    }
  };

  private onClose = () => this.fail(new Error('The SMTP server closed the connection.'));

  private fail = (error: Error) => {
    this.failure ??= error;
    this.waiter?.reject(this.failure);
    this.waiter = null;
  };

  private read(): Promise<Reply> {
    const queued = this.replies.shift();
    if (queued) return Promise.resolve(queued);
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.waiter = { resolve, reject };
    });
  }

  async expect(codes: number[]): Promise<Reply> {
    const reply = await this.read();
    if (!codes.includes(reply.code)) {
      throw new Error(`The SMTP server answered ${reply.code} ${reply.lines.join(' ').slice(0, 200)}`);
    }
    return reply;
  }

  command(line: string, codes: number[]): Promise<Reply> {
    this.socket.write(`${line}\r\n`);
    return this.expect(codes);
  }

  async startTls(servername: string) {
    this.detach();
    // From here on the TLS socket reports the connection's errors.
    this.socket.on('error', () => undefined);
    const secure = tls.connect({ socket: this.socket, servername });
    await new Promise<void>((resolve, reject) => {
      secure.once('secureConnect', resolve);
      secure.once('error', reject);
    });
    this.attach(secure);
  }

  close() {
    this.detach();
    this.socket.destroy();
  }
}

function connect(url: URL, host: string): Promise<net.Socket> {
  const implicitTls = url.protocol === 'smtps:';
  const port = Number(url.port || (implicitTls ? 465 : 587));
  return new Promise((resolve, reject) => {
    const socket = implicitTls ? tls.connect({ host, port, servername: host }) : net.connect({ host, port });
    socket.setTimeout(TIMEOUT_MS, () => socket.destroy(new Error('The SMTP server did not answer in time.')));
    socket.once('error', reject);
    socket.once(implicitTls ? 'secureConnect' : 'connect', () => {
      socket.off('error', reject);
      resolve(socket);
    });
  });
}

/** The bare address of 'Name <address>' or 'address'. */
export function mailboxAddress(mailbox: string): string {
  const address = (/<([^<>]+)>\s*$/.exec(mailbox)?.[1] ?? mailbox).trim();
  if (!/^[^\s<>@]+@[^\s<>@]+$/.test(address)) throw new Error('Not an e-mail address.');
  return address;
}

function encodeHeader(value: string): string {
  return /^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

/** The message as sent after DATA: headers, a base64 body (safe for any server), dot-stuffed. */
export function formatMessage(mail: OutgoingMail, messageId: string, date = new Date()): string {
  const body = Buffer.from(mail.text, 'utf8').toString('base64').replace(/.{76}/g, '$&\r\n');
  const lines = [
    `From: ${mail.from}`,
    `To: ${mail.to}`,
    `Subject: ${encodeHeader(mail.subject)}`,
    `Date: ${date.toUTCString()}`,
    `Message-ID: ${messageId}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: base64',
    '',
    body,
  ];
  return lines.join('\r\n').replace(/^\./gm, '..');
}

function clientName(): string {
  const name = os.hostname().replace(/[^A-Za-z0-9.-]/g, '');
  return name || 'localhost';
}

/** Delivers one message; answers its Message-ID. Throws when the server refuses it. */
export async function sendMail(smtpUrl: string, mail: OutgoingMail): Promise<string> {
  const url = new URL(smtpUrl);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const from = mailboxAddress(mail.from);
  const to = mailboxAddress(mail.to);
  const messageId = `<${randomUUID()}@${from.split('@')[1]}>`;
  const connection = new SmtpConnection(await connect(url, host));
  try {
    await connection.expect([220]);
    const hello = await connection.command(`EHLO ${clientName()}`, [250]);
    if (!connection.secure && hello.lines.some((line) => /^STARTTLS\b/i.test(line))) {
      await connection.command('STARTTLS', [220]);
      await connection.startTls(host);
      await connection.command(`EHLO ${clientName()}`, [250]);
    }
    if (url.username) {
      if (!connection.secure) throw new Error('The SMTP server offers no TLS; credentials are not sent in clear text.');
      const credentials = `\0${decodeURIComponent(url.username)}\0${decodeURIComponent(url.password)}`;
      await connection.command(`AUTH PLAIN ${Buffer.from(credentials, 'utf8').toString('base64')}`, [235]);
    }
    await connection.command(`MAIL FROM:<${from}>`, [250]);
    await connection.command(`RCPT TO:<${to}>`, [250, 251]);
    await connection.command('DATA', [354]);
    await connection.command(`${formatMessage(mail, messageId)}\r\n.`, [250]);
    await connection.command('QUIT', [221]).catch(() => undefined);
    return messageId;
  } finally {
    connection.close();
  }
}
