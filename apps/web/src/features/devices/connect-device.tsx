/**
 * Connect a tablet (issue 25 item 3; RFC 8628's "verification URI"): the parent types the code the
 * game shows, sees which tablet is asking and under what name, and connects it or declines.
 *
 * 1. Code: prefilled from the address (`?code=`, the game's QR code), tolerant of lower case,
 *    spaces and the dash; its shape is checked here first (PAIRING_MESSAGES), then `check`.
 *    The parent still presses Continue on a prefilled code, so that they compare it with the tablet.
 * 2. Confirm: "A tablet is asking to connect", its suggested name in an editable Name field
 *    (DEVICE_NAME_MAX), Connect (`approve`) or Don't connect (`deny`). A code that expired or was
 *    used meanwhile sends the parent back to the code with the server's sentence.
 * 3. Connected: "<name> is connected" and what happens next; or declined.
 *
 * Refusals land where they belong (devices.api.ts `pairingProblem`); each new stage's heading takes
 * the focus, so a screen reader hears what changed.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui as useLinguiContext } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  DEVICE_NAME_MAX,
  PAIRING_MESSAGES,
  USER_CODE_LENGTH,
  formatUserCode,
  isUserCodeShape,
  normalizeUserCode,
} from '@grove/domain';
import type { Device } from '@grove/domain/api/account';
import type { PendingPairing } from '@grove/domain/api/pairing';

import { Button } from '../../components/button.tsx';
import { Field, controlAria, fieldIds, type ShownIssue } from '../../components/form/field.tsx';
import { approvePairing, checkPairing, denyPairing } from './devices.api.ts';
import { pairingProblem, type PairingProblem } from './pairing-problem.ts';
import { formatDateTime } from '../../lib/format.ts';
import { domainText } from '../../lib/i18n.ts';
import './devices.css';

type Stage =
  | { kind: 'code' }
  | { kind: 'confirm'; pending: PendingPairing }
  | { kind: 'connected'; device: Device }
  | { kind: 'declined' };

/** The client's own check of a typed code, in the domain's words; null when it has the right shape. */
export function codeIssue(typed: string): string | null {
  const code = normalizeUserCode(typed);
  if (code === '') return PAIRING_MESSAGES.codeRequired;
  return isUserCodeShape(code) ? null : PAIRING_MESSAGES.codeShape;
}

const errorIssue = (message: string | null): ShownIssue => (message ? { message, severity: 'error' } : null);

/** The kinds of device the game names, in words; any other is shown as the game names it. */
const PLATFORM_WORDS: Readonly<Record<string, MessageDescriptor>> = { tablet: msg`Tablet`, phone: msg`Phone` };

/** 'tablet' → 'Tablet'; 'android' → 'Android'. */
function platformWord(platform: string, i18n: I18n): string {
  const known = PLATFORM_WORDS[platform.toLowerCase()];
  return known ? i18n._(known) : platform.charAt(0).toUpperCase() + platform.slice(1);
}

/** A refusal above the buttons: the server's or the domain's words, in the page's language. */
function Alert({ message }: { message: string | null }) {
  return message ? (
    <p className="error-box connect-alert" role="alert">
      {domainText(message)}
    </p>
  ) : null;
}

/** A stage's heading: it takes the focus when the stage appears after another one. */
function StageHeading({ id, children, focus }: { id: string; children: ReactNode; focus: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <h2 ref={ref} id={id} className="connect-stage__title" tabIndex={-1}>
      {children}
    </h2>
  );
}

