/**
 * A card of the account screen (Account details, Players, Privacy): a section named by its h2
 * title; and a part of it that could not be read.
 */
import { useId, type ReactNode } from 'react';

import './account-card.css';

export function AccountCard({
  title,
  intro,
  children,
  className,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const headingId = useId();
  return (
    <section className={`card account-card${className ? ` ${className}` : ''}`} aria-labelledby={headingId}>
      <h2 className="card__title" id={headingId}>
        {title}
      </h2>
      {intro ? <p className="account-card__intro">{intro}</p> : null}
      {children}
    </section>
  );
}

/** A part of the screen that could not be read, with a way to try again. */
export function LoadError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <p className="account-error" role="alert">
      We could not load {what}.{' '}
      <button type="button" className="link-button" onClick={onRetry}>
        Try again
      </button>
    </p>
  );
}
