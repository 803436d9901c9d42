/**
 * Issue 12 item 7: Account details against the real server and the demo data, at each project's
 * width, with axe on the screen and an open dialog.
 *
 * The journeys change a family's record, so each project works on a family of its own that no
 * other journey reads the contact details, shipping address or devices of (the billing journeys
 * sign in as these families and read only their subscriptions), and puts back what it changed.
 */
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';

import { seriousViolations, signInAs, viewportWidth } from './support.ts';

type Family = { email: string; first: string; last: string };

/** Demo families with one tablet each (apps/api/src/db/seed). */
const FAMILY_OF_PROJECT: Record<string, Family> = {
  desktop: { email: 'paused@example.com', first: 'Priya', last: 'Natarajan' },
  tablet: { email: 'returning@example.com', first: 'Sofia', last: 'Marquez' },
  phone: { email: 'newkit@example.com', first: 'Noah', last: 'Becker' },
};

const DETAILS = '/dashboard/account?segment=details';
const PO_BOX_WARNING = 'Orders to PO Boxes ship by ground only: no expedited shipping, please allow extra time.';
/** The spec's date format, MM-DD-YYYY h:mm:ss a zz. */
const SPEC_DATE = /\d{2}-\d{2}-\d{4} \d{1,2}:\d{2}:\d{2} [AP]M [A-Z]{2,5}/;

function familyOf(testInfo: TestInfo): Family {
  return FAMILY_OF_PROJECT[testInfo.project.name] ?? FAMILY_OF_PROJECT.desktop!;
}

async function openDetails(page: Page, family: Family) {
  await signInAs(page, family.email);
  await page.goto(DETAILS);
  // The first screen of a journey loads the account chunk: more time on a busy machine.
  await expect(contactForm(page).getByRole('textbox', { name: /First name/ })).toHaveValue(/\S/, { timeout: 30_000 });
}

const contactForm = (page: Page) => page.getByRole('form', { name: 'Contact details' });
const shippingForm = (page: Page) => page.getByRole('form', { name: 'Shipping address' });
const devices = (page: Page) => page.getByRole('region', { name: 'Devices' });

async function saveAndWait(form: Locator) {
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByRole('button', { name: 'Edit' })).toBeVisible();
}

test('a parent edits name and phone, sees them after a reload, and cancelling keeps the old values', async ({
  page,
}, testInfo) => {
  const family = familyOf(testInfo);
  await openDetails(page, family);
  const form = contactForm(page);
  const first = form.getByRole('textbox', { name: /First name/ });
  const last = form.getByRole('textbox', { name: /Last name/ });
  const phone = form.getByRole('textbox', { name: /Phone/ });
  await expect(first).toHaveValue(family.first);
  await expect(phone).toHaveValue(/^\(\d{3}\) \d{3} \d{4}$/);

  // Cancel restores the earlier values.
  await form.getByRole('button', { name: 'Edit' }).click();
  await expect(first).toBeFocused();
  await first.fill('Somebody');
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(first).toHaveValue(family.first);

  // A 57-character name: the spec's message, and Save is disabled.
  await form.getByRole('button', { name: 'Edit' }).click();
  await last.fill('L'.repeat(57));
  // Leaving the field shows its message (blur, not Tab: the demo data's 555 numbers are no valid US
  // numbers, and tabbing through the phone would show that message too).
  await last.blur();
  await expect(form.getByText('Name must be less than 56 characters')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Save' })).toBeDisabled();
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(last).toHaveValue(family.last);

  // Save a new name and phone (typed as digits, shown in the US mask).
  await form.getByRole('button', { name: 'Edit' }).click();
  await first.fill(`${family.first}ne`);
  await phone.fill('');
  await phone.pressSequentially('2125550199');
  await expect(phone).toHaveValue('(212) 555 0199');
  await saveAndWait(form);
  // The header greets the new name without a reload.
  await expect(page.getByText(`Hi, ${family.first}ne`).first()).toBeAttached();

  await page.reload();
  await expect(first).toHaveValue(`${family.first}ne`);
  await expect(phone).toHaveValue('(212) 555 0199');

  // Put the name back (the seeded 555 number is not a valid US number, so the new phone stays).
  await form.getByRole('button', { name: 'Edit' }).click();
  await first.fill(family.first);
  await saveAndWait(form);
  await expect(first).toHaveValue(family.first);
});

test('a PO Box address shows the warning and still saves', async ({ page }, testInfo) => {
  const family = familyOf(testInfo);
  await openDetails(page, family);
  const form = shippingForm(page);
  const address = form.getByRole('textbox', { name: /^Address/ });
  await expect(address).toHaveValue(/\S/);
  const oldAddress = await address.inputValue();

  await form.getByRole('button', { name: 'Edit' }).click();
  await address.fill('PO Box 1207');
  await expect(form.getByText(PO_BOX_WARNING)).toBeVisible();
  await expect(address).not.toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByRole('button', { name: 'Save' })).toBeEnabled();
  await saveAndWait(form);

  await page.reload();
  await expect(address).toHaveValue('PO Box 1207');
  // The saved address keeps its note.
  await expect(page.getByText(PO_BOX_WARNING)).toBeVisible();

  await form.getByRole('button', { name: 'Edit' }).click();
  await address.fill(oldAddress);
  await saveAndWait(form);
  await expect(page.getByText(PO_BOX_WARNING)).toHaveCount(0);
});

