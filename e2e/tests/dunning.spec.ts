/**
 * Issue 26 item 1, when a payment fails, against the real server and the demo data: a family's
 * renewal was declined (the renewal-failing sandbox card), the parent reads the banner on Home,
 * follows the signed link of the failure e-mail — without signing in — enters a new card, the
 * renewal is charged at once and the subscription runs again; Home no longer shows the banner.
 *
 * The demo data has past-due families whose failure e-mail carries a live link (seed/billing.ts).
 * Each project recovers its own: the desktop project pastdue@example.com, the phone project another
 * past-due family found in Outstanding Billing Requests.
 */
import { expect, test, type Page, type TestInfo } from '@playwright/test';

import { outboxFor } from './new-family.ts';
import { DEMO, DEMO_PASSWORD, seriousViolations, signInAs } from './support.ts';

/** A past-due demo family other than pastdue@example.com, read as staff. */
async function anotherPastDueFamily(page: Page): Promise<string> {
  const login = await page.request.post('/api/v2/user/auth/login/', {
    data: { email: DEMO.staff, password: DEMO_PASSWORD },
  });
  const token = (await login.json()).access_token as string;
  const answer = await page.request.get('/api/v2/admin/billing_requests/?kind=failed_payment&page_size=50', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(answer.status()).toBe(200);
  const requests = (await answer.json()).results as { holder: { email: string } | null }[];
  const email = requests.map((request) => request.holder?.email).find((found) => found && found !== DEMO.pastDue);
  expect(email, 'a second past-due demo family').toBeDefined();
  return email!;
}

async function familyOf(page: Page, testInfo: TestInfo): Promise<string> {
  return testInfo.project.name === 'desktop' ? DEMO.pastDue : anotherPastDueFamily(page);
}

/** The path of the signed link in the family's latest failure e-mail. */
async function failureLink(page: Page, email: string): Promise<string> {
  const mails = await outboxFor(page, email);
  const failure = mails.find((mail) => /update-card\?o=/.test(mail.text_body));
  expect(failure, 'the failure e-mail with its link').toBeDefined();
  const url = new URL(/https?:\/\/\S+\/update-card\?o=[\w-]+/.exec(failure!.text_body)![0]);
  return url.pathname + url.search;
}

test('a failed renewal: the banner on Home, the e-mailed link, a new card, and the subscription runs again', async ({
  page,
  browser,
}, testInfo) => {
  // Two browsers, three axe passes and three charges at the sandbox provider.
  test.setTimeout(150_000);
  const email = await familyOf(page, testInfo);
  await signInAs(page, email);
  await page.goto('/dashboard');
  const banner = page.getByRole('region', { name: 'Your payment failed' });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(/Your renewal payment of \$\d+\.\d\d on .* failed: Your card was declined/);
  await expect(banner).toContainText('We will try again on');
  expect(await seriousViolations(page)).toEqual([]);

  // The e-mail's link opens the card form in a browser where nobody is signed in (a phone's mail app).
  const link = await failureLink(page, email);
  const mailApp = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: page.viewportSize(),
  });
  const linkPage = await mailApp.newPage();
  await linkPage.goto(link);
  await expect(linkPage.getByRole('heading', { level: 1, name: 'Update your card' })).toBeVisible();
  await expect(linkPage.getByRole('region', { name: 'Your payment failed' })).toContainText('Your card was declined');
  await expect(linkPage.getByText(/Card on file: Visa •••• 0341/)).toBeVisible();
  expect(await seriousViolations(linkPage)).toEqual([]);

  // A card that is refused too: the page says so and stays.
  await linkPage.getByLabel('Card number').fill('4000 0000 0000 0002');
  await linkPage.getByLabel('Expiry date (MM/YY)').fill('12/35');
  await linkPage.getByLabel('CVC').fill('123');
  await linkPage.getByRole('button', { name: 'Save the new card' }).click();
  await expect(linkPage.getByText(/the renewal charge failed/)).toBeVisible();

  await linkPage.getByLabel('Card number').fill('4242 4242 4242 4242');
  await linkPage.getByRole('button', { name: 'Save the new card' }).click();
  await expect(linkPage.getByRole('heading', { level: 1, name: 'Your card is updated' })).toBeVisible();
  await expect(linkPage.getByText('your subscription is active again')).toBeVisible();
  await expect(linkPage.getByText('The card on file is now Visa •••• 4242')).toBeVisible();
  expect(await seriousViolations(linkPage)).toEqual([]);

  // The link is spent.
  await linkPage.goto(link);
  await expect(linkPage.getByRole('heading', { level: 1, name: 'This link has expired' })).toBeVisible();
  await mailApp.close();

  // Back in the portal: no banner, and Subscription & Billing says the subscription is active.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your payment failed' })).toHaveCount(0);
  await page.goto('/dashboard/account?segment=billing');
  const subscription = page.getByRole('region', { name: 'Subscription', exact: true });
  await expect(subscription).toContainText('Active');
  await expect(page.getByText('Visa •••• 4242', { exact: false }).first()).toBeVisible();
});
