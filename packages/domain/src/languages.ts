/**
 * The languages Grove speaks (issue 29, docs/decisions/0074-languages.md). English is the source of
 * every message (SPEC.md's word for word); the others are translations of it. A person's language
 * is stored with them (for their e-mails and texts); before anyone has chosen, the browser's
 * languages (or a request's Accept-Language) are the first guess.
 */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language's name in itself, as a language picker shows it (never translated). */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { en: 'English', es: 'Español' };

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/**
 * The first of `preferred` (language tags, most wanted first: `navigator.languages`, or
 * Accept-Language's ranges in order) that Grove speaks, by its primary subtag (es-MX → es);
 * English when none is.
 */
export function pickLanguage(preferred: Iterable<string>): Language {
  for (const tag of preferred) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}

/** The ranges of an Accept-Language header, most wanted first (by q, then by order); q=0 left out. */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .slice(0, 512)
    .split(',')
    .map((part, index) => {
      const [range = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
      return { range: range.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((item) => item.range !== '' && item.range !== '*' && item.q > 0 && Number.isFinite(item.q))
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((item) => item.range);
}
