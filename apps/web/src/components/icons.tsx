/**
 * Grove's icon set (SPEC §2), drawn here as our own SVG: home, stats, question, exit, game
 * directions, profile, phone, time circle, cooldown, weekly goal, heartrate, external link, the
 * green character Acorn, the gauge and chase-speed glyphs of the player screens, and the few
 * interface glyphs the layouts need. Icons take the text colour.
 * Without a `title` an icon is decorative and hidden from assistive technology.
 */
import type { ReactNode, SVGProps } from 'react';

export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & {
  /** Accessible name; omit for a decorative icon next to visible text. */
  title?: string;
  size?: number;
};

function Icon({ title, size = 24, children, ...rest }: IconProps & { children: ReactNode }) {
  const a11y = title ? { role: 'img', 'aria-label': title } : { 'aria-hidden': true as const };
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      className="icon"
      {...a11y}
      {...rest}
    >
      {title ? <title>{title}</title> : null}
      {children}
    </svg>
  );
}

export function HomeIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3.5 10.5 12 3.5l8.5 7" />
      <path d="M5.5 9v10.5h13V9" />
      <path d="M10 19.5v-5.5h4v5.5" />
    </Icon>
  );
}

export function StatsIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 20h16" />
      <rect x="5.5" y="11" width="3" height="6" rx="1" />
      <rect x="10.5" y="6" width="3" height="11" rx="1" />
      <rect x="15.5" y="9" width="3" height="8" rx="1" />
    </Icon>
  );
}

export function QuestionIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M9.6 9.4a2.5 2.5 0 1 1 3.4 2.3c-.6.3-1 .8-1 1.5v.6" />
      <circle cx="12" cy="16.6" r=".6" fill="currentColor" stroke="none" />
    </Icon>
  );
}

export function ExitIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M13 4.5H6.5a1 1 0 0 0-1 1v13a1 1 0 0 0 1 1H13" />
      <path d="M10 12h10" />
      <path d="m16.5 8.5 3.5 3.5-3.5 3.5" />
    </Icon>
  );
}

/** A signpost: where to find and how to play the games. */
export function GameDirectionsIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 3v18" />
      <path d="M12 5h6l2.5 2.5L18 10h-6" />
      <path d="M12 12.5H6l-2.5 2.5L6 17.5h6" />
      <path d="M9 21h6" />
    </Icon>
  );
}

export function ProfileIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="8.5" />
      <circle cx="12" cy="10" r="3" />
      <path d="M6.8 18.2a6 6 0 0 1 10.4 0" />
    </Icon>
  );
}

export function PhoneIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M6.5 3.5h2.6l1.4 4-2 1.4a11 11 0 0 0 6.6 6.6l1.4-2 4 1.4v2.6a2 2 0 0 1-2.2 2A16 16 0 0 1 4.5 5.7a2 2 0 0 1 2-2.2Z" />
    </Icon>
  );
}

export function TimeCircleIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 7v5l3.5 2" />
    </Icon>
  );
}

/** Heart rate coming back down after a rise. */
export function CooldownIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3 7h3l2 4 2.5-6 3 10 2-4h5.5" />
      <path d="M17 14.5v6" />
      <path d="m14.5 18 2.5 2.5 2.5-2.5" />
    </Icon>
  );
}

export function WeeklyGoalIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="8.5" />
      <circle cx="12" cy="12" r="5" />
      <circle cx="12" cy="12" r="1.5" fill="currentColor" stroke="none" />
    </Icon>
  );
}

export function HeartrateIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 20s-7.5-4.6-7.5-10A4.2 4.2 0 0 1 12 7.4 4.2 4.2 0 0 1 19.5 10c0 5.4-7.5 10-7.5 10Z" />
      <path d="M6.5 12.5h3l1.2-2.2 2 4 1.3-1.8h3.5" />
    </Icon>
  );
}

/** The game's heart-rate gauge: a dial with its needle. */
export function GaugeIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3.5 16.5a8.5 8.5 0 1 1 17 0" />
      <path d="M12 16.5l4-5" />
      <circle cx="12" cy="16.5" r="1.3" fill="currentColor" stroke="none" />
      <path d="M6.3 11.2l1.1 1M12 8v1.5M17.7 11.2l-1.1 1" />
    </Icon>
  );
}

