/**
 * Issue 11 items 10–11: a new visitor checks out with a promo code and the sandbox card and sees
 * the confirmation; a declined card says so and keeps the form; axe on the checkout and
 * confirmation pages — at each project's width. Needs the demo promo code WELCOME10 (10 % off).
 */
import { expect, test, type Page } from '@playwright/test';

import { DECLINED, SUCCEEDS, fillOrder, newVisitorEmail, outboxFor, setPasswordAndSignIn } from './new-family.ts';
import { seriousViolations, viewportWidth } from './support.ts';

async function openCheckout(page: Page) {
  await page.goto('/checkout?tag=default');
  await expect(page.getByRole('heading', { level: 2, name: 'Your plan' })).toBeVisible();
}

async function expectNoSideways(page: Page) {
  const overflow = await page.evaluate(() => {
    const root = (
      globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }
    ).document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
}

test('a new visitor checks out with WELCOME10 and the sandbox card and sees the confirmation', async ({
  page,
}, testInfo) => {
  const email = newVisitorEmail('checkout', testInfo.project.name);
  await openCheckout(page);
  await expect(page.getByText('Grove Family — monthly').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay $39.00' })).toBeDisabled();

  await page.getByRole('textbox', { name: 'Promo code' }).fill('WELCOME10');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Promo code WELCOME10 applied: 10% off. New total: $35.10.')).toBeVisible();

  await fillOrder(page, email, SUCCEEDS);
  const pay = page.getByRole('button', { name: 'Pay $35.10' });
  await expect(pay).toBeEnabled();
  await pay.click();

  await expect(page).toHaveURL(/\/checkout\/confirmation$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you! Your order is confirmed' })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary.getByText('$35.10')).toBeVisible();
  await expect(summary.getByText('Card ending in 4242')).toBeVisible();
  await expect(page.getByText(`We sent a link to ${email} to set your password.`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in once your password is set' })).toHaveAttribute(
    'href',
    `/login?email=${encodeURIComponent(email)}`,
  );
  expect(await seriousViolations(page)).toEqual([]);
  await expectNoSideways(page);

  // The set-password e-mail is in the outbox beside the billing notice; its link sets the password,
  // and the new parent signs in and lands on the dashboard.
  const mails = await outboxFor(page, email);
  expect(mails.map((mail) => mail.template).sort()).toEqual(['access_invite', 'billing_notice']);
  await setPasswordAndSignIn(page, email, 'Orchard!Tree42');
});

test('a declined card shows the message above Pay and keeps the form', async ({ page }, testInfo) => {
  await openCheckout(page);
  await fillOrder(page, newVisitorEmail('checkout', testInfo.project.name), DECLINED);
  await page.getByRole('button', { name: 'Pay $39.00' }).click();

  const total = page.getByRole('region', { name: 'Order total' });
  await expect(total.getByRole('alert')).toHaveText('Your card was declined. Please use another card.');
  await expect(page).toHaveURL(/\/checkout\?tag=default$/);
  await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Dana');
  await expect(page.getByRole('button', { name: 'Pay $39.00' })).toBeEnabled();
});

test('the checkout page passes axe, with and without field errors, and fits the width', async ({ page }) => {
  await openCheckout(page);
  expect(await seriousViolations(page)).toEqual([]);
  await expectNoSideways(page);

  // Field errors tied to their fields, a PO Box warning: still no serious violation.
  await page.getByRole('textbox', { name: 'First name' }).fill('x'.repeat(57));
  await page.getByRole('textbox', { name: 'Address' }).fill('PO Box 12');
  await page.getByRole('textbox', { name: 'City' }).focus();
  await expect(page.getByText('Name must be less than 56 characters')).toBeVisible();
  await expect(page.getByText(/Orders to PO Boxes ship by ground only/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  if (viewportWidth(page) <= 375) await expectNoSideways(page);
});
