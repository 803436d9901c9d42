/**
 * The language of a request's answers (issue 29; docs/decisions/0074-languages.md). The domain's
 * messages are English (SPEC.md's word for word) and travel as English through the services; a
 * refusal is put into the request's language only as it is answered: the error handler, and the
 * few other places that answer a refusal themselves, send their body through `translateAnswer`.
 *
 * The request's language is its Accept-Language (the web sends the page's language on every
 * call); a person's stored language is for what reaches them outside a request (e-mails, texts).
 */
import { acceptedLanguages, DEFAULT_LANGUAGE, pickLanguage, translator, type Language } from '@grove/domain';
import { loadCatalog } from '@grove/domain/locales/index';
import type { FastifyRequest } from 'fastify';

type Translate = (english: string) => string;

const english: Translate = (text) => text;

/** The first of the request's Accept-Language ranges that Grove speaks; English when none is. */
export function requestLanguage(request: FastifyRequest): Language {
  return pickLanguage(acceptedLanguages(request.headers['accept-language']));
}

/**
 * Each language's translator, made once per process from its catalog (loaded on first use). A
 * catalog that failed to load is not kept: that answer is English, and the next one tries again.
 */
const translators = new Map<Language, Promise<Translate>>();

function translatorOf(language: Language): Promise<Translate> {
  let found = translators.get(language);
  if (!found) {
    found = loadCatalog(language)
      .then(translator)
      .catch(() => {
        translators.delete(language);
        return english;
      });
    translators.set(language, found);
  }
  return found;
}

/**
 * An answer's body in `language`: every string of its message lists (`{ field: [messages] }`,
 * `non_field_errors`) and its `detail`. Keys, `code`, OAuth's `error`/`error_description` (ASCII
 * by RFC 6749 §5.2, read by machines) and every other value are left as they are; a message the
 * catalog does not know stays English.
 */
export async function translateAnswer<T extends object>(body: T, language: Language): Promise<T> {
  if (language === DEFAULT_LANGUAGE) return body;
  const translate = await translatorOf(language);
  const entries = Object.entries(body).map(([key, value]): [string, unknown] => {
    if (key === 'detail' && typeof value === 'string') return [key, translate(value)];
    if (Array.isArray(value)) return [key, value.map((item) => (typeof item === 'string' ? translate(item) : item))];
    return [key, value];
  });
  return Object.fromEntries(entries) as T;
}
