/** The Resources screen (issue 12 item 8) through the real routes and providers. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { playersApi } from '@grove/domain/api/endpoints/players';
import { userApi } from '@grove/domain/api/endpoints/user';

import { fakeApi, type FakeApi, type FakeRoute } from '../../../test/fake-api.ts';
import { USERS, playerPage, storeSession } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { ARTICLES } from '../../features/resources/articles.ts';
import { EXTERNAL_LINKS } from '../../lib/env.ts';

const ACTION = userApi.recordAction;

function signedIn(routes: FakeRoute[] = []): FakeApi {
  storeSession();
  return fakeApi([
    [userApi.info, { body: USERS.parent }],
    [playersApi.list, { body: playerPage([{ id: 1, name: 'Maya' }]) }, { id: 1 }],
    [
      ACTION,
      ({ body }) => ({
        body: { action: (body as { action: string }).action, done_at: '2026-11-20T10:00:00.000Z' },
      }),
    ],
    ...routes,
  ]);
}

/** The line that says how many articles are shown (a polite live region). */
function resultCount(): HTMLElement {
  const count = screen.getAllByRole('status').find((element) => element.classList.contains('resources-count'));
  if (!count) throw new Error('No article count on the page');
  return count;
}

function cardTitles(): string[] {
  return screen.queryAllByRole('heading', { level: 3 }).map((heading) => heading.textContent ?? '');
}

