/**
 * A link that looks like a button: inside Grove a router link with an arrow, outside it (the help
 * centre) a new tab, said to screen readers, with the external-link icon.
 */
import { Link } from 'react-router';
import { useLingui } from '@lingui/react/macro';

import type { ButtonVariant } from './button.tsx';
import { ChevronRightIcon, ExternalLinkIcon } from './icons.tsx';

export function LinkButton({
  to,
  label,
  external = false,
  variant = 'primary',
}: {
  to: string;
  label: string;
  external?: boolean;
  variant?: ButtonVariant;
}) {
  const { t } = useLingui();
  const className = `button button--${variant}`;
  if (external) {
    return (
      <a className={className} href={to} target="_blank" rel="noopener noreferrer">
        <span className="button__label">
          {label}
          <span className="visually-hidden"> {t`(opens in a new tab)`}</span>
        </span>
        <ExternalLinkIcon size={18} />
      </a>
    );
  }
  return (
    <Link className={className} to={to}>
      <span className="button__label">{label}</span>
      <ChevronRightIcon size={18} />
    </Link>
  );
}
