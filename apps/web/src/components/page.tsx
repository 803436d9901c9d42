/**
 * The frame of a screen: its heading (the page's one h1), a short introduction and the content.
 * Also sets the document title.
 */
import { useEffect, type ReactNode } from 'react';

import { AcornMascot } from './icons.tsx';

export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Grove` : 'Grove';
  }, [title]);
}

export function Page({
  title,
  intro,
  actions,
  children,
  width = 'wide',
}: {
  title: string;
  intro?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  width?: 'wide' | 'narrow';
}) {
  usePageTitle(title);
  return (
    <div className={`page page--${width}`}>
      <header className="page__header">
        <div>
          <h1 className="page__title">{title}</h1>
          {intro ? <p className="page__intro">{intro}</p> : null}
        </div>
        {actions ? <div className="page__actions">{actions}</div> : null}
      </header>
      {children}
    </div>
  );
}

/** A calm message where content will be: what the place is for, and what to do next. */
export function EmptyState({
  title,
  children,
  action,
  mascot = true,
}: {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
  mascot?: boolean;
}) {
  return (
    <section className="empty-state">
      {mascot ? <AcornMascot size={72} /> : null}
      <h2 className="empty-state__title">{title}</h2>
      {children ? <div className="empty-state__body">{children}</div> : null}
      {action ? <div className="empty-state__action">{action}</div> : null}
    </section>
  );
}

/** A card listing what a screen gathers, item by item. */
export function FeatureList({
  heading,
  items,
}: {
  heading: string;
  items: readonly { icon?: ReactNode; title: string; text: string }[];
}) {
  return (
    <section className="card feature-list" aria-label={heading}>
      <h2 className="card__title">{heading}</h2>
      <ul className="feature-list__items">
        {items.map((item) => (
          <li key={item.title} className="feature-list__item">
            {item.icon ? <span className="feature-list__icon">{item.icon}</span> : null}
            <span>
              <strong className="feature-list__name">{item.title}</strong>
              <span className="feature-list__text">{item.text}</span>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