describe('resources', () => {
  it('lists every article by category, with its summary', async () => {
    const api = signedIn();
    renderApp('/dashboard/resources');
    expect(await screen.findByRole('heading', { level: 1, name: 'Resources' })).toBeInTheDocument();
    expect(resultCount()).toHaveTextContent(`${ARTICLES.length} articles`);
    expect(screen.getByRole('searchbox', { name: 'Search resources' })).toHaveAttribute('type', 'search');
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'Getting started',
      'The games',
      'The program',
      'At home',
      'Questions',
    ]);
    const games = screen.getByRole('region', { name: 'The games' });
    expect(
      within(games)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Heart-rate rises and cooldowns', 'The heart-rate gauge', 'Chase speed', 'Acorns']);
    expect(within(games).getByRole('link', { name: 'Acorns' })).toHaveAttribute(
      'href',
      '/dashboard/resources?article=acorns',
    );
    expect(within(games).getByText(/The rewards your child collects/)).toBeInTheDocument();
    expect(cardTitles()).toHaveLength(ARTICLES.length);
    expect(api.callsOf(ACTION)).toHaveLength(0);
  });

  it('filters as you type, ignoring case and accents, and keeps the search in the address', async () => {
    signedIn();
    const app = renderApp('/dashboard/resources');
    const search = await screen.findByRole('searchbox', { name: 'Search resources' });
    const user = userEvent.setup();

    await user.type(search, 'BÄND');
    expect(cardTitles()).toContain('Wearing the heart-rate band');
    expect(cardTitles()).not.toContain('Acorns');
    const count = cardTitles().length;
    expect(resultCount()).toHaveTextContent(`${count} article${count === 1 ? '' : 's'} for “BÄND”`);
    await waitFor(() => expect(app.location()).toBe('/dashboard/resources?q=B%C3%84ND'));

    await user.clear(search);
    await user.type(search, 'band no signal');
    expect(cardTitles()).toEqual(['Wearing the heart-rate band']);
    expect(resultCount()).toHaveTextContent('1 article for “band no signal”');
    expect(screen.getByRole('link', { name: 'Wearing the heart-rate band' })).toHaveAttribute(
      'href',
      '/dashboard/resources?q=band+no+signal&article=wearing-the-heart-rate-band',
    );
    await waitFor(() => expect(app.location()).toBe('/dashboard/resources?q=band+no+signal'));

    await user.clear(search);
    await waitFor(() => expect(app.location()).toBe('/dashboard/resources'));
    expect(cardTitles()).toHaveLength(ARTICLES.length);
  });

  it('starts from the search in the address', async () => {
    signedIn();
    renderApp('/dashboard/resources?q=bedtime');
    expect(await screen.findByRole('searchbox', { name: 'Search resources' })).toHaveValue('bedtime');
    expect(cardTitles()).toContain('Talking with your child about calming down');
    expect(cardTitles()).not.toContain('Chase speed');
  });

  it('says when nothing matches, points to Support, and clears the search', async () => {
    signedIn();
    const app = renderApp('/dashboard/resources?q=trampoline');
    const empty = (await screen.findByRole('heading', { name: 'No articles match your search' })).parentElement!;
    expect(resultCount()).toHaveTextContent('0 articles for “trampoline”');
    const support = within(empty).getByRole('link', { name: 'Support (opens in a new tab)' });
    expect(support).toHaveAttribute('href', EXTERNAL_LINKS.support);
    expect(support).toHaveAttribute('target', '_blank');
    expect(support).toHaveAttribute('rel', 'noopener noreferrer');

    await userEvent.setup().click(screen.getByRole('button', { name: 'Clear search' }));
    expect(cardTitles()).toHaveLength(ARTICLES.length);
    expect(screen.getByRole('searchbox', { name: 'Search resources' })).toHaveValue('');
    expect(screen.getByRole('searchbox', { name: 'Search resources' })).toHaveFocus();
    await waitFor(() => expect(app.location()).toBe('/dashboard/resources'));
  });

  it('opens an article from ?article= and records that it was read', async () => {
    const api = signedIn();
    renderApp('/dashboard/resources?article=wearing-the-heart-rate-band');
    expect(await screen.findByRole('heading', { level: 1, name: 'Wearing the heart-rate band' })).toBeInTheDocument();
    const article = screen.getByRole('article', { name: 'Wearing the heart-rate band' });
    expect(within(article).getByRole('heading', { level: 2, name: 'Putting it on' })).toBeInTheDocument();
    expect(
      within(article).getByRole('heading', { level: 2, name: 'Troubleshooting: “no signal”' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to all resources' })).toHaveAttribute('href', '/dashboard/resources');
    const supportLinks = within(article).getAllByRole('link', { name: /^Support/ });
    for (const link of supportLinks) {
      expect(link).toHaveAttribute('href', EXTERNAL_LINKS.support);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    // The title is set by an effect once the article has rendered.
    await waitFor(() => expect(document.title).toBe('Wearing the heart-rate band · Resources · Grove'));
    await waitFor(() => expect(api.callsOf(ACTION).length).toBeGreaterThanOrEqual(1));
    expect(api.callsOf(ACTION)[0]?.body).toEqual({ action: 'read_resource' });
  });

  it('moves focus to the article and back to its card, keeping the search', async () => {
    signedIn();
    const app = renderApp('/dashboard/resources?q=acorn');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Acorns' }));

    const heading = await screen.findByRole('heading', { level: 1, name: 'Acorns' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(app.location()).toBe('/dashboard/resources?q=acorn&article=acorns');
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();

    const back = screen.getByRole('link', { name: 'Back to all resources' });
    expect(back).toHaveAttribute('href', '/dashboard/resources?q=acorn');
    await user.click(back);
    const card = await screen.findByRole('link', { name: 'Acorns' });
    await waitFor(() => expect(card).toHaveFocus());
    expect(screen.getByRole('searchbox', { name: 'Search resources' })).toHaveValue('acorn');
    expect(app.location()).toBe('/dashboard/resources?q=acorn');
  });

  it('keeps a search typed just before opening an article for the way back', async () => {
    signedIn();
    const app = renderApp('/dashboard/resources');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('searchbox', { name: 'Search resources' }), 'acorns bonus');
    await user.click(screen.getByRole('link', { name: 'Acorns' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Acorns' })).toBeInTheDocument();
    await waitFor(() => expect(app.location()).toBe('/dashboard/resources?q=acorns+bonus&article=acorns'));

    await app.router.navigate(-1);
    expect(await screen.findByRole('searchbox', { name: 'Search resources' })).toHaveValue('acorns bonus');
    expect(app.location()).toBe('/dashboard/resources?q=acorns+bonus');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Acorns' })).toHaveFocus());
  });

  it('follows a link to another article inside the portal', async () => {
    signedIn();
    const app = renderApp('/dashboard/resources?article=getting-started');
    const article = await screen.findByRole('article', { name: 'Getting started' });
    const link = within(article).getAllByRole('link', { name: 'Wearing the heart-rate band' })[0]!;
    expect(link).not.toHaveAttribute('target');
    await userEvent.setup().click(link);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Wearing the heart-rate band' });
    expect(app.location()).toBe('/dashboard/resources?article=wearing-the-heart-rate-band');
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('keeps reading when recording the action fails', async () => {
    const api = signedIn([[ACTION, { status: 404, body: { detail: 'Not found.', code: 'not_found' } }]]);
    const app = renderApp('/dashboard/resources?article=acorns');
    expect(await screen.findByRole('heading', { level: 1, name: 'Acorns' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsOf(ACTION).length).toBeGreaterThanOrEqual(1));
    expect(document.querySelector('.notice')).toBeNull();
    expect(app.location()).toBe('/dashboard/resources?article=acorns');
  });

  it('says so when the article in the address does not exist', async () => {
    const api = signedIn();
    renderApp('/dashboard/resources?article=no-such-thing');
    expect(await screen.findByRole('heading', { name: 'We couldn’t find that article' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Resources' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to all resources' })).toHaveAttribute('href', '/dashboard/resources');
    expect(api.callsOf(ACTION)).toHaveLength(0);
  });

  it('shows the developer banner on the preview variant, with the same articles', async () => {
    signedIn();
    renderApp('/s3/staging/feature/new-menu/dashboard/resources?article=chase-speed');
    expect(await screen.findByRole('heading', { level: 1, name: 'Chase speed' })).toBeInTheDocument();
    expect(screen.getByText(/Preview build · staging · feature\/new-menu/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to all resources' })).toHaveAttribute(
      'href',
      '/s3/staging/feature/new-menu/dashboard/resources',
    );
  });
});
