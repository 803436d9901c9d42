/** Helpers shared by the journeys: demo sign-ins and the widths of the three projects. */
import { expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

export const DEMO_PASSWORD = 'GroveDemo!2026';

export const DEMO = {
  parent: 'parent@example.com',
  parent2: 'parent2@example.com',
  magellan: 'magellan@example.com',
  coach: 'coach@example.com',
  staff: 'staff@example.com',
  newFamily: 'newfamily@example.com',
  noPlayers: 'noplayers@example.com',
  cancelled: 'cancelled@example.com',
  pastDue: 'pastdue@example.com',
} as const;

/** The domain's breakpoints (packages/domain BREAKPOINTS). */
export const MOBILE_MENU_MAX = 900;
export const ADMIN_DESKTOP_MIN = 1165;

export function viewportWidth(page: Page): number {
  return page.viewportSize()?.width ?? 1280;
}

/**
 * Signs in through the API (faster than the form, which has its own journey) and stores the tokens
 * where the web app keeps them. The CSRF cookie of the answer lands in the browser context.
 */
export async function signInAs(page: Page, email: string): Promise<void> {
  const response = await page.request.post('/api/v2/user/auth/login/', { data: { email, password: DEMO_PASSWORD } });
  expect(response.status(), `login of ${email}`).toBe(200);
  const grant = (await response.json()) as { access_token: string; refresh_token: string; expires_in: number };
  await page.goto('/login');
  // The callback runs in the page (which has localStorage); this project compiles without DOM types.
  await page.evaluate(
    ([access, refresh, expiresAt]) => {
      const storage = (globalThis as unknown as { localStorage: { setItem: (key: string, value: string) => void } })
        .localStorage;
      storage.setItem('grove.access_token', access);
      storage.setItem('grove.refresh_token', refresh);
      storage.setItem('grove.access_expires_at', expiresAt);
    },
    [grant.access_token, grant.refresh_token, String(Date.now() + grant.expires_in * 1000)] as const,
  );
}

/** The access token the web app keeps, or null after signing out. */
export async function storedAccessToken(page: Page): Promise<string | null> {
  return page.evaluate(() =>
    (globalThis as unknown as { localStorage: { getItem: (key: string) => string | null } }).localStorage.getItem(
      'grove.access_token',
    ),
  );
}

/** Signs in with the login form. */
export async function logInWithForm(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'LOGIN' }).click();
}

/** The labels of the user side menu (opening the full-screen menu at mobile widths). */
export async function sideMenuLabels(page: Page): Promise<string[]> {
  if (viewportWidth(page) <= MOBILE_MENU_MAX) {
    await page.getByRole('button', { name: 'Open menu' }).click();
  }
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await expect(nav).toBeVisible();
  return nav.locator('.menu__label').allTextContents();
}

/**
 * Serious and critical axe violations on the page as it is now (WCAG 2.2 AA rules), and those of
 * any impact of the rules in `anyImpact`. One axe run.
 */
export async function axeViolations(page: Page, anyImpact: string[] = []): Promise<string[]> {
  // label-content-name-mismatch is tagged experimental in axe 4.11, so tags alone leave it out.
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return results.violations
    .filter(
      (violation) =>
        violation.impact === 'serious' || violation.impact === 'critical' || anyImpact.includes(violation.id),
    )
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
    );
}

/** Serious and critical axe violations on the page as it is now (WCAG 2.2 AA rules). */
export const seriousViolations = (page: Page) => axeViolations(page);
