/**
 * Issue 11 items 12–13: Subscription & Billing and package returns against the real server and the
 * demo data, at each project's width, with axe on the screens and an open dialog.
 *
 * The flows change a family's subscription, so each project changes its own family (the projects
 * run at once) and leaves it as it found it (cancel → undo, pause → resume). A return cannot be
 * undone by a parent: only the desktop project requests one, for a family inside its window.
 */
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';

import { DEMO, DEMO_PASSWORD, seriousViolations, signInAs, storedAccessToken } from './support.ts';

/** An ACTIVE family per project (parent@example.com pays yearly). */
const FAMILY_OF_PROJECT: Record<string, string> = {
  desktop: DEMO.parent,
  tablet: DEMO.parent2,
  phone: DEMO.noPlayers,
};
/** Demo families in other states (apps/api/src/db/seed). */
const PAUSED_FAMILY = 'paused@example.com';
const RETURNING_FAMILY = 'returning@example.com';
/** An ACTIVE family whose kit arrived recently, inside its return window. */
const RETURNABLE_FAMILY = 'newkit@example.com';

/** The spec's date format, MM-DD-YYYY h:mm:ss a zz. */
const SPEC_DATE = /\d{2}-\d{2}-\d{4} \d{1,2}:\d{2}:\d{2} [AP]M [A-Z]{2,5}/;

function familyOf(testInfo: TestInfo): string {
  return FAMILY_OF_PROJECT[testInfo.project.name] ?? DEMO.parent;
}

const subscriptionCard = (page: Page) => page.getByRole('region', { name: 'Subscription', exact: true });
const changes = (page: Page) => page.getByRole('group', { name: 'Change your subscription' });

/** The value of a row of a details list. */
function detail(scope: Locator, label: string): Locator {
  return scope
    .locator('.details > div')
    .filter({ has: scope.page().locator('dt', { hasText: label }) })
    .locator('dd');
}

async function openBilling(page: Page) {
  await page.goto('/dashboard/account?segment=billing');
  await expect(subscriptionCard(page)).toBeVisible();
}

