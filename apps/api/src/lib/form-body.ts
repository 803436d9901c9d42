import type { App } from './types.ts';

/** Form bodies are small (the OAuth2 token and revoke calls); larger ones answer 413. */
const FORM_BODY_LIMIT = 16 * 1024;

/**
 * Parses application/x-www-form-urlencoded bodies into a plain object of strings (the last value
 * wins when a key repeats), so OAuth2 clients can post forms as RFC 6749 describes.
 */
export function registerFormBody(app: App) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
}
