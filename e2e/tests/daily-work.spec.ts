/**
 * Daily work with the families, end to end against the real server and the demo data:
 *
 * 1. staff log a conversation with a family (its type, channel, who reached out, outcome and note)
 *    on the account's admin page, find it in the list newest first with who logged it and when,
 *    then read it in the account's history of staff changes in words, the raw record one click away;
 * 2. a coach opens the caseload: the family that stopped playing comes first (expectations from the
 *    caseload API's own answer), the filters narrow the rows and the CSV holds the same list;
 * 3. a parent answers a check-in about a player on Player Stats and staff read the answers among
 *    the player's survey responses on the family's admin page.
 *
 * The journeys that write use the past-due family (pastdue@example.com, Dana Okafor, one player:
 * Theo), which no other spec signs in as or changes; each write carries a text of its own, so the
 * two projects running side by side never read each other's. Journey 1 writes and checks "newest
 * first", so one project runs it (desktop); journeys 2 and 3 run at desktop and at phone width,
 * the phone at 390×844. Axe finds no serious or critical issue on each screen.
 */
import { expect, test, type Page, type TestInfo } from '@playwright/test';

import { DEMO, MOBILE_MENU_MAX, seriousViolations, signInAs, storedAccessToken, viewportWidth } from './support.ts';

/** The family only this spec changes. */
const FAMILY = { email: 'pastdue@example.com', holder: 'Dana Okafor', player: 'Theo' } as const;
/** The demo staff member (apps/api/src/db/seed): "Logged by …". */
const STAFF_NAME = 'Sam Rivera';
/** The family's time zone (the seed's): the admin page shows its times in it. */
const FAMILY_TIME_ZONE = 'America/New_York';
/** The spec's date format, MM-DD-YYYY h:mm:ss a zz. */
const SPEC_DATE = /\d{2}-\d{2}-\d{4} \d{1,2}:\d{2}:\d{2} [AP]M [A-Z]{2,5}/;
/** The caseload's "stopped" (packages/domain/src/caseload.ts CASELOAD.stoppedDays). */
const STOPPED_DAYS = 10;
/** The caseload CSV's header (packages/domain/src/caseload.ts CASELOAD_CSV_COLUMNS). */
const CASELOAD_CSV_HEADER =
  'account_id,family_name,email,players,status,minutes_this_week,minutes_last_week,goal_minutes,trend,days_since_play,last_played_at,next_call_at,last_interaction_at';

/** A phone of today (390×844) in the phone project; the desktop project keeps its 1280×800. */
async function phoneWidth(page: Page, testInfo: TestInfo) {
  if (testInfo.project.name === 'phone') await page.setViewportSize({ width: 390, height: 844 });
}

async function expectNoSeriousViolations(page: Page, screen: string) {
  expect(await seriousViolations(page), `axe on ${screen}`).toEqual([]);
}

async function openMenuIfPhone(page: Page) {
  if (viewportWidth(page) <= MOBILE_MENU_MAX) await page.getByRole('button', { name: 'Open menu' }).click();
}

/** A word of this run and project, so that side-by-side runs find their own writes. */
function runMark(testInfo: TestInfo): string {
  return `${testInfo.project.name}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
}

/** Today's date in the family's time zone, as the spec writes it (MM-DD-YYYY). */
function familyDate(at = new Date()): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: FAMILY_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.month}-${parts.day}-${parts.year}`;
}

/** Today's date in the family's time zone, as the calendar dates read (Nov 27, 2026). */
function familyDay(at = new Date()): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: FAMILY_TIME_ZONE,
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  }).format(at);
}

/** Staff search the accounts by the holder's e-mail and open the family's admin page. */
async function openFamilyAccount(page: Page) {
  await page.goto('/admin/accounts');
  await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search accounts' }).fill(FAMILY.email);
  const link = page.getByRole('link', { name: FAMILY.holder, exact: true });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: /^Account \d+$/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Account', exact: true })).toContainText(FAMILY.holder);
}

