/**
 * Issue 17 item 5: a parent shares a player's summary with a clinician from Account → Privacy,
 * opens the link in a fresh browser without signing in (the printable summary, noindex), sees the
 * view in the link's log, revokes the link and sees it stop working. Axe on both screens, at each
 * project's width; each project signs in as a family of its own.
 */
import { expect, test, type TestInfo } from '@playwright/test';

import { DEMO, seriousViolations, signInAs } from './support.ts';

const FAMILY_OF_PROJECT: Record<string, string> = {
  desktop: DEMO.parent,
  tablet: DEMO.parent2,
  phone: DEMO.magellan,
};

const familyOf = (testInfo: TestInfo) => FAMILY_OF_PROJECT[testInfo.project.name] ?? DEMO.parent;

test('a parent shares a summary, a clinician opens it without signing in, and revoking ends it', async ({
  page,
  browser,
}, testInfo) => {
  const shownAs = `Kid ${testInfo.project.name} ${Date.now().toString(36)}`;
  await signInAs(page, familyOf(testInfo));
  await page.goto('/dashboard/account?segment=privacy');
  const panel = page.getByRole('region', { name: 'Share with your child’s clinician' });
  const form = panel.getByRole('form', { name: 'Make a new link' });
  await expect(form).toBeVisible({ timeout: 30_000 });
  await form.getByLabel('Child’s name on the summary').fill(shownAs);
  await form.getByLabel('Days the link stays open').fill('7');
  await form.getByRole('button', { name: 'Create link' }).click();

  const address = await panel.getByRole('textbox', { name: 'Link to share' }).inputValue();
  expect(address).toMatch(/\/shared\/[A-Za-z0-9_-]{43}$/);
  const link = panel.getByRole('listitem').filter({ hasText: shownAs });
  await expect(link.getByText('Active')).toBeVisible();
  await expect(link.getByText('Not opened yet')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // The clinician: another browser, never signed in.
  const clinician = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: page.viewportSize() });
  const summary = await clinician.newPage();
  await summary.goto(new URL(address).pathname);
  await expect(summary.getByRole('heading', { level: 1, name: `${shownAs}’s play summary` })).toBeVisible({
    timeout: 30_000,
  });
  await expect(summary.getByRole('region', { name: /Minutes played each week/ })).toBeVisible();
  await expect(summary.getByRole('region', { name: 'Heart-rate gauge' })).toBeVisible();
  await expect(summary.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  await expect(summary.getByRole('navigation')).toHaveCount(0);
  expect(await seriousViolations(summary)).toEqual([]);

  // The parent sees the view, then revokes the link.
  await page.reload();
  await expect(link.getByText('Opened 1 time')).toBeVisible({ timeout: 30_000 });
  await link.getByRole('button', { name: `Revoke the link for ${shownAs}` }).click();
  const dialog = page.getByRole('dialog', { name: `Revoke the link for ${shownAs}?` });
  await dialog.getByRole('button', { name: 'Revoke link' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(link.getByText('Revoked')).toBeVisible();

  await summary.reload();
  await expect(summary.getByRole('heading', { level: 1, name: 'This link no longer works' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(summary.getByText(shownAs)).toHaveCount(0);
  expect(await seriousViolations(summary)).toEqual([]);
  await clinician.close();
});
