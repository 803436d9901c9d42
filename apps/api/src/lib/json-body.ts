import { HTTP_MESSAGES } from '@grove/domain';
import { API_MESSAGES, MAX_JSON_DEPTH } from '@grove/domain/api/common';
import { ValidationError } from './errors.ts';
import type { App } from './types.ts';

/**
 * True when `json` nests objects and arrays deeper than `limit`. A linear scan that skips strings,
 * so a deep body is refused before any parser or schema walks it recursively.
 */
export function nestsDeeperThan(json: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const char = json.charCodeAt(i);
    if (inString) {
      if (char === 0x5c)
        i++; // backslash: skip the escaped character
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x7b || char === 0x5b) {
      if (++depth > limit) return true;
    } else if (char === 0x7d || char === 0x5d) {
      depth--;
    }
  }
  return false;
}

/**
 * JSON bodies: Fastify's own parser (prototype poisoning refused), after a depth check. A body nested
 * deeper than the contract allows, text that is not JSON and a `__proto__` or `constructor.prototype`
 * key all answer 400 `{ non_field_errors: [...] }`, like any other refusal of a request's content.
 */
export function registerJsonBody(app: App) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (nestsDeeperThan(body as string, MAX_JSON_DEPTH)) {
      done(new ValidationError({ non_field_errors: [API_MESSAGES.tooDeep] }), undefined);
      return;
    }
    parse(request, body as string, (error, value) => {
      if (!error) done(null, value);
      else if ((error as { statusCode?: number }).statusCode === 400)
        done(new ValidationError({ non_field_errors: [HTTP_MESSAGES.notJson] }), undefined);
      else done(error, undefined);
    });
  });
}
