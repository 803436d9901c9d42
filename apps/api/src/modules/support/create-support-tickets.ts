import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { localSupportTickets } from './support.local.ts';
import type { SupportTicketPort } from './support.port.ts';
import { zendeskBaseUrl, zendeskSupportTickets } from './support.zendesk.ts';

/** The adapter SUPPORT_PROVIDER selects: 'local' (the default, the support_tickets table) or 'zendesk'. */
export function createSupportTickets(config: Config, db: Db): SupportTicketPort {
  if (config.SUPPORT_PROVIDER === 'zendesk') {
    // config.ts refuses zendesk without these; the check keeps the types honest.
    if (!config.ZENDESK_EMAIL || !config.ZENDESK_API_TOKEN || !(config.ZENDESK_SUBDOMAIN || config.ZENDESK_URL)) {
      throw new Error(
        'SUPPORT_PROVIDER=zendesk needs ZENDESK_SUBDOMAIN or ZENDESK_URL, ZENDESK_EMAIL and ZENDESK_API_TOKEN',
      );
    }
    return zendeskSupportTickets({
      baseUrl: zendeskBaseUrl({ subdomain: config.ZENDESK_SUBDOMAIN, url: config.ZENDESK_URL }),
      email: config.ZENDESK_EMAIL,
      apiToken: config.ZENDESK_API_TOKEN,
    });
  }
  return localSupportTickets(db);
}
