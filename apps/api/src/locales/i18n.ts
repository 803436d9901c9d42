/**
 * What the server writes to a person, in their language (issue 29; docs/decisions/0075): e-mails,
 * texts and calendar files. Two kinds of words meet in them:
 *
 * - the server's own (an e-mail's subject and paragraphs): Lingui messages with explicit ids,
 *   compiled from src/locales/{en,es}/messages.po (lingui.config.ts) and read through `i18n`;
 * - the domain's (the digest's sentences, a card's refusal, a plan's name): English strings of
 *   packages/domain, put into the language by their English text (`domain`, translation.ts).
 *
 * A person's language is `users.language`, English while they have not chosen (null).
 */
import { setupI18n, type I18n, type Messages } from '@lingui/core';
import {
  DEFAULT_LANGUAGE,
  formatDateTime,
  isLanguage,
  translator,
  type DateTimeInput,
  type Language,
} from '@grove/domain';
import { loadCatalog } from '@grove/domain/locales/index';
import { messages as en } from './en/messages.ts';
import { messages as es } from './es/messages.ts';

const COMPILED: Readonly<Record<Language, Messages>> = { en, es };
/** Numbers and plural forms as written in the United States (SPEC: `es-US`, decision 0074). */
const INTL_LOCALE: Readonly<Record<Language, string>> = { en: 'en-US', es: 'es-US' };

export interface Locale {
  language: Language;
  /** The server's own messages (Lingui). */
  i18n: I18n;
  /** A message of the domain (its English text) in this language; English text it does not know stays. */
  domain: (english: string) => string;
  /** An instant in the spec's format (MM-DD-YYYY h:mm:ss a zz) in `timeZone`, in this language. */
  dateTime: (instant: DateTimeInput, timeZone: string | null | undefined) => string;
}

/** A stored language (users.language), or English when there is none (or an unknown one). */
export function languageOf(stored: string | null | undefined): Language {
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

const locales = new Map<Language, Promise<Locale>>();

async function makeLocale(language: Language): Promise<Locale> {
  const i18n = setupI18n({
    locale: language,
    locales: INTL_LOCALE[language],
    messages: { [language]: COMPILED[language] },
  });
  const domain = translator(await loadCatalog(language));
  return { language, i18n, domain, dateTime: (instant, timeZone) => formatDateTime(instant, timeZone, language) };
}

/**
 * The locale of `language` (a stored value: null or unknown is English), made once per process. A
 * catalog of the domain that failed to load is not kept: the next message tries again.
 */
export function localeOf(language: string | null | undefined): Promise<Locale> {
  const wanted = languageOf(language);
  let found = locales.get(wanted);
  if (!found) {
    found = makeLocale(wanted);
    found.catch(() => locales.delete(wanted));
    locales.set(wanted, found);
  }
  return found;
}
