/**
 * Issue 12 item 8: a parent searches the Resources articles, opens one, reloads it from its address
 * and goes back to the same search — by pointer and by keyboard, with axe on each state, at each
 * project's width.
 */
import { expect, test, type Page } from '@playwright/test';

import { DEMO, seriousViolations, signInAs } from './support.ts';

/** Nothing sticks out sideways: the page fits the project's width. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => {
    const root = (
      globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }
    ).document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * Resources has no entry in the side menu (SPEC §2 lists none; packages/domain MENU_ENTRIES), so
 * the parent arrives from Home by its address, as from a shared link.
 */
async function openResources(page: Page) {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: /Welcome back/ })).toBeVisible();
  await page.goto('/dashboard/resources');
  await expect(page.getByRole('heading', { level: 1, name: 'Resources' })).toBeVisible();
}

test('a parent searches for the band, reads the article, reloads it and goes back to the search', async ({ page }) => {
  await signInAs(page, DEMO.parent);
  await openResources(page);
  const search = page.getByRole('searchbox', { name: 'Search resources' });
  await expect(search).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'The games' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  expect(await seriousViolations(page), 'list').toEqual([]);

  await search.fill('band');
  const bandCard = page.getByRole('link', { name: 'Wearing the heart-rate band' });
  await expect(bandCard).toBeVisible();
  await expect(page.getByRole('link', { name: 'Acorns', exact: true })).toHaveCount(0);
  await expect(page.locator('.resources-count')).toHaveText(/^\d+ articles? for “band”$/);
  await expect(page).toHaveURL(/\/dashboard\/resources\?q=band$/);

  const recorded = page.waitForRequest(
    (request) =>
      request.method() === 'POST' && /\/api\/v2\/user\/user_actions\/?$/.test(new URL(request.url()).pathname),
  );
  await bandCard.click();
  const title = page.getByRole('heading', { level: 1, name: 'Wearing the heart-rate band' });
  await expect(title).toBeVisible();
  await expect(title).toBeFocused();
  await expect(page).toHaveURL(/\/dashboard\/resources\?q=band&article=wearing-the-heart-rate-band$/);
  expect((await recorded).postDataJSON()).toEqual({ action: 'read_resource' });
  await expectNoSidewaysScroll(page);
  expect(await seriousViolations(page), 'article').toEqual([]);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Wearing the heart-rate band' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Putting it on' })).toBeVisible();
  const support = page
    .getByRole('article')
    .getByRole('link', { name: /^Support/ })
    .first();
  await expect(support).toHaveAttribute('target', '_blank');
  await expect(support).toHaveAttribute('rel', 'noopener noreferrer');

  await page.getByRole('link', { name: 'Back to all resources' }).click();
  await expect(page).toHaveURL(/\/dashboard\/resources\?q=band$/);
  await expect(search).toHaveValue('band');
  await expect(bandCard).toBeFocused();
});

test('the list works from the keyboard, and an empty search points to Support', async ({ page }) => {
  await signInAs(page, DEMO.parent);
  await page.goto('/dashboard/resources');
  const search = page.getByRole('searchbox', { name: 'Search resources' });
  await search.focus();
  await page.keyboard.type('Acorns bonus');
  await expect(page.locator('.resources-count')).toHaveText('1 article for “Acorns bonus”');
  await page.keyboard.press('Tab');
  const card = page.getByRole('link', { name: 'Acorns', exact: true });
  await expect(card).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Acorns' })).toBeFocused();

  await page.goBack();
  await expect(search).toHaveValue('Acorns bonus');
  await expect(card).toBeFocused();

  await search.fill('trampoline');
  await expect(page.getByRole('heading', { level: 2, name: 'No articles match your search' })).toBeVisible();
  await expect(page.locator('.empty-state').getByRole('link', { name: /^Support/ })).toHaveAttribute(
    'target',
    '_blank',
  );
  expect(await seriousViolations(page), 'no results').toEqual([]);
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(search).toBeFocused();
  await expect(page.getByRole('heading', { level: 2, name: 'Getting started' })).toBeVisible();
});