test('staff log a conversation with a family and read it in the history in words', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'One project logs: the list of conversations is newest first.');
  test.slow();
  const mark = runMark(testInfo);
  const earlier = `Asked whether the renewal can wait a week (${mark}).`;
  const note = `Called about the failed renewal; the family updates the card on Friday (${mark}).`;

  await signInAs(page, DEMO.staff);
  await openFamilyAccount(page);
  // The history's count, once the page has loaded it.
  const historyHeading = page.getByRole('heading', { level: 2, name: /^History of staff changes \(\d+\)$/ });
  await expect(historyHeading).toBeVisible();
  const historyBefore = Number(/\((\d+)\)/.exec((await historyHeading.textContent()) ?? '')?.[1]);
  await expectNoSeriousViolations(page, 'the family’s admin page');

  const sections = page.getByRole('navigation', { name: 'Sections of the account' });
  await sections.getByRole('link', { name: 'Interactions' }).click();
  await expect(page.getByRole('heading', { level: 2, name: /^Customer interactions/ })).toBeFocused();
  const interactions = page.getByRole('region', { name: /^Customer interactions/ });
  const form = interactions.getByRole('form', { name: 'Log a conversation' });

  // The choices come from the API's OPTIONS answer, in words.
  await expect(form.getByRole('combobox', { name: 'Type' })).toContainText('Billing');
  await expect(form.getByRole('combobox', { name: 'Channel' })).toContainText('Phone call');
  await expect(form.getByRole('combobox', { name: 'Who reached out' })).toHaveValue('outbound');

  // A first conversation, then the one this journey follows: the newer one comes first.
  await form.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Billing' });
  await form.getByRole('combobox', { name: 'Channel' }).selectOption({ label: 'E-mail' });
  await form.getByRole('combobox', { name: 'Who reached out' }).selectOption({ label: 'The family reached out' });
  await form.getByRole('textbox', { name: 'Note', exact: true }).fill(earlier);
  await form.getByRole('button', { name: 'Log it' }).click();
  await expect(interactions.getByRole('status').filter({ hasText: 'logged' })).toHaveText('E-mail logged.');
  const list = interactions.getByRole('list', { name: 'Conversations, newest first' });
  await expect(list.getByRole('listitem').filter({ hasText: earlier })).toBeVisible();
  // The note is back to empty for the next conversation.
  await expect(form.getByRole('textbox', { name: 'Note', exact: true })).toHaveValue('');

  await form.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Billing' });
  await form.getByRole('combobox', { name: 'Channel' }).selectOption({ label: 'Phone call' });
  await form.getByRole('combobox', { name: 'Who reached out' }).selectOption({ label: 'We reached out' });
  await form.getByRole('combobox', { name: 'Outcome' }).selectOption({ label: 'Follow-up needed' });
  await form.getByRole('textbox', { name: 'Note', exact: true }).fill(note);
  const before = new Date();
  await form.getByRole('button', { name: 'Log it' }).click();
  await expect(interactions.getByRole('status').filter({ hasText: 'logged' })).toHaveText('Phone call logged.');

  const newest = list.getByRole('listitem').first();
  await expect(newest).toContainText(note);
  await expect(newest).toContainText('Billing · Phone call · We reached out ·');
  await expect(newest).toContainText('Outcome: Follow-up needed');
  await expect(newest).toContainText(`Logged by ${STAFF_NAME}`);
  // When: today in the family's time zone, in the spec's format.
  await expect(newest).toContainText(SPEC_DATE);
  const shownDate = ((await newest.textContent()) ?? '').match(SPEC_DATE)?.[0].slice(0, 10);
  expect([familyDate(before), familyDate()]).toContain(shownDate);
  // Newest first: this journey's earlier conversation is further down the list.
  const texts = await list.getByRole('listitem').allTextContents();
  expect(texts.findIndex((text) => text.includes(note))).toBe(0);
  expect(texts.findIndex((text) => text.includes(earlier))).toBeGreaterThan(0);
  await expect(interactions.getByRole('heading', { name: /^Customer interactions \(\d+\)$/ })).toBeVisible();
  await expectNoSeriousViolations(page, 'the admin page with the conversation logged');

  // The history of staff changes: the conversations in words, not records. On the page as it is
  // (the other sections' writes refresh it), then on the page opened anew.
  await sections.getByRole('link', { name: 'History' }).click();
  await expect(historyHeading).toBeFocused();
  await expect
    .soft(historyHeading, 'the history on the page lists the two conversations just logged')
    .toHaveText(`History of staff changes (${historyBefore + 2})`);
  await page.reload();
  await page
    .getByRole('navigation', { name: 'Sections of the account' })
    .getByRole('link', { name: 'History' })
    .click();
  await expect(historyHeading).toBeFocused();
  // Only this journey writes as staff on the family: its newest entry is the conversation just logged.
  await expect(historyHeading, 'the account’s history lists the two conversations logged').toHaveText(
    `History of staff changes (${historyBefore + 2})`,
  );
  const history = page.getByRole('region', { name: /^History of staff changes/ });
  const entry = history
    .getByRole('listitem')
    .filter({ has: page.getByRole('list') })
    .first();
  await expect(entry, 'the logged conversation in the account’s history').toBeVisible();
  await expect(entry).toContainText(DEMO.staff);
  await expect(entry).toContainText(SPEC_DATE);
  // In words: what happened, not the record's JSON.
  const words = entry.getByRole('listitem').first();
  await expect(words).toBeVisible();
  await expect(words).toContainText(/conversation|phone call/i);
  await expect(words).not.toContainText('{');
  await expect(words).not.toContainText('"summary"');
  // The raw record: one click away.
  await entry.getByText('Show the record').click();
  const raw = entry.getByText(/"summary"/);
  await expect(raw).toBeVisible();
  await expect(raw).toContainText(note);
  await expectNoSeriousViolations(page, 'the history with the record open');
});

