/**
 * The resource articles: Markdown files in ./articles, bundled at build time into the resources
 * screen's own chunk (the route is lazy, so the login page and the rest of the portal carry none of
 * them). Each file starts with a front matter (front-matter.ts):
 *
 *   title: Wearing the heart-rate band
 *   summary: One sentence for the list of articles.
 *   category: Getting started        (one of CATEGORIES)
 *   order: 2                         (its place in the category)
 *   keywords: strap, sensor, signal  (comma-separated, for the search)
 *
 * The slug, used in the address (?article=), is the file name without `.md`.
 *
 * Translations (issue 29): ./articles/<language>/<slug>.md, the same article in another language
 * (same slug, category and order; its own title, summary, keywords and text), bundled per language
 * by ./articles/<language>/index.ts into a chunk of its own that a page in that language loads when
 * it first shows Resources (loadTranslation). English, the source, is here from the start: it is
 * the list of articles, and it stands in for any article a language has not translated.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Language } from '@grove/domain/languages';

import { parseFrontMatter } from './front-matter.ts';
import { searchIndex } from './search.ts';

/** The sections of the Resources page, in their order. */
export const CATEGORIES = ['Getting started', 'The games', 'The program', 'At home', 'Questions'] as const;
export type Category = (typeof CATEGORIES)[number];

/** The categories' names on screen and in a search (the front matter names them in English). */
export const CATEGORY_NAMES: Readonly<Record<Category, MessageDescriptor>> = {
  'Getting started': msg`Getting started`,
  'The games': msg`The games`,
  'The program': msg`The program`,
  'At home': msg`At home`,
  Questions: msg`Questions`,
};

/** A category's name in the articles' language, for the search (English: the category itself). */
export type CategoryName = (category: Category) => string;
const englishName: CategoryName = (category) => category;

export const REQUIRED_FIELDS = ['title', 'summary', 'category', 'order', 'keywords'] as const;

export type Article = {
  slug: string;
  title: string;
  summary: string;
  category: Category;
  order: number;
  keywords: readonly string[];
  /** The Markdown after the front matter. */
  body: string;
  /** Folded words of title, summary, keywords, category and body (search.ts). */
  searchIndex: string;
};

export class ArticleError extends Error {
  constructor(file: string, message: string) {
    super(`${file}: ${message}`);
    this.name = 'ArticleError';
  }
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** './articles/wearing-the-band.md' → 'wearing-the-band' */
export function slugOf(path: string): string {
  return (path.split('/').at(-1) ?? '').replace(/\.md$/, '');
}

function isCategory(value: string): value is Category {
  return (CATEGORIES as readonly string[]).includes(value);
}

/** The body as a search reads it: link targets and Markdown marks left out. */
function plainBody(body: string): string {
  return body.replace(/\]\([^)]*\)/g, ']');
}

/**
 * One article from its file; throws an ArticleError naming the file when something is missing. The
 * search reads its category by `categoryName` (the name a page in the article's language shows).
 */
export function toArticle(path: string, source: string, categoryName: CategoryName = englishName): Article {
  const slug = slugOf(path);
  if (!SLUG.test(slug)) throw new ArticleError(path, 'the file name must be lower-case words joined by hyphens');
  let parsed;
  try {
    parsed = parseFrontMatter(source);
  } catch (error) {
    throw new ArticleError(path, error instanceof Error ? error.message : String(error));
  }
  const { data, body } = parsed;
  for (const field of REQUIRED_FIELDS) {
    if (!data[field]) throw new ArticleError(path, `the front matter needs "${field}"`);
  }
  const category = data.category!;
  if (!isCategory(category)) throw new ArticleError(path, `unknown category "${category}"`);
  const order = Number(data.order);
  if (!Number.isInteger(order) || order < 0) throw new ArticleError(path, `order must be a whole number`);
  if (body.trim() === '') throw new ArticleError(path, 'the article has no text');
  const keywords = data
    .keywords!.split(',')
    .map((keyword) => keyword.trim())
    .filter((keyword) => keyword !== '');
  const title = data.title!;
  const summary = data.summary!;
  return {
    slug,
    title,
    summary,
    category,
    order,
    keywords,
    body,
    searchIndex: searchIndex([title, summary, keywords.join(', '), categoryName(category), plainBody(body)]),
  };
}

