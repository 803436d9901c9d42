import { expect, test } from '@playwright/test';

test('the portal opens on the login page', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(/Grove/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome');
});
