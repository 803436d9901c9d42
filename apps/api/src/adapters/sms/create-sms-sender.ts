import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { createOutboxSmsSender, localSmsTransport } from './outbox.sender.ts';
import type { SmsSender } from './sms.port.ts';
import { twilioTransport } from './twilio.transport.ts';

/**
 * The adapter SMS_PROVIDER selects — 'outbox' (the default) or 'twilio' — over the outbox table
 * and its delivery job, whose handler it registers on `jobs`.
 */
export async function createSmsSender(config: Config, db: Db, jobs: JobQueue): Promise<SmsSender> {
  if (config.SMS_PROVIDER === 'twilio') {
    // config.ts refuses twilio without these; the check keeps the types honest.
    if (!config.TWILIO_ACCOUNT_SID || !config.TWILIO_AUTH_TOKEN) {
      throw new Error('SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN');
    }
    const transport = twilioTransport({
      accountSid: config.TWILIO_ACCOUNT_SID,
      authToken: config.TWILIO_AUTH_TOKEN,
      ...(config.TWILIO_FROM ? { from: config.TWILIO_FROM } : {}),
      ...(config.TWILIO_MESSAGING_SERVICE_SID ? { messagingServiceSid: config.TWILIO_MESSAGING_SERVICE_SID } : {}),
      ...(config.TWILIO_API_URL ? { apiUrl: config.TWILIO_API_URL } : {}),
    });
    return createOutboxSmsSender(db, jobs, transport);
  }
  return createOutboxSmsSender(db, jobs, localSmsTransport());
}
