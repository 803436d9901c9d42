/**
 * Where each onboarding step is done (issue 13 item 6), and what an automatic step waits for.
 * Adding players happens in Account → Players (issue 25 item 2); the tablet is connected on the
 * Connect a tablet page (issue 25 item 3); the first game starts from Game Directions (outside
 * Grove, a new tab); tutorials and coaching have their screens.
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { OnboardingStepId } from '@grove/domain';

import { EXTERNAL_LINKS } from './env.ts';
import { i18n as pageI18n } from './i18n.ts';
import { href } from './paths.ts';

/** The Resources article about the heart-rate band (features/resources/articles/<slug>.md). */
export const BAND_ARTICLE_SLUG = 'wearing-the-heart-rate-band';

export type StepLink = {
  label: string;
  to: string;
  /** An address outside the portal: opens in a new tab. */
  external: boolean;
};

const STEP_LINKS: Record<OnboardingStepId, { label: MessageDescriptor; to: () => string; external: boolean }> = {
  add_players: {
    label: msg`Add your players`,
    to: () => href('root.user.management', null, { segment: 'players' }),
    external: false,
  },
  kit_delivered: {
    label: msg`See your orders`,
    to: () => href('root.user.management', null, { segment: 'details' }),
    external: false,
  },
  pair_band: { label: msg`Type the tablet’s code`, to: () => href('root.user.connect-device'), external: false },
  first_game: { label: msg`Open Game Directions`, to: () => EXTERNAL_LINKS.gameDirections, external: true },
  join_tutorial: { label: msg`Choose a tutorial`, to: () => href('root.user.webinars'), external: false },
  book_coaching: { label: msg`Book a coaching call`, to: () => href('root.user.booking'), external: false },
};

/** Where `step` is done, its label in the language of `i18n` (the page's by default). */
export function stepLink(step: OnboardingStepId, i18n: I18n = pageI18n): StepLink {
  const link = STEP_LINKS[step];
  return { label: i18n._(link.label), to: link.to(), external: link.external };
}

const NOTES: Record<OnboardingStepId, MessageDescriptor> = {
  add_players: msg`This step ticks itself once a player is on your account.`,
  kit_delivered: msg`This step ticks itself when your kit is delivered.`,
  pair_band: msg`This step ticks itself once you connect the tablet to Grove with the code the game shows.`,
  first_game: msg`This step ticks itself after your child’s first game.`,
  join_tutorial: msg`This step ticks itself when you register for a tutorial.`,
  book_coaching: msg`This step ticks itself when your first coaching call is booked.`,
};

/** What an automatic step waits for, in the language of `i18n` (the page's by default). */
export function automaticNote(step: OnboardingStepId, i18n: I18n = pageI18n): string {
  return i18n._(NOTES[step]);
}

/**
 * What an automatic step waits for: it ticks itself, there is nothing to press. Each note reads in
 * the page's language when it is read (as `automaticNote` words it).
 */
export const AUTOMATIC_NOTES: Readonly<Record<OnboardingStepId, string>> = Object.defineProperties(
  {} as Record<OnboardingStepId, string>,
  Object.fromEntries(
    (Object.keys(NOTES) as OnboardingStepId[]).map((step) => [
      step,
      { enumerable: true, get: () => automaticNote(step) },
    ]),
  ),
);
