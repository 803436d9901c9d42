/**
 * A round badge with the initials of a player or a person (decorative: the name is written beside
 * it, so it is hidden from screen readers). A player's shows the first letter of the name; a
 * person's (a coach) the first letters of the first and the last word.
 */
import './avatar.css';

export type AvatarSize = 'small' | 'medium' | 'large' | 'xlarge';

/** 'Maya' → 'M'; with `both`, 'Robin de Vries' → 'RV'. */
export function initialsOf(name: string, both = false): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const picked = both && words.length > 1 ? [words[0], words.at(-1)] : words.slice(0, 1);
  return picked.map((word) => (word ?? '').charAt(0).toUpperCase()).join('');
}

export function Avatar({
  name,
  size = 'medium',
  person = false,
}: {
  name: string;
  size?: AvatarSize;
  person?: boolean;
}) {
  return (
    <span className={`avatar avatar--${size}`} aria-hidden="true">
      {initialsOf(name, person)}
    </span>
  );
}
