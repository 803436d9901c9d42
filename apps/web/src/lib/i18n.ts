/**
 * The page's language (issue 29, docs/decisions/0074-languages.md): which one, its catalogs and
 * the <html lang> that says it.
 *
 * - The screens' own words are Lingui messages (the `t` and `Trans` macros; lingui.config.ts), in
 *   two catalogs per language: `login`, what the sign-in screen shows (in the login page's own
 *   bundle for English, the most asked for), and `app`, the rest, fetched when the app starts.
 * - The domain's messages (field rules, refusals: English strings wherever they come from) are
 *   translated where they are shown, by `domainText`, with the domain's catalog (translation.ts).
 *
 * The language is the one chosen in this browser (the login page's picker, Account, or the
 * signed-in person's stored choice), else the browser's first language Grove speaks.
 */
import { i18n, type Messages } from '@lingui/core';
import { isLanguage, pickLanguage, type Language } from '@grove/domain/languages';
import { loadCatalog } from '@grove/domain/locales/index';
import { translator } from '@grove/domain/translation';

import { messages as englishLogin } from '../locales/en/login.po';
import { readStored, STORAGE_KEYS, writeStored } from './storage.ts';

export { i18n };

export type CatalogPart = 'login' | 'app';
type Loader = () => Promise<Messages>;

/**
 * The catalogs of the signed-in app, by language: one PO file per feature and the app's frame,
 * put into one file per language by the build (vite.config.ts), so that they come in one request.
 */
const APP_CATALOGS = import.meta.glob<Messages>(['../locales/*/*.po', '!../locales/*/login.po'], {
  import: 'messages',
});
const LOGIN_CATALOGS: Record<Language, Loader> = {
  en: () => Promise.resolve(englishLogin),
  es: () => import('../locales/es/login.po').then((module) => module.messages),
};

function catalogsOf(language: Language, part: CatalogPart): Loader[] {
  if (part === 'login') return [LOGIN_CATALOGS[language]];
  return Object.entries(APP_CATALOGS)
    .filter(([file]) => file.startsWith(`../locales/${language}/`))
    .map(([, load]) => load);
}

const loading = new Map<string, Promise<void>>();

function loadPart(language: Language, part: CatalogPart | 'domain'): Promise<void> {
  const key = `${language}/${part}`;
  let load = loading.get(key);
  if (!load) {
    load =
      part === 'domain'
        ? loadCatalog(language).then((catalog) => void (translators[language] = translator(catalog)))
        : Promise.all(catalogsOf(language, part).map((catalog) => catalog())).then((all) =>
            all.forEach((messages) => i18n.load(language, messages)),
          );
    load.catch(() => loading.delete(key));
    loading.set(key, load);
  }
  return load;
}

const translators: Partial<Record<Language, (english: string) => string>> = { en: (english) => english };

/** A domain message (English, SPEC's words) in the page's language. */
export function domainText(english: string): string {
  return (translators[activeLanguage()] ?? translators.en!)(english);
}

// English is there before anything is fetched: the login screen renders at once.
i18n.loadAndActivate({ locale: 'en', messages: englishLogin });

/** The browser's choice: the one stored here, else the first of its languages Grove speaks. */
export function initialLanguage(): Language {
  const stored = readStored(STORAGE_KEYS.language);
  if (isLanguage(stored)) return stored;
  return pickLanguage(typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]));
}

/** Whether someone chose the language in this browser (rather than it being the browser's guess). */
export const languageWasChosen = (): boolean => isLanguage(readStored(STORAGE_KEYS.language));

export function activeLanguage(): Language {
  return isLanguage(i18n.locale) ? i18n.locale : 'en';
}

const parts = new Set<CatalogPart>(['login']);

/**
 * Loads the catalogs of `needed` (and of the parts loaded before) in `language`, then makes it the
 * page's language: every `t` and `Trans` re-renders in it (I18nProvider), and <html lang> says it.
 */
export async function loadLanguage(language: Language, needed: readonly CatalogPart[] = []): Promise<void> {
  for (const part of needed) parts.add(part);
  await Promise.all([...parts, 'domain' as const].map((part) => loadPart(language, part)));
  i18n.activate(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** A person's choice (a picker, or their stored language once signed in): kept in this browser too. */
export async function chooseLanguage(language: Language): Promise<void> {
  writeStored(STORAGE_KEYS.language, language);
  if (language !== i18n.locale) await loadLanguage(language);
}
