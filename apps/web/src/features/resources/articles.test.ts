import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';

import { i18n, loadLanguage } from '../../lib/i18n.ts';
import { ROUTES } from '../../lib/paths.ts';
import {
  ARTICLE_FILES,
  ARTICLES,
  ArticleError,
  CATEGORIES,
  CATEGORY_NAMES,
  REQUIRED_FIELDS,
  articlesIn,
  findArticle,
  groupByCategory,
  loadArticles,
  loadTranslation,
  loadedTranslation,
  slugOf,
  toArticle,
  type Article,
} from './articles.ts';
import { parseFrontMatter } from './front-matter.ts';
import { safeLink } from './markdown.ts';
import { normalizeText, searchItems } from './search.ts';

const FILES = Object.entries(ARTICLE_FILES);

function article(front: string, body = 'Some text.'): string {
  return `---\n${front}\n---\n\n${body}\n`;
}

const VALID = 'title: T\nsummary: S\ncategory: The games\norder: 1\nkeywords: a, b ,, c';

/** The link targets of a Markdown text: [text](target) and [label]: target definitions. */
function linkTargets(markdown: string): string[] {
  const inline = [...markdown.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((match) => match[1]!);
  const definitions = [...markdown.matchAll(/^\s*\[[^\]]+\]:\s*(\S+)/gm)].map((match) => match[1]!);
  return [...inline, ...definitions];
}

