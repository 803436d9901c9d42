/**
 * The in-page navigation of an account's details (issue 14 §10): one link per section, in the
 * order the page shows them. A link scrolls its section's heading under the sticky admin bar and
 * moves the keyboard focus there, so the next Tab continues inside that section; the address stays
 * as it is, so Back still leaves the account.
 */
import type { MouseEvent } from 'react';

import './section-nav.css';

/** The sections of the account page and the ids of their headings (app/routes/admin-account-details.tsx). */
export const ACCOUNT_SECTIONS = [
  { target: 'admin-summary-title', label: 'Account' },
  { target: 'admin-coach-title', label: 'Coach' },
  { target: 'admin-tags-title', label: 'Tags' },
  { target: 'admin-notes-title', label: 'Notes' },
  { target: 'admin-interactions-title', label: 'Interactions' },
  { target: 'admin-people-title', label: 'People' },
  { target: 'admin-billing-title', label: 'Subscription' },
  { target: 'admin-shipments-title', label: 'Shipments' },
  { target: 'admin-tickets-title', label: 'Support tickets' },
  { target: 'admin-consents-title', label: 'Consent' },
  { target: 'account-players-title', label: 'Players' },
  { target: 'admin-surveys-title', label: 'Surveys' },
  { target: 'admin-audit-title', label: 'History' },
] as const;

function jumpTo(event: MouseEvent<HTMLAnchorElement>, target: string) {
  // A modified click (new tab, new window) keeps the browser's own behaviour.
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const heading = document.getElementById(target);
  if (!heading) return;
  event.preventDefault();
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? true;
  heading.scrollIntoView?.({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
}

export function AccountSectionNav() {
  return (
    <nav className="account-sections" aria-label="Sections of the account">
      <ul className="account-sections__list">
        {ACCOUNT_SECTIONS.map((section) => (
          <li key={section.target}>
            <a
              className="account-sections__link"
              href={`#${section.target}`}
              onClick={(event) => jumpTo(event, section.target)}
            >
              {section.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
