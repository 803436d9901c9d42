/**
 * Grove's button. While `disabled` or `loading` it ignores clicks (SPEC §5): a disabled button is
 * natively inert; a loading one stays focusable, says it is busy, and swallows clicks and the
 * form submission they would start.
 */
import type { ButtonHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';

import { Spinner } from './spinner.tsx';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: ButtonVariant;
  loading?: boolean;
  icon?: ReactNode;
  block?: boolean;
};

export function Button({
  variant = 'primary',
  loading = false,
  disabled = false,
  icon,
  block = false,
  className,
  children,
  onClick,
  type = 'button',
  ...rest
}: ButtonProps) {
  const { t } = useLingui();
  const handleClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (loading || disabled) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  const classes = [
    'button',
    `button--${variant}`,
    block ? 'button--block' : '',
    loading ? 'button--loading' : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      {...rest}
      type={type}
      className={classes}
      disabled={disabled}
      aria-disabled={loading || undefined}
      aria-busy={loading || undefined}
      onClick={handleClick}
    >
      {loading ? <Spinner size="small" label={t`Working…`} /> : icon}
      <span className="button__label">{children}</span>
    </button>
  );
}
