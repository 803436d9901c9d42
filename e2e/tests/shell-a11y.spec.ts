/** Issue 5: axe reports no serious or critical violation on the shell screens. */
import { expect, test, type Page } from '@playwright/test';

import { DEMO, MOBILE_MENU_MAX, ADMIN_DESKTOP_MIN, seriousViolations, signInAs, viewportWidth } from './support.ts';

async function check(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  expect(await seriousViolations(page), path).toEqual([]);
}

test('public screens', async ({ page }) => {
  await check(page, '/login', 'Welcome to Grove');
  await check(page, '/password-reset', 'Reset your password');
  await check(page, '/get-access', 'Get access');
  await check(page, '/start?o=nothing', 'This link has expired');
  await check(page, '/checkout', 'Checkout');
  await check(page, '/packagereturns', 'Package returns');
  await check(page, '/nowhere', 'We couldn’t find that page');
});

test('login with errors and a failure notification', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').focus();
  await page.getByLabel('Password').focus();
  await page.getByLabel('Email').focus();
  await expect(page.getByText('Password is required')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('user layout screens, with the menu open', async ({ page }) => {
  await signInAs(page, DEMO.parent);
  await check(page, '/dashboard', 'Welcome back, Jordan');
  await check(page, '/dashboard/stats?pid=1', 'Player Stats');
  await check(page, '/dashboard/account?segment=billing', 'Account');
  await check(page, '/dashboard/welcome', 'Welcome to Grove');
  await check(page, '/dashboard/tutorials', 'Tutorials');
  await check(page, '/dashboard/resources', 'Resources');
  await page.getByRole('button', { name: viewportWidth(page) <= MOBILE_MENU_MAX ? 'Open menu' : 'Expand side menu' }).click();
  expect(await seriousViolations(page)).toEqual([]);
});

test('a family without players', async ({ page }) => {
  await signInAs(page, DEMO.noPlayers);
  await check(page, '/dashboard', 'Welcome back, Taylor');
});

test('admin layout screens, with the menu open', async ({ page }) => {
  await signInAs(page, DEMO.staff);
  await check(page, '/admin/accounts', 'Accounts');
  await check(page, '/admin/accounts/3', 'Account 3');
  await check(page, '/admin/outstanding-billing-requests', 'Outstanding Billing Requests');
  if (viewportWidth(page) <= ADMIN_DESKTOP_MIN) {
    await page.getByRole('button', { name: 'Open admin menu' }).click();
    expect(await seriousViolations(page)).toEqual([]);
  }
});
