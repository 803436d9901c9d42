/**
 * Issue 5: the side menu shows exactly the spec's entries per role; the hamburger appears at widths
 * up to 900 px; the admin desktop menu applies only above 1165 px.
 */
import { expect, test } from '@playwright/test';

import { ADMIN_DESKTOP_MIN, DEMO, MOBILE_MENU_MAX, sideMenuLabels, signInAs, viewportWidth } from './support.ts';

const PARENT_MENU = ['Home', 'Player Stats', 'Game Directions', 'Account', 'Support', 'Community'];
/** Desktop entries; the mobile menu adds Sign out, in the spec's order (before Admin). */
const MENUS: { who: string; email: string; entries: string[]; mobile: string[] }[] = [
  { who: 'parent', email: DEMO.parent, entries: PARENT_MENU, mobile: [...PARENT_MENU, 'Sign out'] },
  { who: 'magellan user', email: DEMO.magellan, entries: PARENT_MENU, mobile: [...PARENT_MENU, 'Sign out'] },
  {
    who: 'coach',
    email: DEMO.coach,
    entries: ['Home', 'Player Stats', 'Coaching', 'Game Directions', 'Account', 'Support'],
    mobile: ['Home', 'Player Stats', 'Coaching', 'Game Directions', 'Account', 'Support', 'Sign out'],
  },
  {
    who: 'admin',
    email: DEMO.staff,
    entries: [...PARENT_MENU, 'Admin'],
    mobile: [...PARENT_MENU, 'Sign out', 'Admin'],
  },
];

for (const { who, email, entries, mobile } of MENUS) {
  test(`the side menu of a ${who} shows exactly the spec's entries`, async ({ page }) => {
    await signInAs(page, email);
    await page.goto('/dashboard');
    await expect(page.getByText(/^Hi, /)).toBeVisible();
    expect(await sideMenuLabels(page)).toEqual(viewportWidth(page) <= MOBILE_MENU_MAX ? mobile : entries);
  });
}

test('external entries open in a new tab; Player Stats is disabled without players', async ({ page }) => {
  await signInAs(page, DEMO.noPlayers);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'No players yet' })).toBeVisible();
  await sideMenuLabels(page);
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  for (const name of ['Game Directions', 'Support', 'Community']) {
    const link = nav.getByRole('link', { name: new RegExp(name) });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(link).toHaveAttribute('href', /^https:\/\//);
  }
  await expect(nav.getByRole('link', { name: 'Player Stats' })).toHaveAttribute('aria-disabled', 'true');
});

test('the hamburger appears at 900 px and below; above, the side menu expands over an overlay', async ({ page }) => {
  await signInAs(page, DEMO.parent);
  await page.goto('/dashboard');
  await expect(page.getByText('Hi, Jordan')).toBeVisible();
  const hamburger = page.getByRole('button', { name: 'Open menu' });
  if (viewportWidth(page) <= MOBILE_MENU_MAX) {
    await expect(hamburger).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
    await hamburger.click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    const box = await menu.boundingBox();
    expect(box?.width).toBe(viewportWidth(page));
    await menu.getByRole('link', { name: 'Account' }).click();
    await expect(page).toHaveURL(/\/dashboard\/account\?segment=details$/);
    await expect(menu).toHaveCount(0);
  } else {
    await expect(hamburger).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    await page.getByRole('button', { name: 'Expand side menu' }).click();
    await expect(page.getByTestId('menu-overlay')).toBeVisible();
    await page.getByTestId('menu-overlay').click({ position: { x: viewportWidth(page) - 20, y: 400 } });
    await expect(page.getByTestId('menu-overlay')).toHaveCount(0);
  }
});

test('the admin desktop menu applies only above 1165 px', async ({ page }) => {
  await signInAs(page, DEMO.staff);
  await page.goto('/admin/accounts');
  await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
  const toggle = page.getByRole('button', { name: 'Open admin menu' });
  const nav = page.getByRole('navigation', { name: 'Admin menu' });
  const desktopLinks = ['Accounts', 'Orders', 'Outstanding Billing Requests', 'Shipments', 'Deletions'];
  if (viewportWidth(page) > ADMIN_DESKTOP_MIN) {
    await expect(toggle).toHaveCount(0);
    await expect(nav).toBeVisible();
    expect(await nav.getByRole('link').allTextContents()).toEqual(desktopLinks);
    await expect(page.getByText('Sam Rivera')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Logout' })).toBeVisible();
  } else {
    await expect(nav).toHaveCount(0);
    await toggle.click();
    await expect(nav).toBeVisible();
    expect(await nav.getByRole('listitem').allTextContents()).toEqual([
      ...desktopLinks,
      'Account Details',
      'Subscription & Billing',
    ]);
    await expect(nav.getByText('Sam Rivera')).toBeVisible();
    await nav.getByRole('link', { name: 'Shipments' }).click();
    await expect(page).toHaveURL(/\/admin\/shipments$/);
    await expect(nav).toHaveCount(0);
  }
});

test('admin Logout ends the session', async ({ page }) => {
  await signInAs(page, DEMO.staff);
  await page.goto('/admin/orders');
  if (viewportWidth(page) <= ADMIN_DESKTOP_MIN) await page.getByRole('button', { name: 'Open admin menu' }).click();
  await page.getByRole('link', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/admin/orders');
  await expect(page).toHaveURL(/\/login\?next=%2Fadmin%2Forders$/);
});
