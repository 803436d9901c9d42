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
 */
import { parseFrontMatter } from './front-matter.ts';
import { searchIndex } from './search.ts';

/** The sections of the Resources page, in their order. */
export const CATEGORIES = ['Getting started', 'The games', 'The program', 'At home', 'Questions'] as const;
export type Category = (typeof CATEGORIES)[number];

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

/** One article from its file; throws an ArticleError naming the file when something is missing. */
export function toArticle(path: string, source: string): Article {
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
    searchIndex: searchIndex([title, summary, keywords.join(', '), category, plainBody(body)]),
  };
}

/** Every article of `files` (path → source), by category, then order, then title; slugs are unique. */
export function loadArticles(files: Readonly<Record<string, string>>): Article[] {
  const articles = Object.entries(files).map(([path, source]) => toArticle(path, source));
  const seen = new Set<string>();
  for (const article of articles) {
    if (seen.has(article.slug)) throw new ArticleError(article.slug, 'two articles have this slug');
    seen.add(article.slug);
  }
  return articles.sort(
    (a, b) =>
      CATEGORIES.indexOf(a.category) - CATEGORIES.indexOf(b.category) ||
      a.order - b.order ||
      a.title.localeCompare(b.title, 'en'),
  );
}

/** The article files as they are in the repository, path → Markdown source. */
export const ARTICLE_FILES: Readonly<Record<string, string>> = import.meta.glob<string>('./articles/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
});

export const ARTICLES: readonly Article[] = loadArticles(ARTICLE_FILES);

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
