/**
 * A new visitor becoming a Grove family, shared by the checkout journeys and the first week's
 * journey: a fresh e-mail, the order form filled in, and the password set from the invitation
 * e-mail (read from the outbox through the staff API) before signing in with the form.
 */
import { expect, type Page } from '@playwright/test';

import { DEMO, DEMO_PASSWORD } from './support.ts';

export const SUCCEEDS = '4242 4242 4242 4242';
export const DECLINED = '4000 0000 0000 0002';

/** A fresh e-mail per run and project: a new visitor's e-mail must not have an account yet. */
export function newVisitorEmail(prefix: string, project: string): string {
  return `${prefix}-${project}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export async function fillOrder(page: Page, email: string, card: string) {
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

/** The e-mails Grove wrote to `email` (the outbox, read as staff). */
export async function outboxFor(page: Page, email: string): Promise<{ template: string; text_body: string }[]> {
  const staffLogin = await page.request.post('/api/v2/user/auth/login/', {
    data: { email: DEMO.staff, password: DEMO_PASSWORD },
  });
  const staffToken = (await staffLogin.json()).access_token as string;
  const outbox = await page.request.get(`/api/v2/admin/email_outbox/?to=${encodeURIComponent(email)}`, {
    headers: { authorization: `Bearer ${staffToken}` },
  });
  return (await outbox.json()).results as { template: string; text_body: string }[];
}

/** From the confirmation: the invitation's link sets the password, then the new parent signs in. */
export async function setPasswordAndSignIn(page: Page, email: string, password: string) {
  const mails = await outboxFor(page, email);
  const invite = mails.find((mail) => mail.template === 'access_invite');
  expect(invite, 'the invitation e-mail').toBeDefined();
  const link = /https?:\/\/\S+\/start\?o=\S+/.exec(invite!.text_body)![0];
  const url = new URL(link);
  await page.goto(url.pathname + url.search);
  await expect(page.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Repeat the password').fill(password);
  await page.getByRole('button', { name: 'Save password' }).click();
  await expect(page.getByRole('heading', { name: 'Your password is set' })).toBeVisible();
  await page.getByRole('link', { name: 'Log in' }).click();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await expect(page).toHaveURL(/\/dashboard\/?(\?.*)?$/);
}