describe('the article files', () => {
  it('are at least eight, each with every field of the front matter', () => {
    expect(FILES.length).toBeGreaterThanOrEqual(8);
    for (const [path, source] of FILES) {
      const { data } = parseFrontMatter(source);
      for (const field of REQUIRED_FIELDS) expect(data[field], `${path}: ${field}`).toBeTruthy();
      expect(CATEGORIES, path).toContain(data.category);
      expect(Number.isInteger(Number(data.order)), `${path}: order`).toBe(true);
    }
  });

  it('have unique slugs and titles, and slugs fit in an address', () => {
    const slugs = ARTICLES.map((entry) => entry.slug);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(new Set(ARTICLES.map((entry) => entry.title)).size).toBe(ARTICLES.length);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });

  it('cover getting started, the band, every game figure, the weeks, calming down and questions', () => {
    const titles = ARTICLES.map((entry) => entry.title);
    expect(titles).toEqual(
      expect.arrayContaining([
        'Getting started',
        'Wearing the heart-rate band',
        'Heart-rate rises and cooldowns',
        'The heart-rate gauge',
        'Chase speed',
        'Acorns',
        'The program’s weeks',
        'Talking with your child about calming down',
        'Frequently asked questions',
      ]),
    );
  });

  it('are of a readable length, start their headings at level 2 and skip no level', () => {
    for (const entry of ARTICLES) {
      const words = entry.body.split(/\s+/).filter(Boolean).length;
      expect(words, `${entry.slug}: ${words} words`).toBeGreaterThanOrEqual(250);
      expect(words, `${entry.slug}: ${words} words`).toBeLessThanOrEqual(750);
      let level = 1;
      for (const [, hashes] of entry.body.matchAll(/^(#{1,6})\s/gm)) {
        const depth = hashes!.length;
        expect(depth, `${entry.slug}: heading level`).toBeGreaterThanOrEqual(2);
        expect(depth, `${entry.slug}: skips a heading level`).toBeLessThanOrEqual(level + 1);
        level = depth;
      }
      expect(entry.body, `${entry.slug}: raw HTML`).not.toMatch(/<[a-z!/]/i);
    }
  });

  it('link only to portal screens that exist, to other articles, and to the configured outside places', () => {
    const links = {
      support: 'https://s.example/',
      gameDirections: 'https://g.example/',
      community: 'https://c.example/',
    };
    const paths = Object.values(ROUTES).flatMap((route): string[] => (route.path === null ? [] : [route.path]));
    for (const entry of ARTICLES) {
      for (const target of linkTargets(entry.body)) {
        const link = safeLink(target, links);
        expect(link, `${entry.slug}: ${target}`).not.toBeNull();
        if (target.startsWith('?')) {
          const slug = new URLSearchParams(target).get('article');
          expect(findArticle(slug), `${entry.slug}: ${target}`).not.toBeNull();
          expect(slug, `${entry.slug} links to itself`).not.toBe(entry.slug);
        } else if (target.startsWith('/')) {
          const pathname = target.split(/[?#]/)[0]!;
          expect(
            paths.some((path) => matchPath({ path, end: true }, pathname)),
            `${entry.slug}: ${target}`,
          ).toBe(true);
        } else {
          expect(target, `${entry.slug}: ${target}`).toMatch(/^\{(support|gameDirections|community)\}$/);
        }
      }
    }
  });

  it('are found by the search words a parent would type', () => {
    const slugs = (query: string) => searchItems(ARTICLES, query).map((entry) => entry.slug);
    expect(slugs('band')).toContain('wearing-the-heart-rate-band');
    expect(slugs('no signal')).toContain('wearing-the-heart-rate-band');
    expect(slugs('bedtime')).toContain('talking-about-calming-down');
    expect(slugs('kiosk')).toContain('getting-started');
    expect(slugs('time zone')).toContain('frequently-asked-questions');
    expect(slugs('ACORNS')).toContain('acorns');
    expect(slugs('heartrate gauge')).toContain('the-heart-rate-gauge');
    expect(slugs('zzzz')).toEqual([]);
    // Link addresses are not searched.
    expect(slugs('segment details')).toEqual([]);
  });

  it('are in category order, then by their order', () => {
    const positions = ARTICLES.map((entry) => [CATEGORIES.indexOf(entry.category), entry.order]);
    const sorted = [...positions].sort((a, b) => a[0]! - b[0]! || a[1]! - b[1]!);
    expect(positions).toEqual(sorted);
    expect(groupByCategory(ARTICLES).map((group) => group.category)).toEqual(
      CATEGORIES.filter((category) => ARTICLES.some((entry) => entry.category === category)),
    );
  });
});

describe('toArticle', () => {
  it('builds an article from its file', () => {
    const entry = toArticle('./articles/my-guide.md', article(VALID, '## Part\n\nRead [this](/dashboard).'));
    expect(entry).toMatchObject({
      slug: 'my-guide',
      title: 'T',
      summary: 'S',
      category: 'The games',
      order: 1,
      keywords: ['a', 'b', 'c'],
      body: '## Part\n\nRead [this](/dashboard).\n',
    });
    expect(entry.searchIndex).toContain(' part ');
    expect(entry.searchIndex).not.toContain('dashboard');
  });

  it.each([
    ['a missing field', article('title: T\nsummary: S\ncategory: The games\norder: 1'), /needs "keywords"/],
    ['an empty field', article(VALID.replace('title: T', 'title:')), /needs "title"/],
    ['an unknown category', article(VALID.replace('The games', 'Recipes')), /unknown category "Recipes"/],
    ['an order that is not a whole number', article(VALID.replace('order: 1', 'order: first')), /order must/],
    ['no text', article(VALID, '  '), /no text/],
    ['a broken front matter', '---\ntitle: T\n', /no closing/],
  ])('names the file when it has %s', (_name, source, message) => {
    expect(() => toArticle('./articles/broken.md', source)).toThrow(ArticleError);
    expect(() => toArticle('./articles/broken.md', source)).toThrow(message);
    expect(() => toArticle('./articles/broken.md', source)).toThrow(/^\.\/articles\/broken\.md: /);
  });

  it('refuses a file name that is not a slug', () => {
    expect(() => toArticle('./articles/My Guide.md', article(VALID))).toThrow(/file name/);
    expect(slugOf('./articles/chase-speed.md')).toBe('chase-speed');
  });
});

describe('loadArticles', () => {
  it('refuses two articles with the same slug', () => {
    expect(() => loadArticles({ './articles/a.md': article(VALID), './other/a.md': article(VALID) })).toThrow(
      /two articles have this slug/,
    );
  });

  it('sorts by category, then order, then title', () => {
    const loaded = loadArticles({
      './articles/z.md': article(VALID.replace('title: T', 'title: Zebra')),
      './articles/y.md': article(VALID.replace('title: T', 'title: Apple')),
      './articles/x.md': article(VALID.replace('The games', 'Getting started').replace('order: 1', 'order: 9')),
    });
    expect(loaded.map((entry) => entry.slug)).toEqual(['x', 'y', 'z']);
  });
});

/** The Spanish articles as a Spanish page reads them (its category names in the search). */
async function spanishArticles(): Promise<Article[]> {
  await loadLanguage('es', ['app']);
  return articlesIn('es', await loadTranslation('es'), (category) => i18n._(CATEGORY_NAMES[category]));
}

/** An article's outline: its heading levels, and its link targets in order. */
function outline(body: string) {
  return { headings: [...body.matchAll(/^(#{1,6})\s/gm)].map((match) => match[1]!.length), links: linkTargets(body) };
}

describe('the Spanish article files', () => {
  it('translate every English article, with the same slug, category and order, and a full front matter', async () => {
    const files = Object.entries(await loadTranslation('es'));
    expect(files.map(([path]) => slugOf(path)).sort()).toEqual(ARTICLES.map((entry) => entry.slug).sort());
    for (const [path, source] of files) {
      const { data } = parseFrontMatter(source);
      for (const field of REQUIRED_FIELDS) expect(data[field], `es ${path}: ${field}`).toBeTruthy();
      const english = findArticle(slugOf(path))!;
      expect(data.category, `es ${path}`).toBe(english.category);
      expect(Number(data.order), `es ${path}`).toBe(english.order);
      expect(data.title, `es ${path}: the title is translated`).not.toBe(english.title);
      expect(data.summary, `es ${path}: the summary is translated`).not.toBe(english.summary);
    }
  });

  it('have unique titles, the English articles’ headings and links, and a readable length', async () => {
    const spanish = await spanishArticles();
    expect(spanish.map((entry) => entry.slug)).toEqual(ARTICLES.map((entry) => entry.slug));
    expect(new Set(spanish.map((entry) => entry.title)).size).toBe(spanish.length);
    for (const entry of spanish) {
      const english = findArticle(entry.slug)!;
      expect(entry, `es ${entry.slug} is a translation`).not.toBe(english);
      // Same structure, and the same links: the English ones are checked above (screens that exist,
      // other articles, the configured outside places).
      expect(outline(entry.body), `es ${entry.slug}`).toEqual(outline(english.body));
      const words = entry.body.split(/\s+/).filter(Boolean).length;
      expect(words, `es ${entry.slug}: ${words} words`).toBeGreaterThanOrEqual(250);
      expect(words, `es ${entry.slug}: ${words} words`).toBeLessThanOrEqual(750);
      expect(entry.body, `es ${entry.slug}: raw HTML`).not.toMatch(/<[a-z!/]/i);
      expect(entry.body, `es ${entry.slug}: a plain apostrophe`).not.toContain("'");
    }
  });

  it('are found by the Spanish words a parent would type, the categories’ Spanish names among them', async () => {
    const spanish = await spanishArticles();
    const slugs = (query: string) => searchItems(spanish, query).map((entry) => entry.slug);
    expect(slugs('banda')).toContain('wearing-the-heart-rate-band');
    expect(slugs('sin señal')).toContain('wearing-the-heart-rate-band');
    expect(slugs('dormir')).toContain('talking-about-calming-down');
    expect(slugs('quiosco')).toContain('getting-started');
    expect(slugs('zona horaria')).toContain('frequently-asked-questions');
    expect(slugs('BELLOTAS')).toContain('acorns');
    expect(slugs('indicador de pulso')).toContain('the-heart-rate-gauge');
    expect(slugs('recuperacion')).toContain('heart-rate-rises-and-cooldowns');
    // Each article's category by its name on a Spanish page ("Primeros pasos"), not the English one.
    for (const entry of spanish) {
      expect(entry.searchIndex, entry.slug).toContain(` ${normalizeText(i18n._(CATEGORY_NAMES[entry.category]))} `);
    }
    expect(slugs('the games')).toEqual([]);
    // The English words and the link addresses are not searched.
    expect(slugs('bedtime')).toEqual([]);
    expect(slugs('segment details')).toEqual([]);
    expect(slugs('zzzz')).toEqual([]);
  });
});

describe('articlesIn', () => {
  const spanish = (slug: string, front = 'category: The games\norder: 4') =>
    `---\ntitle: Título\nsummary: Resumen\n${front}\nkeywords: a\n---\n\nTexto.\n`;

  it('shows each English article in its translation when there is one, else in English', () => {
    const shown = articlesIn('es', { './acorns.md': spanish('acorns') });
    expect(shown.map((entry) => entry.slug)).toEqual(ARTICLES.map((entry) => entry.slug));
    expect(findArticle('acorns', shown)?.title).toBe('Título');
    expect(findArticle('chase-speed', shown)).toBe(findArticle('chase-speed'));
    expect(articlesIn('es', {})).toEqual(ARTICLES);
  });

  it('refuses a translation without its English article, or in another place of the page', () => {
    expect(() => articlesIn('es', { './no-such-article.md': spanish('no-such-article') })).toThrow(
      /no English article/,
    );
    expect(() => articlesIn('es', { './acorns.md': spanish('acorns', 'category: At home\norder: 4') })).toThrow(
      /category and order/,
    );
  });

  it('loads a language’s files once; English has none of its own', async () => {
    expect(loadedTranslation('en')).toEqual({});
    const files = await loadTranslation('es');
    expect(loadedTranslation('es')).toBe(files);
    expect(await loadTranslation('es')).toBe(files);
  });
});
