/**
 * Issue 29 item 2, siblings side by side: the demo parent's two players (Maya and Eli) together on
 * Home — this week's minutes against the goal, rises, cooldowns, streak, last play — and compared
 * on the stats screen's minutes chart and its table, kept in the address; at each project's width
 * (a phone stacks the tiles, a desktop sets them side by side), with an axe check on both screens.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

import { DEMO, DEMO_PASSWORD, seriousViolations, signInAs, viewportWidth } from './support.ts';

type Read = <T>(path: string) => Promise<T>;

/** Reads the API as the demo parent (what the screens must agree with). */
async function parentApi(request: APIRequestContext): Promise<{ read: Read; accountId: number }> {
  const login = await request.post('/api/v2/user/auth/login/', {
    data: { email: DEMO.parent, password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);
  const { access_token: token, user } = (await login.json()) as {
    access_token: string;
    user: { account: { id: number } };
  };
  const read: Read = async <T>(path: string) => {
    const response = await request.get(path, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status(), path).toBe(200);
    return (await response.json()) as T;
  };
  return { read, accountId: user.account.id };
}

/** The page never scrolls sideways: everything fits the viewport's width. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => {
    const root = (
      globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } }
    ).document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a parent sees both players side by side on Home, then compares them on the stats chart and its table', async ({
  page,
}) => {
  const { read, accountId } = await parentApi(page.request);
  const family = await read<{ players: { player_id: number; name: string }[] }>(
    `/api/v1/dashboard/account/${accountId}/this_week/`,
  );
  const ids = Object.fromEntries(family.players.map((player) => [player.name, player.player_id]));
  expect(Object.keys(ids).sort()).toEqual(['Eli', 'Maya']);

  await signInAs(page, DEMO.parent);
  await page.goto('/dashboard');
  const card = page.getByRole('region', { name: 'Your players this week' });
  await expect(card.getByRole('progressbar')).toHaveCount(2);
  const tiles = card.getByRole('listitem');
  await expect(tiles).toHaveCount(2);

  for (const name of ['Maya', 'Eli']) {
    // The tile says what the player's own overview says.
    const overview = await read<{ this_week: { minutes: number; hr_rises: number; cool_downs: number } }>(
      `/api/v1/dashboard/player/${ids[name]}/overview/`,
    );
    const { minutes, hr_rises: rises, cool_downs: coolDowns } = overview.this_week;
    const tile = card.getByRole('listitem', { name });
    await expect(tile.getByText(`${minutes} of 45 minutes`, { exact: true })).toBeVisible();
    const bar = tile.getByRole('progressbar', { name: `${name}’s minutes this week` });
    await expect(bar).toHaveAttribute('aria-valuenow', String(Math.min(minutes, 45)));
    await expect(bar).toHaveAttribute('aria-valuemax', '45');
    const toGo = 45 - minutes;
    await expect(
      tile.getByText(minutes >= 45 ? 'Goal reached' : `${toGo} minute${toGo === 1 ? '' : 's'} to go`, { exact: true }),
    ).toBeVisible();
    const fact = (label: string) => tile.locator('div', { has: page.getByText(label, { exact: true }) }).locator('dd');
    await expect(fact('Heart-rate rises')).toHaveText(String(rises));
    await expect(fact('Cooldowns')).toHaveText(String(coolDowns));
    await expect(fact('Last play')).toHaveText(/^\d{2}-\d{2}-\d{4} \d{1,2}:\d{2}:\d{2} [AP]M \S+$/);
    await expect(tile.getByRole('link', { name: `${name}’s stats` })).toBeVisible();
  }

  // A phone stacks the tiles; a desktop sets them side by side.
  const [first, second] = await Promise.all([tiles.nth(0).boundingBox(), tiles.nth(1).boundingBox()]);
  if (viewportWidth(page) < 600) {
    expect(second!.y).toBeGreaterThanOrEqual(first!.y + first!.height);
    expect(Math.abs(second!.x - first!.x)).toBeLessThan(1);
  } else {
    expect(Math.abs(second!.y - first!.y)).toBeLessThan(1);
    expect(second!.x).toBeGreaterThanOrEqual(first!.x + first!.width);
  }
  await expectNoSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);

  // Eli's tile leads to his stats; compare him with Maya.
  await card.getByRole('listitem', { name: 'Eli' }).getByRole('link', { name: 'Eli’s stats' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/stats\\?pid=${ids.Eli}$`));
  const chart = page.getByRole('region', { name: 'Minutes played each week' });
  await expect(chart.locator('rect.weekly-chart__bar').first()).toBeAttached();
  await chart.getByRole('combobox', { name: 'Compare with' }).selectOption({ label: 'Maya' });
  await expect(page).toHaveURL(new RegExp(`/dashboard/stats\\?pid=${ids.Eli}&compare=${ids.Maya}$`));
  await expect(chart.getByText('Eli (solid bars)')).toBeVisible();
  await expect(chart.getByText('Maya (striped bars)')).toBeVisible();
  const weeks = await chart.locator('rect.weekly-chart__bar').count();
  expect(weeks).toBeGreaterThanOrEqual(5);
  await expect(chart.locator('rect.weekly-chart__compare')).toHaveCount(weeks);

  // A reload keeps the comparison (it is in the address).
  await page.reload();
  await expect(chart.getByRole('combobox', { name: 'Compare with' })).toHaveValue(String(ids.Maya));
  const table = page.getByRole('table', { name: 'Minutes Eli and Maya played each week, the last month' });
  await expect(table.getByRole('columnheader')).toHaveText([
    'Week of',
    'Eli’s minutes',
    'Eli’s sessions',
    'Maya’s minutes',
    'Maya’s sessions',
  ]);
  // Maya's column is what her own chart says, week by week.
  const maya = await read<{ weeks: { week_start: string; minutes: number }[] }>(
    `/api/v2/player/${ids.Maya}/activity/weekly/?time_frame=1Mo`,
  );
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(weeks + 1);
  const byWeek = new Map(maya.weeks.map((week) => [week.week_start, week.minutes]));
  for (let i = 1; i <= weeks; i++) {
    const cells = await rows.nth(i).getByRole('cell').allTextContents();
    expect(Number(cells[3]), cells[0]).toBe(byWeek.get(cells[0]!) ?? 0);
  }

  // The table on screen, at any width, without the page scrolling sideways.
  const onScreen = page.getByRole('region', { name: 'Minutes Eli and Maya played each week, the last month' });
  await expect(onScreen).toHaveCount(0); // for screen readers only, so far
  await chart.getByRole('button', { name: 'Show the table' }).click();
  await expect(chart.getByRole('button', { name: 'Hide the table' })).toHaveAttribute('aria-expanded', 'true');
  await onScreen.scrollIntoViewIfNeeded();
  await expect(onScreen).toBeInViewport();
  await expect(onScreen).toContainText('Maya’s minutes');
  const box = (await onScreen.boundingBox())!;
  expect(box.width).toBeGreaterThan(250);
  expect(box.x + box.width).toBeLessThanOrEqual(viewportWidth(page));
  // Every column can be reached: on a phone the table scrolls sideways inside its box (which takes
  // the focus, for the keyboard), not the page.
  await expect(onScreen).toHaveAttribute('tabindex', '0');
  await onScreen.evaluate((element) => {
    element.scrollLeft = element.scrollWidth;
  });
  await expect(table.getByRole('columnheader', { name: 'Maya’s sessions' })).toBeInViewport();
  await expectNoSidewaysScroll(page);
  await expectNoSidewaysScroll(page);
  expect(await seriousViolations(page)).toEqual([]);
});
