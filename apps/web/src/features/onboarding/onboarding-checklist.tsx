/**
 * The welcome checklist (SPEC §2 Welcome / onboarding, §3, §4; issue 13 item 6): how many steps
 * are done, the steps still to pass — each with its text, a link to where it is done, and either
 * "Mark as done" or a word that it ticks itself — then the steps passed. With every step passed,
 * a short congratulation with the way to Home and Player Stats.
 *
 * `step` (from /dashboard/welcome/:step) brings that step into view and focuses it; a step Grove
 * does not know gets a polite note above the whole list.
 *
 * The steps' titles and texts are the domain's (ONBOARDING_STEPS, sent by the API in English):
 * domainText shows them in the page's language.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { OnboardingStep } from '@grove/domain/api/webinars';

import { Button } from '../../components/button.tsx';
import { AcornMascot, CheckIcon } from '../../components/icons.tsx';
import { LinkButton } from '../../components/link-button.tsx';
import { LoadError } from '../../components/load-state.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { domainText } from '../../lib/i18n.ts';
import { HOME_PATH, href } from '../../lib/paths.ts';
import { inStepOrder, onboardingQuery, stepNumber } from '../../lib/queries/onboarding.ts';
import { automaticNote, stepLink } from '../../lib/step-links.ts';
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
  const { i18n } = useLingui();
  const number = stepNumber(step.id);
  const title = domainText(step.title);
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
          <Trans>
            Step {number} of {total}
          </Trans>
        </p>
        <h3 id={stepTitleId(step.id)} className="onboarding-step__title" tabIndex={-1}>
          {title}
        </h3>
        <p className="onboarding-step__text">{domainText(step.text)}</p>
        <div className="onboarding-step__actions">
          <LinkButton {...stepLink(step.id, i18n)} variant="secondary" />
          {step.automatic ? (
            <p className="onboarding-step__auto">{automaticNote(step.id, i18n)}</p>
          ) : (
            <Button loading={finishing} icon={<CheckIcon size={18} />} onClick={() => onFinish(step)}>
              <Trans>
                Mark as done<span className="visually-hidden"> ({title})</span>
              </Trans>
            </Button>
          )}
        </div>
      </div>
    </li>
  );
}

function StepPassed({ step, focused, timeZone }: { step: OnboardingStep; focused: boolean; timeZone: string | null }) {
  const passedAt = step.passed_at;
  const doneAt = passedAt ? formatDateTime(passedAt, timeZone) : '';
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
          {domainText(step.title)}
        </h3>
        {passedAt ? (
          <p className="onboarding-step__done">
            <Trans>
              Done on <time dateTime={passedAt}>{doneAt}</time>
            </Trans>
          </p>
        ) : (
          <p className="onboarding-step__done">
            <Trans context="onboarding step">Done</Trans>
          </p>
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
          <Trans>You’re all set!</Trans>
        </h2>
        <p>
          <Trans>Every first step is done. From here on, Home shows how each player’s week is going.</Trans>
        </p>
        <p className="onboarding-done__links">
          <Link className="button button--primary" to={HOME_PATH}>
            <Trans>Go to Home</Trans>
          </Link>
          <Link className="button button--secondary" to={href('root.user.player.stats')}>
            <Trans>See Player Stats</Trans>
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
  const { t } = useLingui();
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
        <Trans>We couldn’t find a step called “{stepParam}”. Here are all your first steps.</Trans>
      </p>
    ) : null;

  if (onboarding.isPending || onboarding.isError) {
    return (
      <div className="onboarding">
        {unknownStep}
        {onboarding.isPending ? (
          <div className="section__loading">
            <Spinner label={t`Loading your first steps…`} />
          </div>
        ) : (
          <LoadError what={t`your first steps`} onRetry={onboarding.refetch} />
        )}
      </div>
    );
  }

  const toPass = inStepOrder(onboarding.data.to_pass);
  const passed = inStepOrder(onboarding.data.passed);
  const total = toPass.length + passed.length;
  const done = passed.length;
  const finished = finishedTitle === null ? null : domainText(finishedTitle);
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
          <Trans>
            {done} of {total} done
          </Trans>
        </p>
        <progress className="onboarding-progress__bar" max={total} value={passed.length} aria-labelledby={progressId} />
        <p className="onboarding-progress__news" role="status">
          {finished ? t`Nice work — “${finished}” is done.` : ''}
        </p>
      </div>
      {toPass.length === 0 ? (
        <AllDone headingId={allDoneId} />
      ) : (
        <section className="section" aria-labelledby={toPassId}>
          <h2 id={toPassId} className="section__title">
            <Trans>Still to do</Trans>
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
            <Trans context="onboarding steps">Done</Trans>
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
