/**
 * Screenshots of the user and admin layouts at 375, 900 and 1280 px, and of the home, stats,
 * billing, account details, players and Connect a tablet screens (whole pages) at 375 and 1280 px, for docs/screenshots/
 * (shown in apps/web/README.md).
 * Runs only when SCREENSHOTS=1, in the desktop project (playwright.config.ts leaves it out
 * otherwise): `npm run screenshots`.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';

import { DEMO, signInAs } from './support.ts';

const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
const WIDTHS = [375, 900, 1280];

/** The whole page: the viewport grows to the page's height, so the fixed side menu runs the full length. */
async function wholePage(page: Page, file: string) {
  const viewport = page.viewportSize() ?? { width: 1280, height: 820 };
  const height = await page.evaluate(
    () =>
      (globalThis as unknown as { document: { documentElement: { scrollHeight: number } } }).document.documentElement
        .scrollHeight,
  );
  await page.setViewportSize({ width: viewport.width, height });
  await page.screenshot({ path: path.join(OUT, file) });
  await page.setViewportSize(viewport);
}

for (const width of WIDTHS) {
  test(`layouts at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width < 600 ? 780 : 820 });
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.screenshot({ path: path.join(OUT, `login-${width}.png`) });
    if (width !== 900) {
      await page.goto('/checkout?tag=default');
      await expect(page.getByRole('heading', { level: 2, name: 'Your plan' })).toBeVisible();
      await wholePage(page, `checkout-${width}.png`);
    }

    await signInAs(page, DEMO.parent);
    await page.goto('/dashboard');
    await expect(page.getByRole('link', { name: /See Maya’s stats/ })).toBeVisible();
    await page.screenshot({ path: path.join(OUT, `user-layout-${width}.png`) });
    await page.getByRole('button', { name: width <= 900 ? 'Open menu' : 'Expand side menu' }).click();
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(OUT, `user-menu-${width}.png`) });

    if (width !== 900) {
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { name: 'Maya’s week' })).toBeVisible();
      await wholePage(page, `home-${width}.png`);
      await page.goto('/dashboard/stats?pid=1&gis=3Mos');
      await expect(page.getByRole('table', { name: /^Average cooldown time each week/ })).toBeAttached();
      await wholePage(page, `stats-${width}.png`);
      await page.goto('/dashboard/account?segment=billing');
      await expect(page.getByText(/GRV-DEMO-/).first()).toBeVisible();
      await expect(page.getByRole('heading', { name: 'History' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await wholePage(page, `billing-${width}.png`);
      await page.goto('/dashboard/account?segment=details');
      await expect(page.getByRole('region', { name: 'Devices' }).getByRole('switch').first()).toBeVisible();
      await expect(page.getByRole('region', { name: 'Orders' }).getByRole('listitem').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await wholePage(page, `account-${width}.png`);
      await page.goto('/dashboard/account?segment=players');
      await expect(page.getByRole('button', { name: 'Add a player' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await wholePage(page, `players-${width}.png`);
      await page.goto('/dashboard/connect?code=WDJB-MJHT');
      await expect(page.getByRole('heading', { level: 1, name: 'Connect a tablet' })).toBeVisible();
      await wholePage(page, `connect-${width}.png`);
    }

    await signInAs(page, DEMO.staff);
    await page.goto('/admin/accounts');
    await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
    await page.screenshot({ path: path.join(OUT, `admin-layout-${width}.png`) });
    if (width <= 1165) {
      await page.getByRole('button', { name: 'Open admin menu' }).click();
      await page.screenshot({ path: path.join(OUT, `admin-menu-${width}.png`) });
    }
  });
}
