/**
 * The Resources screen (issue 12 item 8): articles for parents, searchable as you type, grouped by
 * category, and one article at a time. The address holds the state so a search or an article can
 * be shared and survives a reload: `?q=` is the search, `?article=<slug>` the open article (the
 * search is kept beside it, so "Back to all resources" returns to the same results).
 *
 * Focus: opening an article moves focus to its heading (h1); closing it (the back link or the
 * browser's Back) returns focus to the article's card in the list, or to the search box. Opening an
 * article records the user action 'read_resource' (fire and forget).
 *
 * The articles are in the page's language (issue 29): English at once, another language's once its
 * articles are loaded (articles.ts; a spinner meanwhile), each article it has not translated in
 * English; the search looks through the words of the articles shown.
 */
import { useEffect, useMemo, useRef, useState, type ChangeEvent, type FormEvent, type MouseEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';

import { Button } from '../../components/button.tsx';
import {
  ChevronRightIcon,
  ExternalLinkIcon,
  GameDirectionsIcon,
  HeartrateIcon,
  HomeIcon,
  QuestionIcon,
  WeeklyGoalIcon,
} from '../../components/icons.tsx';
import { EmptyState, Page, usePageTitle } from '../../components/page.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { EXTERNAL_LINKS } from '../../lib/env.ts';
import { activeLanguage } from '../../lib/i18n.ts';
import {
  ARTICLES,
  CATEGORY_NAMES,
  articlesIn,
  findArticle,
  groupByCategory,
  loadTranslation,
  loadedTranslation,
  type Article,
  type Category,
} from './articles.ts';
import { renderMarkdown } from './markdown.ts';
import { recordResourceRead } from './resources.api.ts';
import { searchItems } from './search.ts';
import './resources.css';

/** How long typing rests before the search is written to the address. */
export const SEARCH_URL_DELAY_MS = 300;
const SEARCH_BOX_STATE = { resourcesSearchBox: true } as const;
const SEARCH_ID = 'resources-search';
const TITLE_ID = 'resource-title';

const CATEGORY_ICONS: Record<Category, typeof HomeIcon> = {
  'Getting started': HomeIcon,
  'The games': GameDirectionsIcon,
  'The program': WeeklyGoalIcon,
  'At home': HeartrateIcon,
  Questions: QuestionIcon,
};

function fromSearchBox(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'resourcesSearchBox' in state;
}

/** The search part of an address: the query (when not blank) and the article. */
function searchString(query: string, article?: string): string {
  const params = new URLSearchParams();
  if (query.trim() !== '') params.set('q', query);
  if (article) params.set('article', article);
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

function categoryId(category: string): string {
  return `resources-${category.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
}

function SupportLink({ children }: { children?: string }) {
  const { t } = useLingui();
  return (
    <a href={EXTERNAL_LINKS.support} target="_blank" rel="noopener noreferrer" className="resources-external">
      {children ?? t`Support`}
      <ExternalLinkIcon size={14} />
      <span className="visually-hidden"> {t`(opens in a new tab)`}</span>
    </a>
  );
}

function ResourceList({ articles }: { articles: readonly Article[] }) {
  const { t, i18n } = useLingui();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const urlQuery = params.get('q') ?? '';
  const [query, setQuery] = useState(urlQuery);
  // The address changed by other means than typing here (Back, a shared link): follow it.
  const [seenKey, setSeenKey] = useState(location.key);
  if (seenKey !== location.key) {
    setSeenKey(location.key);
    if (!fromSearchBox(location.state) && urlQuery !== query) setQuery(urlQuery);
  }

  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  function writeQuery(value: string) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value.trim() === '') next.delete('q');
        else next.set('q', value);
        return next;
      },
      { replace: true, preventScrollReset: true, state: SEARCH_BOX_STATE },
    );
  }

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const value = event.target.value;
    setQuery(value);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => writeQuery(value), SEARCH_URL_DELAY_MS);
  }

  /**
   * Opens an article from its card. While the search typed last is not in the address yet, it is
   * written there first, so that Back from the article returns to that search.
   */
  function onCardClick(event: MouseEvent<HTMLAnchorElement>, slug: string) {
    const written = urlQuery.trim() === '' ? '' : urlQuery;
    const wanted = query.trim() === '' ? '' : query;
    if (written === wanted || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    window.clearTimeout(timer.current);
    void (async () => {
      await navigate(
        { search: searchString(query) },
        { replace: true, preventScrollReset: true, state: SEARCH_BOX_STATE },
      );
      await navigate({ search: searchString(query, slug) });
    })();
  }

  /** Enter in the search box writes the search to the address at once. */
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    window.clearTimeout(timer.current);
    writeQuery(query);
  }

  function clearSearch() {
    window.clearTimeout(timer.current);
    setQuery('');
    writeQuery('');
    document.getElementById(SEARCH_ID)?.focus();
  }

  const results = useMemo(() => searchItems(articles, query), [articles, query]);
  const groups = groupByCategory(results);
  const searching = query.trim() !== '';
  const searched = query.trim();
  const count = results.length;

  return (
    <Page
      title={t`Resources`}
      intro={t`Guides for parents: setting up the kit, the games, the program’s weeks and calming down at home.`}
    >
      <form role="search" className="resources-search" onSubmit={onSubmit}>
        <label htmlFor={SEARCH_ID} className="field__label">
          <Trans>Search resources</Trans>
        </label>
        <input
          id={SEARCH_ID}
          className="input resources-search__input"
          type="search"
          value={query}
          onChange={onChange}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          aria-describedby="resources-search-hint"
        />
        <p id="resources-search-hint" className="field__hint">
          <Trans>Try a word like “band”, “acorns” or “bedtime”.</Trans>
        </p>
      </form>

      <p className="resources-count" role="status">
        {searching
          ? t({ message: plural(count, { one: `# article for “${searched}”`, other: `# articles for “${searched}”` }) })
          : t({ message: plural(count, { one: '# article', other: '# articles' }) })}
      </p>

      {results.length === 0 ? (
        <EmptyState
          title={t`No articles match your search`}
          action={
            <Button variant="secondary" onClick={clearSearch}>
              <Trans>Clear search</Trans>
            </Button>
          }
        >
          <p>
            <Trans>
              Try fewer words or another spelling. Can’t find what you need? <SupportLink /> can help with the kit and
              your account, and your coach with the program.
            </Trans>
          </p>
        </EmptyState>
      ) : (
        groups.map(({ category, articles: inCategory }) => {
          const Icon = CATEGORY_ICONS[category];
          return (
            <section key={category} className="resources-group" aria-labelledby={categoryId(category)}>
              <h2 id={categoryId(category)} className="resources-group__title">
                <span className="resources-group__icon">
                  <Icon size={20} />
                </span>
                {i18n._(CATEGORY_NAMES[category])}
              </h2>
              <ul className="resources-cards">
                {inCategory.map((article) => (
                  <li key={article.slug} className="card resource-card" data-slug={article.slug}>
                    <h3 className="resource-card__title">
                      <Link
                        className="resource-card__link"
                        to={searchString(query, article.slug)}
                        onClick={(event) => onCardClick(event, article.slug)}
                      >
                        {article.title}
                      </Link>
                    </h3>
                    <p className="resource-card__summary">{article.summary}</p>
                    <ChevronRightIcon size={18} className="icon resource-card__chevron" />
                  </li>
                ))}
              </ul>
            </section>
          );
        })
      )}
    </Page>
  );
}

