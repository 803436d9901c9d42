/**
 * The domain's messages in other languages (issue 29, docs/decisions/0074-languages.md).
 *
 * The rules of the spec speak English: their messages are plain strings, SPEC.md's word for word,
 * and they travel as strings (in Zod's issues, in the API's `{ field: [messages] }`, in thrown
 * errors). So they are translated where they reach a person — the API's answer to a request in
 * Spanish, a form's field message on screen — by their English text: a catalog maps each English
 * source to its translation.
 *
 * A message with a part that varies is declared with `template` ('At most {max} characters.'):
 * its English is the source with the values put in, and the translator recognises a filled-in
 * text by its source, takes the values back out and puts them into the translation. A value that
 * is itself a message (or a list of them, 'digits, special symbols') is translated too.
 *
 * Every group of messages people read is declared with `messages`, which records its sources, so
 * that the catalog check (translation.test.ts) can tell a message without a translation.
 */

/** The values of a template's placeholders. */
export type TemplateValues = Readonly<Record<string, string | number>>;

/** A message with placeholders: call it for its English text; `source` is what catalogs translate. */
export type Template<A extends unknown[]> = ((...args: A) => string) & { readonly source: string };

/** A catalog: English sources to their translations (same placeholders). */
export type Catalog = Readonly<Record<string, string>>;

const PLACEHOLDER = /\{([a-zA-Z_][a-zA-Z0-9_]*)\}/g;

/** The placeholders of a source or translation, in order ('{max}' → ['max']). */
export function placeholdersOf(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((match) => match[1]!);
}

/** `text` with each {placeholder} replaced by its value (unknown ones left as they are). */
export function fill(text: string, values: TemplateValues): string {
  return text.replace(PLACEHOLDER, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** A message with placeholders, from its English source and how the caller's arguments name them. */
export function template<A extends unknown[]>(source: string, values: (...args: A) => TemplateValues): Template<A> {
  const message = (...args: A) => fill(source, values(...args));
  return Object.assign(message, { source });
}

/**
 * A message whose words depend on a count ('1 minute', '5 minutes'): one template for a count of
 * one, one for any other (Spanish counts the same way); `count` picks between them.
 */
export type PluralTemplate<A extends unknown[]> = ((...args: A) => string) & {
  readonly sources: readonly [one: string, other: string];
};

export function plural<A extends unknown[]>(
  forms: { one: string; other: string },
  values: (...args: A) => TemplateValues & { count: number },
): PluralTemplate<A> {
  const message = (...args: A) => {
    const filled = values(...args);
    return fill(filled.count === 1 ? forms.one : forms.other, filled);
  };
  return Object.assign(message, { sources: [forms.one, forms.other] as const });
}

const SOURCES = new Set<string>();

/** Declares a group of messages people read: returns it as it is, and records its sources. */
export function messages<T extends Readonly<Record<string, string | Template<never> | PluralTemplate<never>>>>(
  group: T,
): T {
  for (const value of Object.values(group)) {
    if (typeof value === 'string') SOURCES.add(value);
    else if ('sources' in value) value.sources.forEach((source) => SOURCES.add(source));
    else SOURCES.add(value.source);
  }
  return group;
}

/** Every source declared so far by `messages` (the modules that declare them must be loaded). */
export function messageSources(): string[] {
  return [...SOURCES];
}

type Pattern = { source: string; names: string[]; pattern: RegExp };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function patternOf(source: string): Pattern {
  const names = placeholdersOf(source);
  const parts = source.split(PLACEHOLDER).map((part, index) => (index % 2 === 0 ? escapeRegExp(part) : '(.+?)'));
  return { source, names, pattern: new RegExp(`^${parts.join('')}$`, 's') };
}

/**
 * The translator of a catalog: English text in, its translation out (the text itself when the
 * catalog does not know it, or when there is no catalog: English). Made once per catalog.
 */
export function translator(catalog: Catalog | undefined): (english: string) => string {
  if (!catalog) return (english) => english;
  // The templates, the most words of their own first: the most specific one wins ('At most {max}
  // items.' before 'At most {max} {unit}.').
  const literal = (source: string) => source.replace(PLACEHOLDER, '').length;
  const patterns = Object.keys(catalog)
    .filter((source) => placeholdersOf(source).length > 0)
    .sort((a, b) => literal(b) - literal(a))
    .map(patternOf);

  const value = (text: string): string => {
    if (catalog[text] !== undefined) return catalog[text];
    const items = text.split(', ');
    return items.length > 1 && items.every((item) => catalog[item] !== undefined)
      ? items.map((item) => catalog[item]).join(', ')
      : text;
  };

  return (english) => {
    const exact = catalog[english];
    if (exact !== undefined) return exact;
    if (english.length > 2000) return english;
    for (const { source, names, pattern } of patterns) {
      const match = pattern.exec(english);
      if (!match) continue;
      const values: Record<string, string> = {};
      names.forEach((name, index) => (values[name] = value(match[index + 1]!)));
      return fill(catalog[source]!, values);
    }
    return english;
  };
}