function CodeStage({
  code,
  onCodeChange,
  problem,
  busy,
  focusHeading,
  onSubmit,
}: {
  code: string;
  onCodeChange: (code: string) => void;
  problem: PairingProblem | null;
  busy: boolean;
  focusHeading: boolean;
  onSubmit: () => void;
}) {
  const { t } = useLingui();
  const headingId = useId();
  const ids = fieldIds(useId());
  const issue = errorIssue(problem?.field === 'user_code' ? problem.message : null);
  const length = USER_CODE_LENGTH;
  const inputRef = useRef<HTMLInputElement>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    onSubmit();
  };
  // A refused code brings the keyboard back to the field (each refusal is a new object).
  useEffect(() => {
    if (problem?.field === 'user_code') inputRef.current?.focus();
  }, [problem]);
  return (
    <form className="card connect-stage" aria-labelledby={headingId} noValidate onSubmit={submit}>
      <StageHeading id={headingId} focus={focusHeading}>
        <Trans>Type the code from the tablet</Trans>
      </StageHeading>
      <p className="connect-stage__text">
        <Trans>
          Open the game on the tablet. It shows a code of {length} letters, like <code>WDJB-MJHT</code>.
        </Trans>
      </p>
      <Field ids={ids} label={t`Code`} hint={t`Capitals, spaces and the dash don’t matter.`} issue={issue}>
        <input
          ref={inputRef}
          id={ids.control}
          className="input connect-code"
          type="text"
          name="user_code"
          value={code}
          onChange={(event) => onCodeChange(event.target.value)}
          autoComplete="off"
          autoCorrect="off"
          autoCapitalize="characters"
          spellCheck={false}
          inputMode="text"
          maxLength={USER_CODE_LENGTH * 2}
          {...controlAria(ids, issue, true)}
        />
      </Field>
      <Alert message={problem?.field === null ? problem.message : null} />
      <div className="connect-actions">
        <Button type="submit" loading={busy}>
          <Trans>Continue</Trans>
        </Button>
      </div>
    </form>
  );
}

function ConfirmStage({
  pending,
  timeZone,
  problem,
  connecting,
  declining,
  onConnect,
  onDecline,
}: {
  pending: PendingPairing;
  timeZone: string | null;
  problem: PairingProblem | null;
  connecting: boolean;
  declining: boolean;
  onConnect: (name: string) => void;
  onDecline: () => void;
}) {
  const { t, i18n } = useLingui();
  const headingId = useId();
  const ids = fieldIds(useId());
  const [name, setName] = useState(pending.device_name);
  const [blank, setBlank] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const issue = errorIssue(blank ? PAIRING_MESSAGES.nameRequired : problem?.field === 'name' ? problem.message : null);
  const busy = connecting || declining;
  useEffect(() => {
    if (problem?.field === 'name') inputRef.current?.focus();
  }, [problem]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (name.trim() === '') {
      setBlank(true);
      inputRef.current?.focus();
      return;
    }
    onConnect(name.trim());
  };

  return (
    <form className="card connect-stage" aria-labelledby={headingId} noValidate onSubmit={submit}>
      <StageHeading id={headingId} focus>
        <Trans>A tablet is asking to connect</Trans>
      </StageHeading>
      <dl className="connect-facts">
        <div>
          <dt>
            <Trans>Code</Trans>
          </dt>
          <dd>
            <code>{formatUserCode(pending.user_code)}</code>
          </dd>
        </div>
        {pending.platform ? (
          <div>
            <dt>
              <Trans>Type</Trans>
            </dt>
            <dd>{platformWord(pending.platform, i18n)}</dd>
          </div>
        ) : null}
        <div>
          <dt>
            <Trans>Code valid until</Trans>
          </dt>
          <dd>
            <time dateTime={pending.expires_at}>{formatDateTime(pending.expires_at, timeZone)}</time>
          </dd>
        </div>
      </dl>
      <p className="connect-stage__text">
        <Trans>Check that the tablet in front of you shows this code. Connect it only if it is your family’s.</Trans>
      </p>
      <Field
        ids={ids}
        label={t`Name`}
        hint={t`How the tablet is listed under Account → Devices. You can rename it there later.`}
        issue={issue}
        required
      >
        <input
          ref={inputRef}
          id={ids.control}
          className="input"
          type="text"
          name="name"
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setBlank(false);
          }}
          autoComplete="off"
          maxLength={DEVICE_NAME_MAX}
          required
          {...controlAria(ids, issue, true)}
        />
      </Field>
      <Alert message={problem?.field === null ? problem.message : null} />
      <div className="connect-actions">
        <Button type="submit" loading={connecting} disabled={declining}>
          <Trans>Connect</Trans>
        </Button>
        <Button variant="secondary" loading={declining} disabled={connecting} onClick={onDecline}>
          <Trans>Don’t connect</Trans>
        </Button>
      </div>
    </form>
  );
}

function ConnectedStage({ device, next }: { device: Device; next: ReactNode }) {
  const headingId = useId();
  const name = device.name;
  return (
    <section className="card connect-stage connect-stage--done" aria-labelledby={headingId}>
      <StageHeading id={headingId} focus>
        <Trans>{name} is connected</Trans>
      </StageHeading>
      <p className="connect-stage__text">
        <Trans>
          The game on the tablet continues by itself — there is nothing more to type there. Each game your players
          finish on it now shows up in Grove.
        </Trans>
      </p>
      {next}
    </section>
  );
}

