/**
 * Issue 17 items 2, 3 and 6: on Account → Privacy a parent asks for a copy of a player's data,
 * waits for the job and downloads the ZIP; deletes a player (scheduled, then Delete now) and sees it
 * gone from the page and the player selector, the history saying Deleted; undoes a deletion and
 * keeps the player; staff see a pending deletion at Admin → Deletions. Axe on the panel and each
 * dialog, at each project's width.
 *
 * Each project works on a generated demo family of its own (no other journey reads or changes
 * them), found by account id through the staff API; deletions are made on players the test adds
 * first (with the parent's consent), so the family's own players stay.
 */
import fs from 'node:fs/promises';
import { unzipSync } from 'fflate';
import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';

import { DEMO, DEMO_PASSWORD, seriousViolations, signInAs, storedAccessToken } from './support.ts';

/** A generated family per project (the seed makes 200 accounts; 1–9 are the named demo families). */
const ACCOUNT_OF_PROJECT: Record<string, number> = { desktop: 150, tablet: 160, phone: 170 };
const PRIVACY = '/dashboard/account?segment=privacy';
const SPEC_DATE = /\d{2}-\d{2}-\d{4} \d{1,2}:\d{2}:\d{2} [AP]M/;

type Family = { email: string; accountId: number; firstPlayer: string };

async function login(request: APIRequestContext, email: string) {
  const response = await request.post('/api/v2/user/auth/login/', { data: { email, password: DEMO_PASSWORD } });
  expect(response.status(), `login of ${email}`).toBe(200);
  return (await response.json()) as { access_token: string; user: { account: { id: number } | null } };
}

/** The project's family: its holder (read by staff) and its first player's name. */
async function familyOf(request: APIRequestContext, testInfo: TestInfo): Promise<Family> {
  const accountId = ACCOUNT_OF_PROJECT[testInfo.project.name] ?? ACCOUNT_OF_PROJECT.desktop!;
  const staff = await login(request, DEMO.staff);
  const account = await request.get(`/api/v2/admin/accounts/${accountId}`, {
    headers: { authorization: `Bearer ${staff.access_token}` },
  });
  expect(account.status()).toBe(200);
  const { users, players } = (await account.json()) as {
    users: { email: string; is_billing_user: boolean }[];
    players: { id: number; name: string }[];
  };
  const holder = users.find((user) => user.is_billing_user) ?? users[0];
  expect(holder, `a parent of account ${accountId}`).toBeTruthy();
  const first = [...players].sort((a, b) => a.id - b.id)[0];
  expect(first, `a player of account ${accountId}`).toBeTruthy();
  return { email: holder!.email, accountId, firstPlayer: first!.name };
}

/** The CSRF cookie of the browser context, which unsafe calls repeat in a header (as the web app does). */
async function csrfOf(page: Page): Promise<string> {
  return (await page.context().cookies()).find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
}

/** Calls the API as the signed-in parent of `page`: bearer token and CSRF header. */
async function asParent(page: Page) {
  return { authorization: `Bearer ${await storedAccessToken(page)}`, 'x-csrftoken': await csrfOf(page) };
}