test('kiosk mode turns on from the keyboard, waits for the tablet and stays after a reload', async ({
  page,
}, testInfo) => {
  const family = familyOf(testInfo);
  await openDetails(page, family);
  const tablet = devices(page)
    .getByRole('listitem')
    .filter({ hasText: `${family.last} family tablet` });
  await expect(tablet.getByText('Tablet', { exact: true })).toBeVisible();
  const kiosk = tablet.getByRole('switch', { name: `Kiosk mode ${family.last} family tablet` });
  const before = (await kiosk.getAttribute('aria-checked')) === 'true';
  const after = String(!before);

  await kiosk.focus();
  await page.keyboard.press('Space');
  await expect(kiosk).toHaveAttribute('aria-checked', after);
  await expect(tablet.getByText('Waiting for the tablet')).toBeVisible();

  await page.reload();
  await expect(kiosk).toHaveAttribute('aria-checked', after);
  await expect(tablet.getByText('Waiting for the tablet')).toBeVisible();

  // Put it back.
  await kiosk.click();
  await expect(kiosk).toHaveAttribute('aria-checked', String(before));
});

test('the account screen: its parts, its layout at this width, and no serious axe violation', async ({
  page,
}, testInfo) => {
  const family = familyOf(testInfo);
  await openDetails(page, family);
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  for (const name of ['E-mail address', 'Password', 'Shipping address', 'Community name', 'Note to your coach']) {
    await expect(page.getByRole('form', { name })).toBeVisible();
  }
  const people = page.getByRole('region', { name: 'People on your account' });
  await expect(people.getByRole('listitem').first()).toContainText(`${family.first} ${family.last}`);
  await expect(people.getByRole('button', { name: 'Invite a caregiver' })).toBeVisible();
  await expect(devices(page).getByRole('listitem').first()).toContainText(/Last sync/);
  const orders = page.getByRole('region', { name: 'Orders' });
  await expect(orders.getByRole('listitem').first()).toContainText('Most recent');
  await expect(orders.getByRole('listitem').first()).toContainText(SPEC_DATE);
  await expect(page.getByRole('region', { name: 'E-mail settings' }).getByRole('switch')).toBeVisible();

  // One column on phones, two from about 1000 px.
  const columns = page.locator('.account-column');
  const [left, right] = [await columns.nth(0).boundingBox(), await columns.nth(1).boundingBox()];
  if (viewportWidth(page) >= 1000) expect(right!.x).toBeGreaterThan(left!.x + 100);
  else expect(Math.abs(right!.x - left!.x)).toBeLessThan(2);
  const scrollWidth = await page.evaluate(
    () =>
      (globalThis as unknown as { document: { documentElement: { scrollWidth: number } } }).document.documentElement
        .scrollWidth,
  );
  expect(scrollWidth).toBeLessThanOrEqual(viewportWidth(page));

  await page.waitForLoadState('networkidle');
  expect(await seriousViolations(page)).toEqual([]);

  // An open confirmation: focus on its safe choice, Escape closes it and returns focus.
  const revoke = devices(page).getByRole('button', { name: 'Revoke access' }).first();
  await revoke.click();
  const dialog = page.getByRole('dialog', { name: /^Revoke access of / });
  await expect(dialog.getByRole('button', { name: 'Keep' })).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(revoke).toBeFocused();
});

