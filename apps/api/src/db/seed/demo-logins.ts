/** The demo sign-ins printed on start and listed in the README. */
export const DEMO_PASSWORD = 'GroveDemo!2026';

export const DEMO_LOGINS = [
  { email: 'parent@example.com', who: 'parent (two players, coached by coach@example.com; yearly plan)' },
  { email: 'caregiver@example.com', who: 'second caregiver on parent@example.com’s account (not the billing user)' },
  { email: 'parent2@example.com', who: 'parent of another account' },
  { email: 'magellan@example.com', who: 'parent of an account tagged magellan (covered by a partner)' },
  { email: 'paused@example.com', who: 'parent of a paused subscription' },
  { email: 'returning@example.com', who: 'parent with a kit return waiting for staff' },
  { email: 'newkit@example.com', who: 'parent whose kit arrived last week (inside the return window)' },
  { email: 'coach@example.com', who: 'coach of parent@example.com’s account' },
  { email: 'staff@example.com', who: 'staff (admin area)' },
] as const;
