/**
 * A card of the account screen (Account details, Players, Privacy): a section named by its h2
 * title. (A part of it that could not be read shows `LoadError`, components/load-state.tsx.)
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