test('a coach opens the caseload: the family that stopped playing is first; filters and the CSV', async ({
  page,
}, testInfo) => {
  await phoneWidth(page, testInfo);
  test.slow();
  await signInAs(page, DEMO.coach);
  const token = await storedAccessToken(page);
  const caseloadApi = async (query = '') => {
    const answer = await page.request.get(`/api/v1/coach_booking/caseload/${query}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.status()).toBe(200);
    return (await answer.json()) as {
      count: number;
      results: { family_name: string; status: string; days_since_play: number | null; minutes_this_week: number }[];
    };
  };

  // The API's answer: the first family played before and nothing for STOPPED_DAYS days or more.
  const all = await caseloadApi();
  const stopped = all.results[0]!;
  expect(stopped.status).toBe('stopped');
  expect(stopped.days_since_play).toBeGreaterThanOrEqual(STOPPED_DAYS);
  expect(stopped.minutes_this_week).toBe(0);

  // From the coach's workspace to the caseload.
  await page.goto('/dashboard/coaching');
  await expect(page.getByRole('heading', { level: 1, name: 'Coaching' })).toBeVisible();
  await page.getByRole('link', { name: 'Caseload: who needs attention' }).click();
  await expect(page).toHaveURL(/\/dashboard\/coaching\/caseload$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Caseload' })).toBeVisible();
  const table = page.getByRole('region', { name: 'Caseload', exact: true }).getByRole('table');
  const rows = table.getByRole('rowgroup').nth(1).getByRole('row');
  await expect(rows.first()).toBeVisible();
  const first = rows.first();
  await expect(first.getByRole('link', { name: `Brief of ${stopped.family_name}` })).toBeVisible();
  await expect(first).toContainText('Stopped playing');
  await expect(first).toContainText(`${stopped.days_since_play} days ago`);
  await expect(first).toContainText('0 of');
  expect(await rows.count()).toBeGreaterThan(1);
  const unfiltered = await rows.count();
  await expectNoSeriousViolations(page, 'the caseload');

  // Needs attention only: fewer rows, none on track, the stopped family still first.
  // The box follows the address: clicked, it is checked once the list's filter is in the URL.
  const attention = page.getByRole('checkbox', { name: 'Needs attention only' });
  await attention.click();
  await expect(attention).toBeChecked();
  await expect(page).toHaveURL(/attention=true/);
  await expect.poll(() => rows.count()).toBeLessThan(unfiltered);
  await expect(rows.first().getByRole('link', { name: `Brief of ${stopped.family_name}` })).toBeVisible();
  for (const text of await rows.allTextContents()) expect(text).not.toContain('On track');
  await attention.click();
  await expect(attention).not.toBeChecked();
  await expect(page).not.toHaveURL(/attention=true/);
  await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(unfiltered);

  // The search: the family's surname; the rows are the API's for the same search.
  const surname = stopped.family_name.split(' ').at(-1)!;
  const search = page.getByRole('searchbox', { name: 'Family name or e-mail' });
  await search.fill(surname);
  await search.press('Enter');
  await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(surname)}`));
  const found = await caseloadApi(`?search=${encodeURIComponent(surname)}`);
  expect(found.count).toBeLessThan(all.count);
  await expect(rows).toHaveCount(found.count);
  await expect(table.getByRole('link', { name: /^Brief of / })).toHaveText(found.results.map((f) => f.family_name));
  await expect(page.getByText(found.count === 1 ? '1 household' : `${found.count} households`)).toBeVisible();
  await expectNoSeriousViolations(page, 'the caseload filtered');

  // The CSV: the same filtered list, in the same order.
  const [download, response] = await Promise.all([
    page.waitForEvent('download'),
    page.waitForResponse((answer) => answer.url().includes('/caseload/export.csv')),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^text\/csv/);
  expect(response.url()).toContain(`search=${encodeURIComponent(surname)}`);
  expect(download.suggestedFilename()).toMatch(/^caseload-\d{4}-\d{2}-\d{2}\.csv$/);
  const chunks = await (await download.createReadStream()).toArray();
  const lines = Buffer.concat(chunks).toString('utf8').trim().split(/\r?\n/);
  expect(lines[0]).toBe(CASELOAD_CSV_HEADER);
  expect(lines).toHaveLength(found.count + 1);
  expect(lines[1]).toContain(`,${stopped.family_name},`);
  expect(lines[1]).toContain(',stopped,');
});

test('a parent answers a check-in and staff read the answers in the player’s survey responses', async ({
  page,
  browser,
}, testInfo) => {
  await phoneWidth(page, testInfo);
  test.slow();
  const mark = runMark(testInfo);
  const notes = `Theo used the breathing trick before a spelling test (${mark}).`;
  const calm = testInfo.project.name === 'phone' ? '3' : '4';
  const calmQuestion = 'How often did your child calm down on their own this month?';
  const notesQuestion = 'Anything your coach should know?';

  // The parent: Player Stats, the Check-ins card, the monthly check-in about Theo.
  await signInAs(page, FAMILY.email);
  await page.goto('/dashboard');
  await openMenuIfPhone(page);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Player Stats' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Player Stats' })).toBeVisible();
  const checkIns = page.getByRole('region', { name: 'Check-ins' });
  await expect(checkIns).toContainText(`how ${FAMILY.player} is doing`);
  const checkIn = checkIns.getByRole('listitem', { name: 'Monthly check-in' });
  await expect(checkIn).toBeVisible();
  await expectNoSeriousViolations(page, 'Player Stats with the check-ins');

  await checkIn.getByRole('button', { name: 'Answer Monthly check-in' }).click();
  const form = checkIn.getByRole('form', { name: `Monthly check-in for ${FAMILY.player}` });
  await expect(form).toBeVisible();
  await form.getByRole('combobox', { name: calmQuestion }).selectOption(calm);
  await form.getByRole('textbox', { name: notesQuestion }).fill(notes);
  await expectNoSeriousViolations(page, 'the monthly check-in form');
  await form.getByRole('button', { name: 'Send answers' }).click();
  await expect(checkIns.getByRole('status').filter({ hasText: 'Thank you' })).toHaveText(
    `Thank you: Monthly check-in for ${FAMILY.player} is saved.`,
  );
  await expect(form).toBeHidden();
  await expect(checkIn).toContainText(`Last answered ${familyDay()}`);
  await expect(checkIn).toContainText('Next check-in due');
  // Recorded: among the earlier answers, with the values given.
  await checkIn.getByText(/^Earlier answers \(\d+\)$/).click();
  const answered = checkIn.getByRole('listitem').filter({ hasText: notes });
  await expect(answered).toBeVisible();
  await expect(answered.getByRole('definition').first()).toHaveText(`${calm} (of 1–5)`);
  await expectNoSeriousViolations(page, 'the check-ins with the answer saved');

  // Staff: the family's admin page, Theo's survey responses.
  const staffContext = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    viewport: page.viewportSize(),
    isMobile: testInfo.project.use.isMobile,
    hasTouch: testInfo.project.use.hasTouch,
  });
  const staff = await staffContext.newPage();
  try {
    await signInAs(staff, DEMO.staff);
    await openFamilyAccount(staff);
    await staff
      .getByRole('navigation', { name: 'Sections of the account' })
      .getByRole('link', { name: 'Surveys' })
      .click();
    await expect(staff.getByRole('heading', { level: 2, name: 'Survey responses' })).toBeFocused();
    const surveys = staff.getByRole('region', { name: 'Survey responses' });
    const responses = surveys.getByRole('list', { name: `${FAMILY.player}’s responses, newest first` });
    const response = responses.getByRole('listitem').filter({ hasText: notes });
    await expect(response).toBeVisible();
    await expect(response).toContainText('Monthly check-in');
    await expect(response).toContainText(`about “${FAMILY.player}”`);
    await expect(response.getByRole('term')).toHaveText([calmQuestion, notesQuestion]);
    await expect(response.getByRole('definition')).toHaveText([`${calm} (of 1–5)`, notes]);
    await expectNoSeriousViolations(staff, 'the family’s admin page with the survey responses');
  } finally {
    await staffContext.close();
  }
});
