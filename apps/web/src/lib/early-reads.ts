/**
 * Reads the signed-in app sends before its code has loaded (docs/decisions/0071). The entry of
 * index.html (main.tsx) is a few KiB: it sends the user record's GET at once (sendEarlyReads),
 * with the stored access token when one is stored and not about to be renewed, and then loads the app. The app's
 * first call of that address with that token takes this answer instead of asking again
 * (api-client.ts), and handles it as its own: an error, a 401 that ends the session. Any other
 * call, and a call with another token, goes out as usual.
 */
import type { EndpointRef } from '@grove/domain/api/common';

import { buildUrl, endpointPath } from './api-url.ts';
import { needsRefresh, readTokens } from './session.ts';

const sent = new Map<string, { token: string; response: Promise<Response> }>();

/** Sends the GETs of `refs` (endpoints without parameters) now, with the stored access token. */
export function sendEarlyReads(refs: readonly EndpointRef[]): void {
  const tokens = readTokens();
  if (!tokens || needsRefresh(tokens)) return;
  for (const ref of refs) {
    const url = buildUrl(endpointPath(ref, undefined), undefined);
    const response = fetch(url, {
      headers: { Accept: 'application/json', Authorization: `Bearer ${tokens.accessToken}` },
      credentials: 'same-origin',
    });
    // A failure is for the app's call to report, when it takes the answer.
    response.catch(() => {});
    sent.set(url, { token: tokens.accessToken, response });
  }
}

/** The early answer of `url`, once, if it was sent with `token`; else null. */
export function takeEarlyRead(url: string, token: string | undefined): Promise<Response> | null {
  const read = sent.get(url);
  if (!read) return null;
  sent.delete(url);
  return read.token === token ? read.response : null;
}
