import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local fake of the one Twilio endpoint the Twilio adapter calls (ARCHITECTURE §7: the real
 * adapter is tested against a local fake of the provider's HTTP API, never against the internet):
 * POST /2010-04-01/Accounts/{AccountSid}/Messages.json, form-encoded To, Body and From or
 * MessagingServiceSid, HTTP basic authentication with the account SID and auth token. It answers as
 * Twilio does — 201 with the message resource (sid SM…), or Twilio's error shape
 * `{ code, message, more_info, status }` — and records every message it accepted.
 */

export const TWILIO_TEST_CREDENTIALS = {
  accountSid: `AC${'1a2b3c4d'.repeat(4)}`,
  authToken: 'f00dfeedf00dfeedf00dfeedf00dfeed',
  from: '+15005550006',
};

export interface FakeMessage {
  sid: string;
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
}

export interface FakeRequest {
  method: string;
  path: string;
  authorization: string | null;
  contentType: string | null;
  form: Record<string, string>;
}

type Scripted = { status: number; body?: unknown } | { hang: true } | { close: true };

export interface TwilioFake {
  url: string;
  /** Messages accepted (201), in order. */
  messages: FakeMessage[];
  /** Every request, accepted or not. */
  requests: FakeRequest[];
  /** The next answers, in order, before the usual behaviour resumes (e.g. a 500 once). */
  script(...answers: Scripted[]): void;
  close(): Promise<void>;
}

const error = (status: number, code: number, message: string) => ({
  code,
  message,
  more_info: `https://www.twilio.com/docs/errors/${code}`,
  status,
});

/** Starts the fake on 127.0.0.1 and a free port; `delayMs` slows every answer (races). */
export async function startTwilioFake(
  options: { accountSid?: string; authToken?: string; delayMs?: number } = {},
): Promise<TwilioFake> {
  const accountSid = options.accountSid ?? TWILIO_TEST_CREDENTIALS.accountSid;
  const authToken = options.authToken ?? TWILIO_TEST_CREDENTIALS.authToken;
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
  const messages: FakeMessage[] = [];
  const requests: FakeRequest[] = [];
  const scripted: Scripted[] = [];

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const form = Object.fromEntries(new URLSearchParams(raw));
      const path = (req.url ?? '').split('?')[0]!;
      requests.push({
        method: req.method ?? '',
        path,
        authorization: req.headers.authorization ?? null,
        contentType: req.headers['content-type'] ?? null,
        form,
      });
      const answer = (status: number, body: unknown) => {
        const send = () => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(body));
        };
        if (options.delayMs) setTimeout(send, options.delayMs);
        else send();
      };

      const next = scripted.shift();
      if (next && 'hang' in next) return; // never answers: the client's timeout decides
      if (next && 'close' in next) return req.socket.destroy();
      if (next)
        return answer(next.status, next.body ?? error(next.status, 20500, 'An internal server error has occurred'));

      if (req.method !== 'POST' || path !== `/2010-04-01/Accounts/${accountSid}/Messages.json`) {
        return answer(404, error(404, 20404, 'The requested resource was not found'));
      }
      if (req.headers.authorization !== expectedAuth) {
        return answer(401, error(401, 20003, 'Authenticate'));
      }
      const to = form.To ?? '';
      const body = form.Body ?? '';
      if (!/^\+[1-9]\d{6,14}$/.test(to)) {
        return answer(400, error(400, 21211, `The 'To' number ${to} is not a valid phone number.`));
      }
      if (!form.From && !form.MessagingServiceSid) {
        return answer(400, error(400, 21603, "A 'From' or 'MessagingServiceSid' parameter is required."));
      }
      if (body === '') return answer(400, error(400, 21602, 'Message body is required.'));
      const message: FakeMessage = {
        sid: `SM${randomBytes(16).toString('hex')}`,
        to,
        from: form.From ?? null,
        messagingServiceSid: form.MessagingServiceSid ?? null,
        body,
      };
      messages.push(message);
      answer(201, {
        sid: message.sid,
        account_sid: accountSid,
        to,
        from: message.from,
        messaging_service_sid: message.messagingServiceSid,
        body,
        status: 'queued',
        num_segments: '1',
        direction: 'outbound-api',
        api_version: '2010-04-01',
        date_created: new Date().toUTCString(),
        uri: `/2010-04-01/Accounts/${accountSid}/Messages/${message.sid}.json`,
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    messages,
    requests,
    script: (...answers) => scripted.push(...answers),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