/** The chase game's speed: a runner's motion lines and an arrow. */
export function ChaseSpeedIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3 8h6M2 12h8M3 16h6" />
      <path d="M13 6.5 18.5 12 13 17.5" />
      <path d="M17 6.5 22.5 12 17 17.5" />
    </Icon>
  );
}

export function ExternalLinkIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M13.5 4.5h6v6" />
      <path d="M19.5 4.5 11 13" />
      <path d="M17.5 14v4.5a1 1 0 0 1-1 1h-11a1 1 0 0 1-1-1v-11a1 1 0 0 1 1-1H10" />
    </Icon>
  );
}

export function CoachingIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4.5 5.5h11a1 1 0 0 1 1 1v7a1 1 0 0 1-1 1H9l-3.5 3v-3h-1a1 1 0 0 1-1-1v-7a1 1 0 0 1 1-1Z" />
      <path d="M16.5 9h3a1 1 0 0 1 1 1v6.5a1 1 0 0 1-1 1h-1v2.5l-3-2.5h-3" />
    </Icon>
  );
}

export function CommunityIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="9" cy="9" r="3" />
      <path d="M3.5 19a5.5 5.5 0 0 1 11 0" />
      <circle cx="16.5" cy="8" r="2.5" />
      <path d="M15.5 13.6A4.5 4.5 0 0 1 20.5 18" />
    </Icon>
  );
}

export function AdminIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 3.5 19 6v5.5c0 4.3-3 7.6-7 9-4-1.4-7-4.7-7-9V6l7-2.5Z" />
      <path d="m9 12 2 2 4-4" />
    </Icon>
  );
}

export function MenuIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 7h16" />
      <path d="M4 12h16" />
      <path d="M4 17h16" />
    </Icon>
  );
}

/** Opens the side menu: a panel with an arrow pointing into the page. */
export function MenuOpenIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="3.5" y="4.5" width="17" height="15" rx="2" />
      <path d="M9 4.5v15" />
      <path d="m13 10 2 2-2 2" />
    </Icon>
  );
}

export function CloseIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="m6 6 12 12" />
      <path d="M18 6 6 18" />
    </Icon>
  );
}

export function ChevronRightIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="m9.5 6 6 6-6 6" />
    </Icon>
  );
}

export function CheckIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="m5 12.5 4.5 4.5L19 7.5" />
    </Icon>
  );
}

/**
 * Acorn, Grove's green character: a sprouting seed with two leaves, a round body and a smile.
 * Drawn in its own colours (it is the brand, not a glyph).
 */
export function AcornMascot({ title, size = 64, ...rest }: IconProps) {
  const a11y = title ? { role: 'img', 'aria-label': title } : { 'aria-hidden': true as const };
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 64 64"
      width={size}
      height={size}
      focusable="false"
      className="mascot"
      {...a11y}
      {...rest}
    >
      {title ? <title>{title}</title> : null}
      <path d="M32 18c0-6 3-10 8-12 1 6-2 11-8 12Z" fill="#5dbb7a" />
      <path d="M31 18c-1-5-5-8-10-8 0 5 4 8 10 8Z" fill="#3f9b5f" />
      <path d="M32 20v-5" stroke="#24603a" strokeWidth="2.4" strokeLinecap="round" />
      <ellipse cx="32" cy="40" rx="20" ry="19" fill="#3a8f5c" />
      <ellipse cx="32" cy="43" rx="14.5" ry="12.5" fill="#5dbb7a" />
      <circle cx="25" cy="38" r="2.8" fill="#14301f" />
      <circle cx="39" cy="38" r="2.8" fill="#14301f" />
      <circle cx="26" cy="37" r=".9" fill="#ffffff" />
      <circle cx="40" cy="37" r=".9" fill="#ffffff" />
      <path d="M26.5 45c3 3.2 8 3.2 11 0" stroke="#14301f" strokeWidth="2.4" fill="none" strokeLinecap="round" />
      <circle cx="20.5" cy="44" r="2.6" fill="#f4a6a0" opacity=".7" />
      <circle cx="43.5" cy="44" r="2.6" fill="#f4a6a0" opacity=".7" />
    </svg>
  );
}