/** The articles by category, then order, then title (compared in `language`). */
function sortArticles(articles: Article[], language: Language = 'en'): Article[] {
  return articles.sort(
    (a, b) =>
      CATEGORIES.indexOf(a.category) - CATEGORIES.indexOf(b.category) ||
      a.order - b.order ||
      a.title.localeCompare(b.title, language),
  );
}

/** Every article of `files` (path → source), by category, then order, then title; slugs are unique. */
export function loadArticles(
  files: Readonly<Record<string, string>>,
  categoryName: CategoryName = englishName,
): Article[] {
  const articles = Object.entries(files).map(([path, source]) => toArticle(path, source, categoryName));
  const seen = new Set<string>();
  for (const article of articles) {
    if (seen.has(article.slug)) throw new ArticleError(article.slug, 'two articles have this slug');
    seen.add(article.slug);
  }
  return sortArticles(articles);
}

/** The article files as they are in the repository, path → Markdown source. */
export const ARTICLE_FILES: Readonly<Record<string, string>> = import.meta.glob<string>('./articles/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
});

export const ARTICLES: readonly Article[] = loadArticles(ARTICLE_FILES);

/**
 * The articles as a page in `language` shows them: each English article in its translation from
 * `files` when there is one, else in English. A translation must have its English article (same
 * slug), category and order: it is the same article, in the same place of the page.
 */
export function articlesIn(
  language: Language,
  files: Readonly<Record<string, string>>,
  categoryName: CategoryName = englishName,
  english: readonly Article[] = ARTICLES,
): Article[] {
  const translated = new Map(loadArticles(files, categoryName).map((article) => [article.slug, article]));
  for (const article of translated.values()) {
    const source = english.find((other) => other.slug === article.slug);
    if (!source) throw new ArticleError(article.slug, `the ${language} article has no English article of that slug`);
    if (source.category !== article.category || source.order !== article.order) {
      throw new ArticleError(article.slug, `the ${language} article needs the category and order of the English one`);
    }
  }
  return sortArticles(
    english.map((article) => translated.get(article.slug) ?? article),
    language,
  );
}

/** Each language's translated articles (path → Markdown source), a module and a chunk per language. */
const TRANSLATIONS = import.meta.glob<Readonly<Record<string, string>>>('./articles/*/index.ts', {
  import: 'ARTICLE_FILES',
});

const translations = new Map<Language, Readonly<Record<string, string>>>([['en', {}]]);
const loadingTranslations = new Map<Language, Promise<Readonly<Record<string, string>>>>();

/** The translated article files of `language`, when loaded (English has none: it is the source). */
export function loadedTranslation(language: Language): Readonly<Record<string, string>> | undefined {
  return translations.get(language);
}

/** Loads the translated article files of `language` (once; a language without any has none). */
export function loadTranslation(language: Language): Promise<Readonly<Record<string, string>>> {
  const loaded = translations.get(language);
  if (loaded) return Promise.resolve(loaded);
  let loading = loadingTranslations.get(language);
  if (!loading) {
    const load = TRANSLATIONS[`./articles/${language}/index.ts`];
    loading = (load ? load() : Promise.resolve({})).then(
      (files) => {
        translations.set(language, files);
        return files;
      },
      (error: unknown) => {
        // Not kept: the next page that needs them tries again.
        loadingTranslations.delete(language);
        throw error;
      },
    );
    loadingTranslations.set(language, loading);
  }
  return loading;
}

export function findArticle(slug: string | null | undefined, articles: readonly Article[] = ARTICLES): Article | null {
  if (!slug) return null;
  return articles.find((article) => article.slug === slug) ?? null;
}

/** The articles in page order, grouped by category (categories without articles left out). */
export function groupByCategory(articles: readonly Article[]): { category: Category; articles: Article[] }[] {
  return CATEGORIES.map((category) => ({
    category,
    articles: articles.filter((article) => article.category === category),
  })).filter((group) => group.articles.length > 0);
}
