/**
 * The welcome checklist (SPEC §2 Welcome / onboarding, §3, §4; issue 13 item 6): how many steps
 * are done, the steps still to pass — each with its text, a link to where it is done, and either
 * "Mark as done" or a word that it ticks itself — then the steps passed. With every step passed,
 * a short congratulation with the way to Home and Player Stats.
 *
 * `step` (from /dashboard/welcome/:step) brings that step into view and focuses it; a step Grove
 * does not know gets a polite note above the whole list.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '@grove/domain';
import type { OnboardingStep } from '@grove/domain/api/webinars';

import { Button } from '../../components/button.tsx';
import { AcornMascot, CheckIcon } from '../../components/icons.tsx';
import { LinkButton } from '../../components/link-button.tsx';
import { LoadError } from '../../components/load-state.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { HOME_PATH, href } from '../../lib/paths.ts';
import { inStepOrder, onboardingQuery, stepNumber } from '../../lib/queries/onboarding.ts';
import { AUTOMATIC_NOTES, stepLink } from '../../lib/step-links.ts';
import { stepFromParam, useFinishStep } from './onboarding.api.ts';
import './onboarding.css';

const stepElementId = (id: string) => `onboarding-step-${id}`;
const stepTitleId = (id: string) => `onboarding-step-${id}-title`;

function StepToPass({
  step,
  total,
  focused,
  finishing,
  onFinish,
}: {
  step: OnboardingStep;
  total: number;
  focused: boolean;
  finishing: boolean;
  onFinish: (step: OnboardingStep) => void;
}) {
  const number = stepNumber(step.id);
  return (
    <li
      id={stepElementId(step.id)}
      className={`onboarding-step${focused ? ' onboarding-step--focused' : ''}`}
      aria-current={focused ? 'step' : undefined}
    >
      <span className="onboarding-step__number" aria-hidden="true">
        {number}
      </span>
      <div className="onboarding-step__body">
        <p className="onboarding-step__count">
          Step {number} of {total}
        </p>
        <h3 id={stepTitleId(step.id)} className="onboarding-step__title" tabIndex={-1}>
          {step.title}
        </h3>
        <p className="onboarding-step__text">{step.text}</p>
        <div className="onboarding-step__actions">
          <LinkButton {...stepLink(step.id)} variant="secondary" />
          {step.automatic ? (
            <p className="onboarding-step__auto">{AUTOMATIC_NOTES[step.id]}</p>
          ) : (
            <Button loading={finishing} icon={<CheckIcon size={18} />} onClick={() => onFinish(step)}>
              Mark as done<span className="visually-hidden"> ({step.title})</span>
            </Button>
          )}
        </div>
      </div>
    </li>
  );
}

function StepPassed({ step, focused, timeZone }: { step: OnboardingStep; focused: boolean; timeZone: string | null }) {
  return (
    <li
      id={stepElementId(step.id)}
      className={`onboarding-step onboarding-step--passed${focused ? ' onboarding-step--focused' : ''}`}
      aria-current={focused ? 'step' : undefined}
    >
      <span className="onboarding-step__check" aria-hidden="true">
        <CheckIcon size={20} />
      </span>
      <div className="onboarding-step__body">
        <h3 id={stepTitleId(step.id)} className="onboarding-step__title" tabIndex={-1}>
          {step.title}
        </h3>
        {step.passed_at ? (
          <p className="onboarding-step__done">
            Done on <time dateTime={step.passed_at}>{formatDateTime(step.passed_at, timeZone)}</time>
          </p>
        ) : (
          <p className="onboarding-step__done">Done</p>
        )}
      </div>
    </li>
  );
}

function AllDone({ headingId }: { headingId: string }) {
  return (
    <section className="card onboarding-done" aria-labelledby={headingId}>
      <AcornMascot size={72} />
      <div>
        <h2 id={headingId} className="onboarding-done__title" tabIndex={-1}>
          You’re all set!
        </h2>
        <p>Every first step is done. From here on, Home shows how each player’s week is going.</p>
        <p className="onboarding-done__links">
          <Link className="button button--primary" to={HOME_PATH}>
            Go to Home
          </Link>
          <Link className="button button--secondary" to={href('root.user.player.stats')}>
            See Player Stats
          </Link>
        </p>
      </div>
    </section>
  );
}

export function OnboardingChecklist({
  accountId,
  timeZone,
  stepParam,
}: {
  accountId: number;
  timeZone: string | null;
  /** The :step of the address, as written there. */
  stepParam: string | undefined;
}) {
  const onboarding = useQuery(onboardingQuery(accountId));
  const finish = useFinishStep(accountId);
  const [finishedTitle, setFinishedTitle] = useState<string | null>(null);
  const progressId = useId();
  const toPassId = useId();
  const passedId = useId();
  const allDoneId = useId();
  const progressRef = useRef<HTMLParagraphElement>(null);
  const wanted = stepFromParam(stepParam);
  const loaded = onboarding.isSuccess;

  // /dashboard/welcome/:step — once the steps are on screen, bring that step into view. The app
  // frame focuses the page's h1 in the next animation frame after a navigation; this comes after.
  useEffect(() => {
    if (!loaded || !wanted) return;
    let inner = 0;
    const outer = window.requestAnimationFrame(() => {
      inner = window.requestAnimationFrame(() => {
        const heading = document.getElementById(stepTitleId(wanted));
        heading?.focus({ preventScroll: true });
        heading?.closest('li')?.scrollIntoView?.({ block: 'center' });
      });
    });
    return () => {
      window.cancelAnimationFrame(outer);
      window.cancelAnimationFrame(inner);
    };
  }, [loaded, wanted]);

  // The address names a step Grove does not know: said at once, whatever the steps' loading does.
  const unknownStep =
    stepParam && !wanted ? (
      <p className="onboarding-note" role="status">
        We couldn’t find a step called “{stepParam}”. Here are all your first steps.
      </p>
    ) : null;

  if (onboarding.isPending || onboarding.isError) {
    return (
      <div className="onboarding">
        {unknownStep}
        {onboarding.isPending ? (
          <div className="section__loading">
            <Spinner label="Loading your first steps…" />
          </div>
        ) : (
          <LoadError what="your first steps" onRetry={onboarding.refetch} />
        )}
      </div>
    );
  }

  const toPass = inStepOrder(onboarding.data.to_pass);
  const passed = inStepOrder(onboarding.data.passed);
  const total = toPass.length + passed.length;
  const onFinish = (step: OnboardingStep) => {
    setFinishedTitle(null);
    finish.mutate(step.id, {
      onSuccess: () => setFinishedTitle(step.title),
    });
    // The button leaves with its step: keep the keyboard on the progress, which now says more.
    progressRef.current?.focus();
  };

  return (
    <div className="onboarding">
      {unknownStep}
      <div className="card onboarding-progress">
        <p id={progressId} ref={progressRef} tabIndex={-1} className="onboarding-progress__text">
          {passed.length} of {total} done
        </p>
        <progress className="onboarding-progress__bar" max={total} value={passed.length} aria-labelledby={progressId} />
        <p className="onboarding-progress__news" role="status">
          {finishedTitle ? `Nice work — “${finishedTitle}” is done.` : ''}
        </p>
      </div>
      {toPass.length === 0 ? (
        <AllDone headingId={allDoneId} />
      ) : (
        <section className="section" aria-labelledby={toPassId}>
          <h2 id={toPassId} className="section__title">
            Still to do
          </h2>
          <ol className="onboarding-steps">
            {toPass.map((step) => (
              <StepToPass
                key={step.id}
                step={step}
                total={total}
                focused={step.id === wanted}
                finishing={finish.isPending && finish.variables === step.id}
                onFinish={onFinish}
              />
            ))}
          </ol>
        </section>
      )}
      {passed.length > 0 ? (
        <section className="section" aria-labelledby={passedId}>
          <h2 id={passedId} className="section__title">
            Done
          </h2>
          <ol className="onboarding-steps">
            {passed.map((step) => (
              <StepPassed key={step.id} step={step} focused={step.id === wanted} timeZone={timeZone} />
            ))}
          </ol>
        </section>
      ) : null}
    </div>
  );
}
