/**
 * The demo sign-ins: printed on start (server.ts) and listed in the README's Quick start table, in
 * the same order and words — a test (demo-logins.test.ts) reads the README and fails when the two
 * disagree (decision 0047). All sign in with DEMO_PASSWORD.
 */
export const DEMO_PASSWORD = 'GroveDemo!2026';

export const DEMO_LOGINS = [
  { email: 'parent@example.com', who: 'parent of two players, coached by coach@example.com, yearly plan' },
  { email: 'parent2@example.com', who: 'parent of another account' },
  { email: 'magellan@example.com', who: 'parent of an account tagged magellan (covered by a partner: no billing)' },
  { email: 'coach@example.com', who: "coach of parent@example.com's account" },
  { email: 'staff@example.com', who: 'staff (admin area)' },
  { email: 'newfamily@example.com', who: 'an account that has not purchased yet (goes to checkout)' },
  { email: 'noplayers@example.com', who: 'an account with no players' },
  { email: 'cancelled@example.com', who: 'a cancelled subscription' },
  { email: 'paused@example.com', who: 'a paused subscription (a school break)' },
  { email: 'returning@example.com', who: 'a kit return waiting for staff to confirm' },
  { email: 'newkit@example.com', who: 'a family whose kit arrived last week (inside the 30-day return window)' },
  { email: 'caregiver@example.com', who: "second caregiver on parent@example.com's account (not the billing user)" },
  { email: 'pastdue@example.com', who: 'a past-due subscription: the renewal failed (card 4000 0000 0000 0341)' },
  { email: 'familia@example.com', who: 'a Spanish-speaking parent of two players (the portal and e-mails in Spanish)' },
] as const;

/** The banner's lines about the demo logins: the password once, then one line per login, aligned. */
export function demoLoginLines(): string[] {
  const width = Math.max(...DEMO_LOGINS.map((login) => login.email.length)) + 2;
  return [
    `  Demo logins (password ${DEMO_PASSWORD}):`,
    ...DEMO_LOGINS.map((login) => `    ${login.email.padEnd(width)}${login.who}`),
  ];
}