/** Adds a player to the family through the API, the parent consenting; a fresh name each time. */
async function addPlayer(page: Page, testInfo: TestInfo): Promise<{ id: number; name: string }> {
  const name = `Pip ${testInfo.project.name} ${Date.now().toString(36)}`;
  const created = await page.request.post('/api/v2/player', {
    headers: await asParent(page),
    data: { name, consent: true },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { id: ((await created.json()) as { id: number }).id, name };
}

const yourData = (page: Page) => page.getByRole('region', { name: 'Your data' });
const playerRow = (page: Page, name: string) =>
  yourData(page)
    .getByRole('list', { name: 'Your players' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });

async function openPrivacy(page: Page) {
  await page.goto(PRIVACY);
  await expect(yourData(page).getByRole('button', { name: 'Download everything' })).toBeVisible({ timeout: 30_000 });
}

async function scheduleDeletion(page: Page, name: string) {
  await playerRow(page, name)
    .getByRole('button', { name: `Delete ${name}’s data…` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Delete ${name}’s data?` });
  await expect(dialog).toContainText('7 days from now');
  await dialog.getByRole('checkbox', { name: `I understand that ${name}’s data will be deleted for good.` }).check();
  await dialog.getByRole('button', { name: `Delete ${name}’s data`, exact: true }).click();
  await expect(dialog).toHaveCount(0);
  const scheduled = yourData(page)
    .getByRole('list', { name: 'Scheduled deletions' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: `${name}’s data` }) });
  await expect(scheduled).toContainText(SPEC_DATE);
  return scheduled;
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

test('a parent asks for a copy of a player’s data and downloads the ZIP once it is ready', async ({
  page,
}, testInfo) => {
  const family = await familyOf(page.request, testInfo);
  await signInAs(page, family.email);
  await openPrivacy(page);
  const name = family.firstPlayer;
  await playerRow(page, name)
    .getByRole('button', { name: `Download a copy of ${name}’s data` })
    .click();

  // The job prepares it; the page reads again until it is ready, without a reload.
  const copy = yourData(page)
    .getByRole('list', { name: 'Your copies' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name, exact: true }) })
    .first();
  await expect(copy.getByText('Ready to download')).toBeVisible({ timeout: 30_000 });
  await expect(copy).toContainText(/Download until.*\d{2}-\d{2}-\d{4}/);
  await expect(copy).toContainText(/Size\s*[\d.,]+ (bytes|KB|MB)/);

  const downloading = page.waitForEvent('download');
  await copy.getByRole('button', { name: `Download the copy of ${name}’s data` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^grove-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.zip$/);
  const file = await fs.readFile(await download.path());
  expect(file.length).toBeGreaterThan(0);
  expect(file.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  const files = unzipSync(new Uint8Array(file));
  expect(Object.keys(files)).toContain('data.json');
  const data = JSON.parse(new TextDecoder().decode(files['data.json'])) as { players: { name: string }[] };
  expect(data.players.map((player) => player.name)).toEqual([name]);
});

test('a parent deletes a player: scheduled, then Delete now, and the player is gone', async ({ page }, testInfo) => {
  const family = await familyOf(page.request, testInfo);
  await signInAs(page, family.email);
  const player = await addPlayer(page, testInfo);
  await page.goto('/dashboard/stats');
  await expect(
    page.getByRole('navigation', { name: 'Choose a player' }).getByRole('link', { name: player.name }),
  ).toBeVisible({
    timeout: 30_000,
  });

  await openPrivacy(page);
  const scheduled = await scheduleDeletion(page, player.name);
  await expect(playerRow(page, player.name)).toContainText(/Deletion scheduled for/);
  await expect(playerRow(page, player.name).getByRole('button', { name: /^Delete / })).toHaveCount(0);

  await scheduled.getByRole('button', { name: `Delete now… (${player.name}’s data)` }).click();
  const confirm = page.getByRole('dialog', { name: `Delete ${player.name}’s data now?` });
  await expect(confirm).toContainText('cannot be undone');
  await confirm.getByRole('button', { name: 'Delete now', exact: true }).click();
  await expect(confirm).toHaveCount(0);

  // The job erases the player within seconds; the page sees it and reads the players again.
  await expect(playerRow(page, player.name)).toHaveCount(0, { timeout: 30_000 });
  const past = yourData(page)
    .getByRole('list', { name: 'Past deletions' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: `${player.name}’s data` }) });
  await expect(past).toContainText('Deleted');
  await expect(playerRow(page, family.firstPlayer)).toHaveCount(1);

  await page.goto('/dashboard/stats');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(`How ${family.firstPlayer} is playing`)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('link', { name: player.name })).toHaveCount(0);
});

test('a parent undoes a scheduled deletion and keeps the player', async ({ page }, testInfo) => {
  const family = await familyOf(page.request, testInfo);
  await signInAs(page, family.email);
  const player = await addPlayer(page, testInfo);
  await openPrivacy(page);
  const scheduled = await scheduleDeletion(page, player.name);
  await scheduled.getByRole('button', { name: `Undo the deletion of ${player.name}’s data` }).click();
  await expect(scheduled).toHaveCount(0);
  const past = yourData(page)
    .getByRole('list', { name: 'Past deletions' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: `${player.name}’s data` }) });
  await expect(past).toContainText('Cancelled');

  await page.reload();
  await expect(playerRow(page, player.name).getByRole('button', { name: `Delete ${player.name}’s data…` })).toBeVisible(
    {
      timeout: 30_000,
    },
  );
  await expect(playerRow(page, player.name)).not.toContainText('Deletion scheduled');
});

test('the panel and its dialogs pass axe and fit the screen', async ({ page }, testInfo) => {
  const family = await familyOf(page.request, testInfo);
  await signInAs(page, family.email);
  const player = await addPlayer(page, testInfo);
  await openPrivacy(page);
  await expect(playerRow(page, player.name)).toHaveCount(1);
  expect(await seriousViolations(page), 'the panel').toEqual([]);
  await expectNoSideways(page);

  const opener = playerRow(page, player.name).getByRole('button', { name: `Delete ${player.name}’s data…` });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: `Delete ${player.name}’s data?` });
  await expect(dialog.getByRole('button', { name: 'Keep' })).toBeFocused();
  expect(await seriousViolations(page), 'the deletion dialog').toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();

  await yourData(page).getByRole('button', { name: 'Close account…' }).click();
  const closing = page.getByRole('dialog', { name: 'Close your account?' });
  await expect(closing).toContainText('kept for 7 years');
  expect(await seriousViolations(page), 'the closing dialog').toEqual([]);
  await closing.getByRole('button', { name: 'Keep' }).click();
  await expect(closing).toHaveCount(0);

  const scheduled = await scheduleDeletion(page, player.name);
  expect(await seriousViolations(page), 'a scheduled deletion').toEqual([]);
  await expectNoSideways(page);
  await scheduled.getByRole('button', { name: `Delete now… (${player.name}’s data)` }).click();
  const now = page.getByRole('dialog', { name: `Delete ${player.name}’s data now?` });
  expect(await seriousViolations(page), 'the delete-now dialog').toEqual([]);
  await now.getByRole('button', { name: 'Go back' }).click();
  await expect(now).toHaveCount(0);
  await scheduled.getByRole('button', { name: `Undo the deletion of ${player.name}’s data` }).click();
  await expect(scheduled).toHaveCount(0);
});

test('staff see a family’s pending deletion at Admin → Deletions, with nothing to undo', async ({ page }, testInfo) => {
  const family = await familyOf(page.request, testInfo);
  await signInAs(page, family.email);
  const player = await addPlayer(page, testInfo);
  const parent = await asParent(page);
  const asked = await page.request.post(`/api/v2/user/accounts/${family.accountId}/deletions`, {
    headers: parent,
    data: { player_id: player.id, confirm: true },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const deletionId = ((await asked.json()) as { id: number }).id;

  await signInAs(page, DEMO.staff);
  await page.goto('/admin/deletions');
  await expect(page.getByRole('heading', { level: 1, name: 'Pending deletions' })).toBeVisible({ timeout: 30_000 });
  await expect(
    page.getByText(/Staff cannot undo one, and once it is carried out nothing can be restored/),
  ).toBeVisible();
  const list = page.getByRole('region', { name: 'Pending deletions', exact: true });
  // At a phone's width the rows are cards (display: block), so they are found as elements.
  const row = list.locator('tr').filter({ hasText: player.name });
  await expect(row).toContainText(family.email);
  await expect(row.getByRole('link', { name: `Account ${family.accountId}` })).toHaveAttribute(
    'href',
    `/admin/accounts/${family.accountId}`,
  );
  await expect(list.getByRole('button')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // The account's page says so too, with the way back to the list.
  await row.getByRole('link', { name: `Account ${family.accountId}` }).click();
  const note = page.getByRole('note', { name: 'Pending deletions' });
  await expect(note).toContainText(`The family asked to delete ${player.name}’s data: due`, { timeout: 30_000 });
  await expect(note).toContainText('Staff cannot undo it');
  expect(await seriousViolations(page)).toEqual([]);

  // The family takes it back (staff signing in set a new CSRF cookie); it leaves the staff list.
  const undone = await page.request.post(`/api/v2/user/accounts/${family.accountId}/deletions/${deletionId}/undo`, {
    headers: { authorization: parent.authorization, 'x-csrftoken': await csrfOf(page) },
  });
  expect(undone.status()).toBe(200);
  await page.goto('/admin/deletions');
  await expect(page.getByRole('heading', { level: 1, name: 'Pending deletions' })).toBeVisible({ timeout: 30_000 });
  await expect(list.or(page.getByRole('heading', { name: 'No deletions are pending' }))).toBeVisible();
  await expect(page.getByText(player.name)).toHaveCount(0);
});
