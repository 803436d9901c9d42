/** Issue 4 web journeys: signing in, staying signed in, signing out, wrong passwords, staff. */
import { expect, test } from '@playwright/test';

import { DEMO, MOBILE_MENU_MAX, logInWithForm, storedAccessToken, viewportWidth } from './support.ts';

test('a parent logs in, lands on the dashboard, stays signed in on reload, signs out and cannot go back', async ({
  page,
}) => {
  await logInWithForm(page, DEMO.parent);
  await expect(page).toHaveURL(/\/dashboard\/?$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back, Jordan' })).toBeVisible();
  await expect(page.getByText('Hi, Jordan')).toBeVisible();
  await expect(page.getByRole('link', { name: /See Maya’s stats/ })).toBeVisible();

  await page.reload();
  await expect(page).toHaveURL(/\/dashboard\/?$/);
  await expect(page.getByText('Hi, Jordan')).toBeVisible();

  if (viewportWidth(page) <= MOBILE_MENU_MAX) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Sign out' }).click();
  } else {
    await page.getByRole('link', { name: 'Sign out' }).click();
  }
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Grove' })).toBeVisible();
  expect(await storedAccessToken(page)).toBeNull();

  await page.goBack();
  await expect(page).toHaveURL(/\/login\?next=%2Fdashboard/);
  await page.goto('/dashboard/stats');
  await expect(page).toHaveURL(/\/login\?next=%2Fdashboard%2Fstats/);
});

test('a wrong password shows the spec message', async ({ page }) => {
  await logInWithForm(page, DEMO.parent2, 'not-the-password');
  const alert = page.getByRole('alert');
  await expect(alert.getByText('Failed to log in!')).toBeVisible();
  await expect(alert.getByText('Please make sure your email and password are correct.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('a field shows its error only once left, and LOGIN waits for both fields', async ({ page }) => {
  await page.goto('/login');
  const email = page.getByLabel('Email');
  await email.focus();
  await expect(page.getByText('Email is required')).toHaveCount(0);
  await page.getByLabel('Password').focus();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByRole('button', { name: 'LOGIN' })).toBeDisabled();
});

test('staff land in the admin area', async ({ page }) => {
  await logInWithForm(page, DEMO.staff);
  await expect(page).toHaveURL(/\/admin\/accounts$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
});

test('an account that has not bought Grove goes to checkout', async ({ page }) => {
  await logInWithForm(page, DEMO.newFamily);
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
});

test('login follows next after signing in', async ({ page }) => {
  await page.goto('/dashboard/tutorials');
  await expect(page).toHaveURL(/\/login\?next=%2Fdashboard%2Ftutorials$/);
  await page.getByLabel('Email').fill(DEMO.parent);
  await page.getByLabel('Password').fill('GroveDemo!2026');
  await page.getByLabel('Password').press('Enter');
  await expect(page).toHaveURL(/\/dashboard\/tutorials$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tutorials' })).toBeVisible();
});

test('password screens: reset asks for an email, an old link says it expired', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('Email').fill('someone@example.com');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Check your inbox')).toBeVisible();

  await page.goto('/start?o=not-a-real-token');
  await expect(page.getByRole('heading', { level: 1, name: 'This link has expired' })).toBeVisible();
});
