/**
 * Searching the resource articles in the browser. Text and query are folded the same way: accents
 * removed (é → e, ß → ss), lower case, anything that is not a letter or a digit is a space. A query
 * matches when every one of its words starts a word of the article (so "band" finds "bands" and
 * "cool" finds "cooldown", but "tin" does not find "getting"). Words joined by a hyphen or an
 * apostrophe also count as one word, so "heartrate" finds "heart-rate".
 */

/** Letters that do not fall apart into a base letter and an accent. */
const LIGATURES: Readonly<Record<string, string>> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ł: 'l', ı: 'i' };

function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[ßæœøđłı]/g, (letter) => LIGATURES[letter] ?? letter);
}

/** `text` as the words a search compares: folded, separated by one space. */
export function normalizeText(text: string): string {
  return fold(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The words of a query, folded; an empty list for a blank query. */
export function queryWords(query: string): string[] {
  const text = normalizeText(query);
  return text === '' ? [] : text.split(' ');
}

/**
 * What a search looks through for `parts` (title, summary, keywords, body…): their words, plus the
 * words written with a hyphen or an apostrophe inside them joined up ("heart-rate" → "heartrate").
 */
export function searchIndex(parts: readonly string[]): string {
  const text = parts.join('\n');
  const words = normalizeText(text);
  const joined = normalizeText(fold(text).replace(/(?<=[\p{L}\p{N}])['’\-‐‑](?=[\p{L}\p{N}])/gu, ''));
  return ` ${words} ${joined} `;
}

/** Whether every word of the query starts a word of `index` (an empty query matches everything). */
export function matchesWords(index: string, words: readonly string[]): boolean {
  return words.every((word) => index.includes(` ${word}`));
}

/** The items whose index matches `query`, in their order. */
export function searchItems<T extends { searchIndex: string }>(items: readonly T[], query: string): T[] {
  const words = queryWords(query);
  if (words.length === 0) return [...items];
  return items.filter((item) => matchesWords(item.searchIndex, words));
}
