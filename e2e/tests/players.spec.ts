/**
 * Issue 6: the home dashboard and the stats screen with the demo data, staff changing a player's
 * chase speed, the CSV export, and axe on the player screens — at each project's width.
 */
import fs from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

import { DEMO, DEMO_PASSWORD, seriousViolations, signInAs } from './support.ts';

/** Each project changes its own family's player, so the projects running at once never race. */
const FAMILY_OF_PROJECT: Record<string, { email: string; player: string }> = {
  desktop: { email: DEMO.parent, player: 'Maya' },
  tablet: { email: DEMO.parent2, player: 'Zoe' },
  phone: { email: DEMO.magellan, player: 'Finn' },
};

/** The account and player ids of a demo family, read through the API as the parent. */
async function familyIds(
  request: APIRequestContext,
  email: string,
  playerName: string,
): Promise<{ accountId: number; playerId: number }> {
  const login = await request.post('/api/v2/user/auth/login/', { data: { email, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  const { access_token: token, user } = (await login.json()) as {
    access_token: string;
    user: { account: { id: number } };
  };
  const list = await request.get(`/api/v2/player/accounts/${user.account.id}/`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const { results } = (await list.json()) as { results: { player: { id: number }; player_name: string }[] };
  const link = results.find((result) => result.player_name === playerName);
  expect(link, `${playerName} on ${email}`).toBeTruthy();
  return { accountId: user.account.id, playerId: link!.player.id };
}

function figureValue(page: Page, label: string) {
  return page
    .locator('.figure')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('.figure__value');
}

const weeklyBars = (page: Page) => page.locator('rect.weekly-chart__bar');

/** The dashed goal line (a flat line: attached, with no height) sits halfway between the 40 and 50 ticks. */
async function expectGoalLineAt45(page: Page) {
  const line = page.getByTestId('goal-line');
  await expect(line).toBeAttached();
  const goalY = Number(await line.getAttribute('y1'));
  const tickY = async (label: string) =>
    Number(
      await page
        .locator('.weekly-chart g > text.weekly-chart__tick', { hasText: new RegExp(`^${label}$`) })
        .first()
        .getAttribute('y'),
    );
  expect(goalY).toBeCloseTo(((await tickY('40')) + (await tickY('50'))) / 2 - 4, 5);
}

test('a parent switches players and time frames and sees the weekly bars with the 45-minute goal line', async ({
  page,
}) => {
  await signInAs(page, DEMO.parent);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Maya’s week' })).toBeVisible();
  await expect(page.getByText('of 45 min', { exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Last sessions' }).getByRole('listitem')).toHaveCount(5);

  await page.getByRole('navigation', { name: 'Choose a player' }).getByRole('link', { name: 'Eli' }).click();
  await expect(page).toHaveURL(/\/dashboard\?pid=2$/);
  await expect(page.getByRole('heading', { name: 'Eli’s week' })).toBeVisible();

  await page.getByRole('link', { name: /See Eli’s stats/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/stats\?pid=2$/);
  await expect(page.getByRole('heading', { level: 2, name: /^Totals for the last month/ })).toBeVisible();
  await expect(page.getByText('Goal 45 min')).toBeVisible();
  await expectGoalLineAt45(page);
  const monthBars = await weeklyBars(page).count();
  expect(monthBars).toBeGreaterThanOrEqual(5);
  expect(monthBars).toBeLessThanOrEqual(6);
  // The y axis runs to 60 in steps of 10.
  await expect(page.locator('.weekly-chart g > text.weekly-chart__tick').first()).toHaveText('0');
  expect(
    await page
      .locator('.weekly-chart g > text.weekly-chart__tick')
      .evaluateAll((ticks) => ticks.slice(0, 7).map((tick) => tick.textContent)),
  ).toEqual(['0', '10', '20', '30', '40', '50', '60']);

  const frames = page.getByRole('navigation', { name: 'Time frame' });
  await frames.getByRole('link', { name: /^3Mos/ }).click();
  await expect(page).toHaveURL(/\/dashboard\/stats\?pid=2&gis=3Mos$/);
  await expect(page.getByRole('heading', { level: 2, name: /^Totals for the last 3 months/ })).toBeVisible();
  expect(await weeklyBars(page).count()).toBeGreaterThanOrEqual(13);

  await frames.getByRole('link', { name: /^All Time/ }).click();
  await expect(page).toHaveURL(/gis=all$/);
  await expect(page.getByRole('heading', { level: 2, name: /^All time, since Eli’s first game/ })).toBeVisible();
  expect(await weeklyBars(page).count()).toBeGreaterThan(50);
  await expectGoalLineAt45(page);

  await frames.getByRole('link', { name: /^1W/ }).click();
  await expect(page.getByRole('heading', { level: 2, name: /^Totals for the last 7 days/ })).toBeVisible();
  await expect(weeklyBars(page)).toHaveCount(2);

  // Switching players keeps the time frame.
  await page.getByRole('navigation', { name: 'Choose a player' }).getByRole('link', { name: 'Maya' }).click();
  await expect(page).toHaveURL(/\/dashboard\/stats\?pid=1&gis=1W$/);
  await expect(page.getByText('How Maya is playing and practising heart-rate control.')).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Minutes Maya played each week, the last 7 days' }).getByRole('row'),
  ).toHaveCount(3);
});

test('a staff member changes chase speed and the parent then sees the new value', async ({ page }, testInfo) => {
  const family = FAMILY_OF_PROJECT[testInfo.project.name] ?? FAMILY_OF_PROJECT.desktop!;
  const { accountId, playerId } = await familyIds(page.request, family.email, family.player);

  await signInAs(page, DEMO.staff);
  await page.goto(`/admin/accounts/${accountId}`);
  const form = page.getByRole('form', { name: `Chase speed of ${family.player}` });
  const field = form.getByRole('textbox', { name: /^Chase speed/ });
  await expect(field).toHaveAttribute('readonly');
  const before = Number(await field.inputValue());
  const after = before === 3 ? 4 : 3;

  await form.getByRole('button', { name: 'Edit' }).click();
  await field.fill(String(after));
  await form.getByRole('textbox', { name: /^Reason for the change/ }).fill('End-to-end check: coach review');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`${family.player}’s chase speed is now ${after}.`)).toBeVisible();
  await expect(field).toHaveValue(String(after));

  await signInAs(page, family.email);
  await page.goto(`/dashboard?pid=${playerId}`);
  await expect(page.getByRole('heading', { name: `${family.player}’s week` })).toBeVisible();
  await expect(figureValue(page, 'Chase speed')).toHaveText(String(after));
});

test('a parent exports a player’s sessions as CSV', async ({ page }) => {
  await signInAs(page, DEMO.parent);
  await page.goto('/dashboard/stats?pid=1');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^maya-sessions-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await fs.readFile(await download.path(), 'utf8')).trimEnd().split('\r\n');
  expect(lines[0]).toBe(
    'Date,Start time,Time zone,Minutes played,Seconds played,Heart-rate rises,Cooldowns,Average cooldown (seconds),Acorns earned',
  );
  expect(lines.length).toBeGreaterThan(20);
  for (const line of lines.slice(1))
    expect(line).toMatch(/^\d{4}-\d{2}-\d{2},\d{2}:\d{2},America\/New_York,\d+,\d+,\d+,\d+,\d*,\d+$/);
  await expect(page.getByText(/Maya’s sessions were saved as maya-sessions-/)).toBeVisible();
});

test('the home and stats screens pass axe', async ({ page }) => {
  await signInAs(page, DEMO.parent);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Maya’s week' })).toBeVisible();
  expect(await seriousViolations(page), 'home').toEqual([]);

  for (const path of ['/dashboard/stats?pid=1', '/dashboard/stats?pid=2&gis=all']) {
    await page.goto(path);
    await expect(page.getByText('Goal 45 min')).toBeVisible();
    await expect(page.getByRole('table', { name: /^Average cooldown time each week/ })).toBeAttached();
    expect(await seriousViolations(page), path).toEqual([]);
  }
});

test('the staff settings editor passes axe, while editing too', async ({ page }) => {
  await signInAs(page, DEMO.staff);
  await page.goto('/admin/accounts/1');
  const form = page.getByRole('form', { name: 'Acorns of Maya' });
  await expect(form).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await form.getByRole('button', { name: 'Edit' }).click();
  await expect(form.getByRole('textbox', { name: /^Acorns to add/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
