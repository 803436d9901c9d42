import { PermanentDeliveryError } from '../email/delivery.ts';
import type { SmsTransport } from './sms.port.ts';

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  /** The sending number (E.164), or … */
  from?: string;
  /** … a Messaging Service, which picks the number (preferred by Twilio when both are set). */
  messagingServiceSid?: string;
  /** Another address for Twilio's API (a local fake in tests); https://api.twilio.com when unset. */
  apiUrl?: string;
  /** How long one request may take (default 15 s); a timeout is tried again. */
  timeoutMs?: number;
}

export const TWILIO_API_URL = 'https://api.twilio.com';

interface TwilioAnswer {
  sid?: unknown;
  code?: unknown;
  message?: unknown;
}

/**
 * Texts through Twilio's Programmable Messaging REST API: one form-encoded POST to
 * /2010-04-01/Accounts/{sid}/Messages.json (To, Body, and MessagingServiceSid or From) with HTTP
 * basic authentication (account SID : auth token), answering the message's SID (SM…).
 *
 * A 4xx answer (an invalid or unreachable number, a number that opted out, wrong credentials) is a
 * permanent failure; 429, 408, 5xx and network failures are tried again by the outbox job.
 */
export function twilioTransport(options: TwilioOptions): SmsTransport {
  const base = (options.apiUrl ?? TWILIO_API_URL).replace(/\/+$/, '');
  const url = `${base}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;

  return {
    provider: 'twilio',
    async deliver({ to, body }) {
      const form = new URLSearchParams({ To: to, Body: body });
      if (options.messagingServiceSid) form.set('MessagingServiceSid', options.messagingServiceSid);
      else if (options.from) form.set('From', options.from);
      else throw new PermanentDeliveryError('Twilio needs TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID.');

      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: {
            authorization,
            accept: 'application/json',
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: form.toString(),
          // Credentials go to the configured host only.
          redirect: 'error',
          signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
        });
      } catch (error) {
        const reason =
          error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : '';
        throw new Error(`Twilio could not be reached: ${reason || String(error)}`);
      }
      const raw = await response.text().catch(() => '');
      let answer: TwilioAnswer = {};
      try {
        answer = JSON.parse(raw) as TwilioAnswer;
      } catch {
        // Not JSON (a proxy's error page): the status decides.
      }
      // Accepted: the text is on its way, whatever else the answer lacks (no second try).
      if (response.ok) return typeof answer.sid === 'string' ? answer.sid : null;
      const code = typeof answer.code === 'number' || typeof answer.code === 'string' ? ` (error ${answer.code})` : '';
      const message = typeof answer.message === 'string' ? answer.message : raw.slice(0, 200);
      const detail = `Twilio answered ${response.status}${code}: ${message}`;
      const retryable = response.status >= 500 || response.status === 429 || response.status === 408;
      if (!retryable && response.status >= 400) throw new PermanentDeliveryError(detail);
      throw new Error(detail);
    },
  };
}
