/**
 * Where each onboarding step is done (issue 13 item 6), and what an automatic step waits for.
 * Adding players happens in Account → Players (issue 25 item 2); the tablet is connected on the
 * Connect a tablet page (issue 25 item 3); the first game starts from Game Directions (outside
 * Grove, a new tab); tutorials and coaching have their screens.
 */
import type { OnboardingStepId } from '@grove/domain';

import { EXTERNAL_LINKS } from './env.ts';
import { href } from './paths.ts';

/** The Resources article about the heart-rate band (features/resources/articles/<slug>.md). */
export const BAND_ARTICLE_SLUG = 'wearing-the-heart-rate-band';

export type StepLink = {
  label: string;
  to: string;
  /** An address outside the portal: opens in a new tab. */
  external: boolean;
};

export function stepLink(step: OnboardingStepId): StepLink {
  switch (step) {
    case 'add_players':
      return {
        label: 'Add your players',
        to: href('root.user.management', null, { segment: 'players' }),
        external: false,
      };
    case 'kit_delivered':
      return {
        label: 'See your orders',
        to: href('root.user.management', null, { segment: 'details' }),
        external: false,
      };
    case 'pair_band':
      return { label: 'Type the tablet’s code', to: href('root.user.connect-device'), external: false };
    case 'first_game':
      return { label: 'Open Game Directions', to: EXTERNAL_LINKS.gameDirections, external: true };
    case 'join_tutorial':
      return { label: 'Choose a tutorial', to: href('root.user.webinars'), external: false };
    case 'book_coaching':
      return { label: 'Book a coaching call', to: href('root.user.booking'), external: false };
  }
}

/** What an automatic step waits for: it ticks itself, there is nothing to press. */
export const AUTOMATIC_NOTES: Record<OnboardingStepId, string> = {
  add_players: 'This step ticks itself once a player is on your account.',
  kit_delivered: 'This step ticks itself when your kit is delivered.',
  pair_band: 'This step ticks itself once you connect the tablet to Grove with the code the game shows.',
  first_game: 'This step ticks itself after your child’s first game.',
  join_tutorial: 'This step ticks itself when you register for a tutorial.',
  book_coaching: 'This step ticks itself when your first coaching call is booked.',
};
