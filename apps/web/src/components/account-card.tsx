/**
 * A card of the account screen (Account details, Players, Privacy): a section named by its h2
 * title. (A part of it that could not be read shows `LoadError`, components/load-state.tsx.)
 */
import { useId, type ReactNode } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';

import './account-card.css';

export function AccountCard({
  title,
  intro,
  children,
  className,
}: {
  /** Its words, or a message (SHIPPING_TITLE) shown in the page's language. */
  title: string | MessageDescriptor;
  intro?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const { t } = useLingui();
  const headingId = useId();
  return (
    <section className={`card account-card${className ? ` ${className}` : ''}`} aria-labelledby={headingId}>
      <h2 className="card__title" id={headingId}>
        {typeof title === 'string' ? title : t(title)}
      </h2>
      {intro ? <p className="account-card__intro">{intro}</p> : null}
      {children}
    </section>
  );
}
