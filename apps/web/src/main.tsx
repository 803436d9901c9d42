/**
 * The entry of index.html, the page of every screen but /login (docs/decisions/0071): a few KiB
 * that send the first read (lib/early-reads.ts) and then load the app (app/start.tsx), whose files
 * the page preloads meanwhile (vite.config.ts). Until the app renders, the page shows its own
 * splash (index.html), styled by the stylesheet imported here.
 */
import { userApi } from '@grove/domain/api/endpoints/user';

import { sendEarlyReads } from './lib/early-reads.ts';
import { initialLanguage, loadLanguage } from './lib/i18n.ts';
import './styles.css';

// What every signed-in screen reads first, before it knows anything else; and the page's catalogs.
sendEarlyReads([userApi.info]);
void loadLanguage(initialLanguage(), ['app']).catch(() => undefined);
import('./app/start.tsx').catch(
  // The chunks of an older release are gone: the page brings the current ones.
  () => window.location.reload(),
);
