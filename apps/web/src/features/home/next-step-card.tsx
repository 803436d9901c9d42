/**
 * Home's "next step" (docs/decisions/0045): until the welcome checklist is done, its first step
 * still to pass that the family can act on (while the kit is on its way, the step after it) —
 * "Step n of 6: <title>", its text, the link to where it is done (lib/step-links.ts)
 * and "See all steps" to the checklist.
 */
import { useId } from 'react';
import { Link } from 'react-router';

import { LinkButton } from '../../components/link-button.tsx';
import { href } from '../../lib/paths.ts';
import { stepLink } from '../../lib/step-links.ts';
import type { NextStep } from './home-leads.ts';

export function NextStepCard({ next }: { next: NextStep }) {
  const headingId = useId();
  const { step, number, total, done, kitOnItsWay } = next;
  return (
    <section className="card home-card home-card--next" aria-labelledby={headingId}>
      <p className="home-card__eyebrow">
        Your first steps · {done} of {total} done
      </p>
      <h2 id={headingId} className="home-card__title">
        Step {number} of {total}: {step.title}
      </h2>
      {kitOnItsWay ? (
        <p className="home-card__text">
          Your kit is on its way (this ticks itself when it arrives). When the tablet is in your hands:
        </p>
      ) : null}
      <p className="home-card__text">{step.text}</p>
      <div className="home-card__actions">
        <LinkButton {...stepLink(step.id)} />
        <Link className="home-card__link" to={href('root.user.onboarding')}>
          See all steps
        </Link>
      </div>
    </section>
  );
}
