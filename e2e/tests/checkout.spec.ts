/**
 * Issue 11 items 10–11: a new visitor checks out with a promo code and the sandbox card and sees
 * the confirmation; a declined card says so and keeps the form; axe on the checkout and
 * confirmation pages — at each project's width. Needs the demo promo code WELCOME10 (10 % off).
 */
import { expect, test, type Page } from '@playwright/test';

import { DEMO, DEMO_PASSWORD, seriousViolations, viewportWidth } from './support.ts';

const SUCCEEDS = '4242 4242 4242 4242';
const DECLINED = '4000 0000 0000 0002';

/** A fresh e-mail per run and project: a new visitor's e-mail must not have an account yet. */
function newVisitorEmail(project: string): string {
  return `checkout-${project}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

async function openCheckout(page: Page) {
  await page.goto('/checkout?tag=default');
  await expect(page.getByRole('heading', { level: 2, name: 'Your plan' })).toBeVisible();
}

async function fillOrder(page: Page, email: string, card: string) {
  const field = (name: string) => page.getByRole('textbox', { name, exact: true });
  await field('First name').fill('Dana');
  await field('Last name').fill('Whitfield');
  await field('Email').fill(email);
  await field('Phone').fill('2015550123');
  await field('Address').fill('12 Elm Street');
  await field('City').fill('Springfield');
  await page.getByRole('combobox', { name: 'State', exact: true }).selectOption('IL');
  await field('Zipcode').fill('62701');
  await field('Card number').fill(card);
  await field('Expiry date (MM/YY)').fill('12/35');
  await field('CVC').fill('123');
  await page.getByRole('checkbox', { name: /I agree to Grove’s privacy policy/ }).check();
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
  const email = newVisitorEmail(testInfo.project.name);
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

  // The set-password e-mail is in the outbox (staff read it through the API); its link sets the
  // password, and the new parent signs in and lands on the dashboard.
  const staffLogin = await page.request.post('/api/v2/user/auth/login/', {
    data: { email: DEMO.staff, password: DEMO_PASSWORD },
  });
  const staffToken = (await staffLogin.json()).access_token as string;
  const outbox = await page.request.get(`/api/v2/admin/email_outbox/?to=${encodeURIComponent(email)}`, {
    headers: { authorization: `Bearer ${staffToken}` },
  });
  const mails = (await outbox.json()).results as { template: string; text_body: string }[];
  expect(mails.map((mail) => mail.template).sort()).toEqual(['access_invite', 'billing_notice']);
  const link = /https?:\/\/\S+\/start\?o=\S+/.exec(
    mails.find((mail) => mail.template === 'access_invite')!.text_body,
  )![0];
  const url = new URL(link);
  await page.goto(url.pathname + url.search);
  await expect(page.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('Orchard!Tree42');
  await page.getByLabel('Repeat the password').fill('Orchard!Tree42');
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByRole('heading', { name: 'Your password is set' })).toBeVisible();
  await page.getByRole('link', { name: 'Log in' }).click();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByLabel('Password').fill('Orchard!Tree42');
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expect(page).toHaveURL(/\/dashboard\/?(\?.*)?$/);
});

test('a declined card shows the message above Pay and keeps the form', async ({ page }, testInfo) => {
  await openCheckout(page);
  await fillOrder(page, newVisitorEmail(testInfo.project.name), DECLINED);
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