async function closeAnswer(dialog: Locator) {
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('a parent asks to cancel, sees the end date before and after, and undoes it', async ({ page }, testInfo) => {
  await signInAs(page, familyOf(testInfo));
  await openBilling(page);
  await expect(detail(subscriptionCard(page), 'Status')).toHaveText('Active');
  await expect(detail(subscriptionCard(page), 'Next renewal')).toContainText(SPEC_DATE);
  await expect(page.getByRole('region', { name: 'Payment method' })).toContainText('Visa •••• 4242');
  await expect(page.getByRole('region', { name: 'Invoices' }).getByRole('listitem').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await changes(page).getByRole('button', { name: 'Cancel subscription' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel your subscription' });
  await expect(dialog.getByRole('group', { name: 'Why are you leaving?' })).toBeVisible();
  await dialog.getByRole('radio', { name: 'It costs too much right now' }).check();
  await dialog.getByRole('button', { name: 'Continue' }).click();
  // The offer for the reason, before anything happens.
  await expect(dialog.getByRole('heading', { name: 'Before you go' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Pause instead' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Cancel anyway' }).click();

  const promise = dialog.getByText(/Your subscription will end on/);
  await expect(promise).toContainText(SPEC_DATE);
  const promisedDay = ((await promise.textContent()) ?? '').match(SPEC_DATE)?.[0].slice(0, 10);
  await dialog.getByRole('button', { name: 'Cancel my subscription' }).click();

  await expect(dialog.getByRole('heading', { name: 'Cancellation requested' })).toBeFocused();
  await expect(detail(dialog, 'Ends on')).toContainText(promisedDay ?? 'no date promised');
  await closeAnswer(dialog);
  await expect(detail(subscriptionCard(page), 'Status')).toHaveText('Ending — cancellation requested');
  await expect(detail(subscriptionCard(page), 'Ends on')).toContainText(promisedDay ?? 'no date promised');

  await changes(page).getByRole('button', { name: 'Undo cancellation' }).click();
  const undo = page.getByRole('dialog', { name: 'Undo the cancellation' });
  await undo.getByRole('button', { name: 'Undo the cancellation' }).click();
  await expect(undo.getByRole('heading', { name: 'Cancellation undone' })).toBeVisible();
  await closeAnswer(undo);
  await expect(detail(subscriptionCard(page), 'Status')).toHaveText('Active');
  await expect(page.getByRole('region', { name: 'History' }).getByRole('listitem').first()).toContainText(
    'Cancellation undone',
  );
});

test('a parent pauses and resumes, told until when and that nothing is charged', async ({ page }, testInfo) => {
  await signInAs(page, familyOf(testInfo));
  await openBilling(page);
  await expect(detail(subscriptionCard(page), 'Status')).toHaveText('Active');

  const pauseButton = changes(page).getByRole('button', { name: 'Pause', exact: true });
  await pauseButton.click();
  const dialog = page.getByRole('dialog', { name: 'Pause your subscription' });
  // Escape closes the dialog and gives focus back to its button.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(pauseButton).toBeFocused();

  await pauseButton.click();
  await dialog.getByLabel('How long?').selectOption('2');
  await expect(dialog.getByText(/Your subscription is paused until/)).toContainText(SPEC_DATE);
  await expect(dialog).toContainText('Nothing is charged while it is paused.');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Pause for 2 months' }).click();
  await expect(dialog.getByRole('heading', { name: 'Subscription paused' })).toBeVisible();
  await closeAnswer(dialog);
  await expect(detail(subscriptionCard(page), 'Status')).toHaveText('Paused');
  await expect(detail(subscriptionCard(page), 'Paused until')).toContainText(SPEC_DATE);

  await changes(page).getByRole('button', { name: 'Resume' }).click();
  const resume = page.getByRole('dialog', { name: 'Resume your subscription' });
  await resume.getByRole('button', { name: 'Resume now' }).click();
  await expect(resume.getByRole('heading', { name: 'Subscription resumed' })).toBeVisible();
  await closeAnswer(resume);
  await expect(detail(subscriptionCard(page), 'Status')).toHaveText('Active');
});

test('a paused family is offered resume and cancel only', async ({ page }) => {
  await signInAs(page, PAUSED_FAMILY);
  await openBilling(page);
  await expect(detail(subscriptionCard(page), 'Status')).toHaveText('Paused');
  await expect(changes(page).getByRole('button')).toHaveText(['Resume', 'Cancel subscription']);
});

test('a printable receipt of an invoice', async ({ page }, testInfo) => {
  await signInAs(page, familyOf(testInfo));
  await openBilling(page);
  const first = page.getByRole('region', { name: 'Invoices' }).getByRole('listitem').first();
  await first.getByRole('button', { name: /^Receipt / }).click();
  const receipt = page.getByRole('article', { name: /^Receipt / });
  await expect(receipt).toContainText('Grove Health, Inc.');
  await expect(detail(receipt, 'Period')).toContainText(SPEC_DATE);
  await expect(receipt.getByRole('button', { name: 'Print' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // On paper only the receipt is left: no menus, no buttons.
  await page.emulateMedia({ media: 'print' });
  await expect(receipt.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.locator('.top-bar')).toBeHidden();
  await expect(receipt).toBeVisible();
  await page.emulateMedia({ media: 'screen' });
});

test('a family inside its return window requests a return', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'A kit is returned once: the desktop project requests it.');
  await signInAs(page, RETURNABLE_FAMILY);
  await page.goto('/packagereturns');
  const mine = page.getByRole('region', { name: 'Your return' });
  await expect(detail(mine, 'Status')).toHaveText('No return requested');
  await expect(detail(mine, 'Return window')).toContainText(SPEC_DATE);
  await mine.getByRole('button', { name: 'Request a return' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request a return' });
  await expect(dialog.getByText(/You can return the kit until/)).toContainText(SPEC_DATE);
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Request a return' }).click();
  await expect(dialog.getByRole('heading', { name: 'Return requested' })).toBeVisible();
  await closeAnswer(dialog);
  await expect(detail(mine, 'Status')).toContainText(/Return requested on .* — waiting for the kit/);
  await expect(mine.getByRole('button', { name: 'Request a return' })).toHaveCount(0);

  // Staff confirm the return when the kit is back (the back-office screen is issue 14's; the API is here).
  const staffLogin = await page.request.post('/api/v2/user/auth/login/', {
    data: { email: 'staff@example.com', password: DEMO_PASSWORD },
  });
  const staffToken = (await staffLogin.json()).access_token as string;
  const info = await page.request.get('/api/v2/user/info/', {
    headers: { authorization: `Bearer ${await storedAccessToken(page)}` },
  });
  const accountId = (await info.json()).account.id as number;
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
  const confirmed = await page.request.post(`/api/v2/billing/accounts/${accountId}/return/confirm/`, {
    headers: { authorization: `Bearer ${staffToken}`, 'x-csrftoken': csrf },
  });
  expect(confirmed.status()).toBe(200);
  expect((await confirmed.json()).subscription.status).toBe('RETURNED');
  await page.reload();
  await expect(detail(page.getByRole('region', { name: 'Your return' }), 'Status')).toContainText(/Returned|refund/i);
});

test('a family with a pending return sees it; a visitor sees the steps and a link to log in', async ({ page }) => {
  await page.goto('/packagereturns');
  await expect(page.getByRole('heading', { level: 1, name: 'Package returns' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'How a return works' }).getByRole('listitem')).toHaveCount(4);
  await expect(page.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login?next=%2Fpackagereturns');
  expect(await seriousViolations(page)).toEqual([]);

  await signInAs(page, RETURNING_FAMILY);
  await page.goto('/packagereturns');
  const mine = page.getByRole('region', { name: 'Your return' });
  await expect(detail(mine, 'Status')).toContainText(/Return requested on .* — waiting for the kit/);
  await expect(mine.getByRole('button', { name: 'Request a return' })).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
});
