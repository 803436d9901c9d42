/**
 * Home's "next step" (docs/decisions/0045): until the welcome checklist is done, its first step
 * still to pass that the family can act on (while the kit is on its way, the step after it) —
 * "Step n of 6: <title>", its text, the link to where it is done (lib/step-links.ts)
 * and "See all steps" to the checklist. The step's title and text are the domain's
 * (ONBOARDING_STEPS), shown in the page's language by domainText.
 */
import { useId } from 'react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';

import { LinkButton } from '../../components/link-button.tsx';
import { domainText } from '../../lib/i18n.ts';
import { href } from '../../lib/paths.ts';
import { stepLink } from '../../lib/step-links.ts';
import type { NextStep } from './home-leads.ts';

export function NextStepCard({ next }: { next: NextStep }) {
  const { i18n } = useLingui();
  const headingId = useId();
  const { step, number, total, done, kitOnItsWay } = next;
  const title = domainText(step.title);
  return (
    <section className="card home-card home-card--next" aria-labelledby={headingId}>
      <p className="home-card__eyebrow">
        <Trans>
          Your first steps · {done} of {total} done
        </Trans>
      </p>
      <h2 id={headingId} className="home-card__title">
        <Trans>
          Step {number} of {total}: {title}
        </Trans>
      </h2>
      {kitOnItsWay ? (
        <p className="home-card__text">
          <Trans>Your kit is on its way (this ticks itself when it arrives). When the tablet is in your hands:</Trans>
        </p>
      ) : null}
      <p className="home-card__text">{domainText(step.text)}</p>
      <div className="home-card__actions">
        <LinkButton {...stepLink(step.id, i18n)} />
        <Link className="home-card__link" to={href('root.user.onboarding')}>
          <Trans>See all steps</Trans>
        </Link>
      </div>
    </section>
  );
}