function DeclinedStage({ onAgain, links }: { onAgain: () => void; links: ReactNode }) {
  // Re-renders in a new language (the heading is the domain's sentence: domainText).
  useLinguiContext();
  const headingId = useId();
  return (
    <section className="card connect-stage" aria-labelledby={headingId}>
      <StageHeading id={headingId} focus>
        {domainText(PAIRING_MESSAGES.denied).replace(/\.$/, '')}
      </StageHeading>
      <p className="connect-stage__text">
        <Trans>
          The tablet says that a parent declined. To connect a tablet later, open the game on it: it shows a new code.
        </Trans>
      </p>
      <div className="connect-actions">
        <Button variant="secondary" onClick={onAgain}>
          <Trans>Type another code</Trans>
        </Button>
        {links}
      </div>
    </section>
  );
}

export function ConnectDevice({
  accountId,
  timeZone,
  initialCode,
  onConnected,
  next,
  homeLink,
}: {
  accountId: number;
  timeZone: string | null;
  /** `?code=` of the address, as the game put it there. */
  initialCode: string | null;
  /** After the tablet joined the account (the route refreshes what depends on it). */
  onConnected?: (device: Device) => void;
  /** What to do next, shown once the tablet is connected. */
  next: ReactNode;
  /** The way back home, offered after declining. */
  homeLink: ReactNode;
}) {
  const [stage, setStage] = useState<Stage>({ kind: 'code' });
  const [code, setCode] = useState(() => (initialCode ? formatUserCode(initialCode.trim()) : ''));
  const [problem, setProblem] = useState<PairingProblem | null>(null);
  const [moved, setMoved] = useState(false);

  const check = useMutation({ mutationFn: (typed: string) => checkPairing(accountId, { user_code: typed }) });
  const approve = useMutation({
    mutationFn: (body: { user_code: string; name: string }) => approvePairing(accountId, body),
  });
  const deny = useMutation({ mutationFn: (typed: string) => denyPairing(accountId, { user_code: typed }) });

  const go = (next: Stage) => {
    setProblem(null);
    setMoved(true);
    setStage(next);
  };

  /** A refusal after the code was accepted: a code problem sends the parent back to the code. */
  const refused = (error: unknown) => {
    const found = pairingProblem(error);
    if (found.field === 'user_code') go({ kind: 'code' });
    setProblem(found);
  };

  const submitCode = () => {
    const issue = codeIssue(code);
    if (issue) {
      setProblem({ field: 'user_code', message: issue });
      return;
    }
    const typed = formatUserCode(code);
    setCode(typed);
    setProblem(null);
    check.mutate(typed, {
      onSuccess: (pending) => go({ kind: 'confirm', pending }),
      onError: (error) => setProblem(pairingProblem(error)),
    });
  };

  if (stage.kind === 'confirm') {
    const userCode = stage.pending.user_code;
    return (
      <ConfirmStage
        pending={stage.pending}
        timeZone={timeZone}
        problem={problem}
        connecting={approve.isPending}
        declining={deny.isPending}
        onConnect={(name) => {
          setProblem(null);
          approve.mutate(
            { user_code: userCode, name },
            {
              onSuccess: (device) => {
                go({ kind: 'connected', device });
                onConnected?.(device);
              },
              onError: refused,
            },
          );
        }}
        onDecline={() => {
          setProblem(null);
          deny.mutate(userCode, { onSuccess: () => go({ kind: 'declined' }), onError: refused });
        }}
      />
    );
  }
  if (stage.kind === 'connected') return <ConnectedStage device={stage.device} next={next} />;
  if (stage.kind === 'declined') {
    return (
      <DeclinedStage
        links={homeLink}
        onAgain={() => {
          setCode('');
          go({ kind: 'code' });
        }}
      />
    );
  }
  return (
    <CodeStage
      code={code}
      onCodeChange={(value) => {
        setCode(value);
        if (problem?.field === 'user_code') setProblem(null);
      }}
      problem={problem}
      busy={check.isPending}
      focusHeading={moved && problem === null}
      onSubmit={submitCode}
    />
  );
}