function ArticleView({ article, query, articles }: { article: Article; query: string; articles: readonly Article[] }) {
  const { t, i18n } = useLingui();
  const title = article.title;
  const category = i18n._(CATEGORY_NAMES[article.category]);
  usePageTitle(t`${title} · Resources`);
  const location = useLocation();
  const navigate = useNavigate();
  const html = useMemo(() => renderMarkdown(article.body, EXTERNAL_LINKS), [article]);
  const related = articles.filter((other) => other.category === article.category && other.slug !== article.slug);

  /** Links inside the article that stay in the portal navigate without reloading the page. */
  function onBodyClick(event: MouseEvent<HTMLDivElement>) {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = event.target instanceof Element ? event.target.closest('a') : null;
    if (!anchor || !event.currentTarget.contains(anchor) || anchor.target) return;
    const href = anchor.getAttribute('href');
    if (!href || href.startsWith('#')) return;
    event.preventDefault();
    navigate(href);
  }

  return (
    <article className="page page--narrow resource-article" aria-labelledby={TITLE_ID}>
      <p className="resource-article__back">
        <Link to={{ pathname: location.pathname, search: searchString(query) }} className="resource-back">
          <ChevronRightIcon size={18} className="icon resource-back__icon" />
          <Trans>Back to all resources</Trans>
        </Link>
      </p>
      <header className="resource-article__header">
        <p className="pill">{category}</p>
        <h1 id={TITLE_ID} className="page__title" tabIndex={-1}>
          {article.title}
        </h1>
        <p className="page__intro">{article.summary}</p>
      </header>
      {/* The HTML comes from renderMarkdown, which escapes raw HTML and keeps only safe links. */}
      <div className="resource-article__body" onClick={onBodyClick} dangerouslySetInnerHTML={{ __html: html }} />
      <aside className="card tip resource-help" aria-labelledby="resource-help-title">
        <QuestionIcon size={24} />
        <div>
          <h2 id="resource-help-title" className="resource-help__title">
            <Trans>Still have a question?</Trans>
          </h2>
          <p>
            <Trans>
              Your coach can help with the program and your child’s progress. For the kit, the band or your account,
              visit <SupportLink />.
            </Trans>
          </p>
        </div>
      </aside>
      {related.length > 0 ? (
        <nav className="resource-related" aria-labelledby="resource-related-title">
          <h2 id="resource-related-title" className="resource-related__title">
            <Trans>More in {category}</Trans>
          </h2>
          <ul>
            {related.map((other) => (
              <li key={other.slug}>
                <Link to={searchString(query, other.slug)}>{other.title}</Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </article>
  );
}

function ArticleNotFound({ query }: { query: string }) {
  const { t } = useLingui();
  const location = useLocation();
  return (
    <Page title={t`Resources`}>
      <EmptyState
        title={t`We couldn’t find that article`}
        action={
          <Link to={{ pathname: location.pathname, search: searchString(query) }}>
            <Trans>Back to all resources</Trans>
          </Link>
        }
      >
        <p>
          <Trans>It may have been renamed or removed. All our guides are listed on the Resources page.</Trans>
        </p>
      </EmptyState>
    </Page>
  );
}

/**
 * The articles in the page's language (useLingui re-renders on a change): English at once; another
 * language's when its articles are loaded (null until then), in English if they cannot be.
 */
function useArticles(): readonly Article[] | null {
  const { i18n } = useLingui();
  const language = activeLanguage();
  const files = loadedTranslation(language);
  const [failed, setFailed] = useState<string | null>(null);
  const [, setLoaded] = useState(0);
  useEffect(() => {
    if (files) return;
    let current = true;
    loadTranslation(language).then(
      () => current && setLoaded((count) => count + 1),
      () => current && setFailed(language),
    );
    return () => {
      current = false;
    };
  }, [language, files]);
  return useMemo(() => {
    if (language === 'en' || failed === language) return ARTICLES;
    if (!files) return null;
    return articlesIn(language, files, (category) => i18n._(CATEGORY_NAMES[category]));
  }, [language, files, failed, i18n]);
}

export function ResourcesPage({ articles: given }: { articles?: readonly Article[] }) {
  const { t } = useLingui();
  const inLanguage = useArticles();
  const articles = given ?? inLanguage ?? [];
  const loading = given === undefined && inLanguage === null;
  const [params] = useSearchParams();
  const slug = params.get('article') || null;
  const query = params.get('q') ?? '';
  const article = findArticle(slug, articles);
  const rootRef = useRef<HTMLDivElement>(null);
  const previous = useRef<{ slug: string | null } | null>(null);

  // Once per article opened (the same article in another language is not another read).
  const openSlug = article?.slug;
  useEffect(() => {
    if (openSlug) recordResourceRead();
  }, [openSlug]);

  useEffect(() => {
    const before = previous.current;
    previous.current = { slug };
    // On arrival the page keeps the focus the app gives it; only a change here moves it.
    if (before === null || before.slug === slug) return;
    const root = rootRef.current;
    if (!root) return;
    if (slug) {
      const heading = root.querySelector<HTMLElement>('h1');
      heading?.setAttribute('tabindex', '-1');
      heading?.focus();
      return;
    }
    const card = [...root.querySelectorAll<HTMLElement>('[data-slug]')].find(
      (element) => element.dataset.slug === before.slug,
    );
    const target = card?.querySelector<HTMLElement>('a') ?? document.getElementById(SEARCH_ID);
    target?.focus();
  }, [slug]);

  return (
    <div ref={rootRef} className="resources">
      {loading ? (
        <PageSpinner label={t`Loading the articles…`} />
      ) : slug === null ? (
        <ResourceList articles={articles} />
      ) : article ? (
        <ArticleView article={article} query={query} articles={articles} />
      ) : (
        <ArticleNotFound query={query} />
      )}
    </div>
  );
}
