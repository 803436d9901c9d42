/**
 * Issue 5: every route id of the spec is reachable, or redirected as specified, for the people who
 * may see it — at each project's width (phone 375, tablet 900, desktop 1280).
 */
import { expect, test, type Page } from '@playwright/test';

import { DEMO, signInAs } from './support.ts';

type Visit = {
  /** The spec's route id (or Grove's own page) this visit covers. */
  id: string;
  path: string;
  /** Where the browser ends up. */
  lands: RegExp;
  heading: string | RegExp;
};

async function visit(page: Page, { path, lands, heading }: Visit) {
  await page.goto(path);
  await expect(page).toHaveURL(lands);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

const DEV = '/s3/staging/feature/new-menu';

const PARENT_VISITS: Visit[] = [
  { id: 'root', path: '/', lands: /\/dashboard$/, heading: 'Welcome back, Jordan' },
  {
    id: 'root.user.player.home',
    path: '/dashboard?pid=2&uaction=hello&gis=1',
    lands: /\/dashboard\?pid=2&uaction=hello&gis=1$/,
    heading: 'Welcome back, Jordan',
  },
  {
    id: 'root.user.player.stats',
    path: '/dashboard/stats?pid=2&gis=weekly',
    lands: /\/dashboard\/stats\?pid=2&gis=weekly$/,
    heading: 'Player Stats',
  },
  {
    id: 'root.user.management',
    path: '/dashboard/account?segment=details',
    lands: /\/dashboard\/account\?segment=details$/,
    heading: 'Account',
  },
  {
    id: 'root.user.managementRedirect',
    path: '/account/manage/shipping',
    lands: /\/dashboard\/account\?segment=details$/,
    heading: 'Account',
  },
  {
    id: 'root.user.onboarding',
    path: '/dashboard/welcome',
    lands: /\/dashboard\/welcome$/,
    heading: 'Welcome to Grove',
  },
  {
    id: 'root.user.onboarding.step',
    path: '/dashboard/welcome/devices',
    lands: /\/dashboard\/welcome\/devices$/,
    heading: 'Welcome to Grove',
  },
  { id: 'root.user.webinars', path: '/dashboard/tutorials/', lands: /\/dashboard\/tutorials\/$/, heading: 'Tutorials' },
  {
    id: 'root.user.booking',
    path: '/dashboard/coaching?ref=mail',
    lands: /\/dashboard\/coaching\?ref=mail$/,
    heading: 'Coaching',
  },
  {
    id: 'root.user.bookingRedirect (→ coaching)',
    path: '/dashboard/booking?ref=mail',
    lands: /\/dashboard\/coaching\?ref=mail$/,
    heading: 'Coaching',
  },
  { id: 'root.user.resources', path: '/dashboard/resources', lands: /\/dashboard\/resources$/, heading: 'Resources' },
  {
    id: 'root.user.resources-dev',
    path: `${DEV}/dashboard/resources`,
    lands: /\/new-menu\/dashboard\/resources$/,
    heading: 'Resources',
  },
  { id: 'root.admin (not staff → home)', path: '/admin', lands: /\/dashboard$/, heading: 'Welcome back, Jordan' },
  { id: 'checkout', path: '/checkout?tag=spring', lands: /\/checkout\?tag=spring$/, heading: 'Checkout' },
  { id: 'checkout-dev', path: `${DEV}/checkout`, lands: /\/new-menu\/checkout$/, heading: 'Checkout' },
  {
    id: 'checkout-confirmation',
    path: '/checkout/confirmation',
    lands: /\/checkout\/confirmation$/,
    heading: 'Order confirmation',
  },
  { id: 'packagereturns', path: '/packagereturns', lands: /\/packagereturns$/, heading: 'Package returns' },
  { id: 'setpassword', path: '/start?o=unknown', lands: /\/start\?o=unknown$/, heading: 'This link has expired' },
  { id: 'login (signed in → home)', path: '/login', lands: /\/dashboard\/$/, heading: 'Welcome back, Jordan' },
  {
    id: 'not found',
    path: '/dashboard/nowhere',
    lands: /\/dashboard\/nowhere$/,
    heading: 'We couldn’t find that page',
  },
];

test('a parent reaches every user-area route, and the redirects go where the spec says', async ({ page }) => {
  await signInAs(page, DEMO.parent);
  for (const item of PARENT_VISITS) {
    await test.step(item.id, () => visit(page, item));
  }
});

test('a cancelled user is sent home from coaching (booking too) and from onboarding', async ({ page }) => {
  await signInAs(page, DEMO.cancelled);
  await visit(page, {
    id: 'root.user.bookingRedirect',
    path: '/dashboard/booking?ref=winback',
    lands: /\/dashboard$/,
    heading: 'Welcome back, Jamie',
  });
  await visit(page, {
    id: 'root.user.booking',
    path: '/dashboard/coaching?ref=a',
    lands: /\/dashboard$/,
    heading: 'Welcome back, Jamie',
  });
  await visit(page, {
    id: 'root.user.onboarding',
    path: '/dashboard/welcome',
    lands: /\/dashboard$/,
    heading: 'Welcome back, Jamie',
  });
  await visit(page, {
    id: 'root.user.onboarding.step',
    path: '/dashboard/welcome/2',
    lands: /\/dashboard$/,
    heading: 'Welcome back, Jamie',
  });
});

test('staff reach the admin area: /admin → accounts, account details and the back-office pages', async ({ page }) => {
  await signInAs(page, DEMO.staff);
  await visit(page, { id: 'root.admin', path: '/admin', lands: /\/admin\/accounts$/, heading: 'Accounts' });
  await visit(page, {
    id: 'root.admin.accounts',
    path: '/admin/accounts/',
    lands: /\/admin\/accounts\/$/,
    heading: 'Accounts',
  });
  await visit(page, {
    id: 'root.admin.accounts.details',
    path: '/admin/accounts/12',
    lands: /\/admin\/accounts\/12$/,
    heading: 'Account 12',
  });
  await visit(page, { id: 'orders', path: '/admin/orders', lands: /\/admin\/orders$/, heading: 'Orders' });
  await visit(page, {
    id: 'billing requests',
    path: '/admin/outstanding-billing-requests',
    lands: /\/admin\/outstanding-billing-requests$/,
    heading: 'Outstanding Billing Requests',
  });
  await visit(page, { id: 'shipments', path: '/admin/shipments', lands: /\/admin\/shipments$/, heading: 'Shipments' });
  await visit(page, {
    id: 'root.user (staff)',
    path: '/dashboard',
    lands: /\/dashboard$/,
    heading: 'Welcome back, Sam',
  });
});

test('a coach reaches the user area and the coaching screen', async ({ page }) => {
  await signInAs(page, DEMO.coach);
  await visit(page, {
    id: 'root.user.player.home',
    path: '/dashboard',
    lands: /\/dashboard$/,
    heading: 'Welcome back, Casey',
  });
  await visit(page, {
    id: 'root.user.booking',
    path: '/dashboard/coaching',
    lands: /\/dashboard\/coaching$/,
    heading: 'Coaching',
  });
  await visit(page, {
    id: 'root.user.player.stats',
    path: '/dashboard/stats',
    lands: /\/dashboard\/stats$/,
    heading: 'Player Stats',
  });
});

test('an account that is not usable is sent to checkout with a reload', async ({ page }) => {
  await signInAs(page, DEMO.newFamily);
  await visit(page, { id: 'root', path: '/dashboard/resources', lands: /\/checkout$/, heading: 'Checkout' });
});

test('without a session, the user area opens login and public pages open directly', async ({ page }) => {
  await visit(page, {
    id: 'login',
    path: '/dashboard/stats?pid=1',
    lands: /\/login\?next=%2Fdashboard%2Fstats%3Fpid%3D1$/,
    heading: 'Welcome to Grove',
  });
  await visit(page, {
    id: 'login',
    path: '/login?email=parent%40example.com',
    lands: /\/login\?email=/,
    heading: 'Welcome to Grove',
  });
  await expect(page.getByLabel('Email')).toHaveValue('parent@example.com');
  await visit(page, {
    id: 'root.admin',
    path: '/admin',
    lands: /\/login\?next=%2Fadmin$/,
    heading: 'Welcome to Grove',
  });
  await visit(page, { id: 'checkout', path: '/checkout', lands: /\/checkout$/, heading: 'Checkout' });
  await visit(page, {
    id: 'not found',
    path: '/no-such-page',
    lands: /\/no-such-page$/,
    heading: 'We couldn’t find that page',
  });
});