test('an e-mail change waits for its link and can be cancelled', async ({ page }, testInfo) => {
  const family = familyOf(testInfo);
  await openDetails(page, family);
  const form = page.getByRole('form', { name: 'E-mail address' });
  const email = form.getByRole('textbox', { name: /E-mail/ });
  await expect(email).toHaveValue(family.email);
  await form.getByRole('button', { name: 'Edit' }).click();
  const newAddress = `${testInfo.project.name}.new@example.com`;
  await email.fill(newAddress);
  await form.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByText(`We sent a link to ${newAddress}. Your e-mail changes once you open it.`)).toBeVisible();
  await expect(email).toHaveValue(family.email);

  await page.getByRole('button', { name: 'Cancel the change' }).click();
  await expect(page.getByText(/We sent a link to/)).toHaveCount(0);
  await page.reload();
  await expect(email).toHaveValue(family.email);
  await expect(page.getByRole('button', { name: 'Cancel the change' })).toHaveCount(0);
});

test('the e-mail confirmation and unsubscribe pages say when a link does not work', async ({ page }) => {
  await page.goto('/email/confirm?o=not-a-real-token');
  await expect(page.getByRole('heading', { level: 1, name: 'We could not confirm your e-mail address' })).toBeVisible();
  await expect(page.getByText('This link is invalid or has expired.', { exact: false })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto('/unsubscribe?t=not-a-real-token');
  await expect(page.getByRole('heading', { level: 1, name: 'We could not unsubscribe you' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in to change your e-mail settings' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('a parent invites a caregiver, sends the invitation again and removes them', async ({ page }, testInfo) => {
  const family = familyOf(testInfo);
  await openDetails(page, family);
  const people = page.getByRole('region', { name: 'People on your account' });
  const email = `caregiver.${testInfo.project.name}@example.com`;
  await people.getByRole('button', { name: 'Invite a caregiver' }).click();
  const invite = people.getByRole('form', { name: 'Invite a caregiver' });
  await invite.getByRole('textbox', { name: /First name/ }).fill('Robin');
  await invite.getByRole('textbox', { name: /Last name/ }).fill(family.last);
  await invite.getByRole('textbox', { name: /E-mail/ }).fill(email);
  await invite.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(people.getByText(`We sent an invitation to ${email}.`)).toBeVisible();

  const row = people.getByRole('listitem').filter({ hasText: email });
  await expect(row).toContainText('Invited');
  await row.getByRole('button', { name: 'Resend invitation' }).click();
  await expect(people.getByRole('status').filter({ hasText: email })).toBeVisible();

  await row.getByRole('button', { name: 'Remove' }).click();
  const dialog = page.getByRole('dialog', { name: `Remove Robin ${family.last}?` });
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(dialog).toBeHidden();
  await expect(people.getByRole('listitem').filter({ hasText: email })).toHaveCount(0);
  await page.reload();
  await expect(people.getByRole('listitem').first()).toBeVisible();
  await expect(people.getByRole('listitem').filter({ hasText: email })).toHaveCount(0);
});

test('the weekly summary turns off and on, and the game link is texted to the parent', async ({ page }, testInfo) => {
  const family = familyOf(testInfo);
  await openDetails(page, family);
  const weekly = page.getByRole('region', { name: 'E-mail settings' }).getByRole('switch', {
    name: 'Weekly summary e-mail',
  });
  const before = (await weekly.getAttribute('aria-checked')) === 'true';
  await weekly.click();
  await expect(weekly).toHaveAttribute('aria-checked', String(!before));
  await page.reload();
  await expect(weekly).toHaveAttribute('aria-checked', String(!before));
  await weekly.click();
  await expect(weekly).toHaveAttribute('aria-checked', String(before));

  const game = page.getByRole('form', { name: 'Get the game on a phone or tablet' });
  const phone = game.getByRole('textbox', { name: /Phone/ });
  // The seeded 555 numbers are no valid US numbers: text a real-looking one.
  await phone.fill('2125550199');
  await game.getByRole('button', { name: 'Text me the game link' }).click();
  await expect(page.getByText('We texted the link to (212) 555 0199.')).toBeVisible();
});
