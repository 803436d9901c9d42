import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import * as icons from './icons.tsx';

/** The spec's icon set (SPEC §2), by component. */
const SPEC_ICONS = [
  'HomeIcon',
  'StatsIcon',
  'QuestionIcon',
  'ExitIcon',
  'GameDirectionsIcon',
  'ProfileIcon',
  'PhoneIcon',
  'TimeCircleIcon',
  'CooldownIcon',
  'WeeklyGoalIcon',
  'HeartrateIcon',
  'ExternalLinkIcon',
  'AcornMascot',
] as const;

describe('icons', () => {
  it.each(SPEC_ICONS)('%s is an SVG hidden from assistive technology unless titled', (name) => {
    const Icon = icons[name];
    const { container, unmount } = render(<Icon />);
    const svg = container.querySelector('svg');
    expect(svg).not.toBeNull();
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    unmount();

    render(<Icon title={`${name} title`} />);
    expect(screen.getByRole('img', { name: `${name} title` })).toBeInTheDocument();
  });
});
