/**
 * The policy changed since the household last agreed (issue 17): a blocking dialog at sign-in.
 * It cannot be dismissed — the family agrees to the new version (a consent record) or signs out.
 * A native modal <dialog> (the page behind is inert), named by its title, described by its
 * first paragraph, focus on the checkbox, Tab kept inside, Escape ignored.
 */
import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { Link } from 'react-router';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { CONSENT_MESSAGES, CONSENT_STATEMENTS, PRIVACY_POLICY_VERSION } from '@grove/domain/privacy';

import { Button } from '../../components/button.tsx';
import { keepTabInside } from '../../components/focus-trap.ts';
import { domainText } from '../../lib/i18n.ts';
import { href } from '../../lib/paths.ts';
import '../../components/modal-dialog.css';
import { putPrivacyStatus } from '../../lib/queries/privacy.ts';
import { ConsentCheckbox } from '../../components/consent-checkbox.tsx';
import { agreeToPolicy } from './privacy.api.ts';
import './privacy.css';

export function ConsentDialog({ consentedVersion }: { consentedVersion: string | null }) {
  const { t } = useLingui();
  const ref = useRef<HTMLDialogElement>(null);
  const boxRef = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const introId = useId();
  const queryClient = useQueryClient();
  const [agreed, setAgreed] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const version = PRIVACY_POLICY_VERSION;
  const agree = useMutation({
    mutationFn: agreeToPolicy,
    onSuccess: (status) => putPrivacyStatus(queryClient, status),
    onError: (failure) => setMessage(failure instanceof Error ? failure.message : String(failure)),
  });

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    boxRef.current?.focus();
    return () => {
      if (dialog.open) dialog.close();
    };
  }, []);

  const onKeyDown = (event: ReactKeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      return;
    }
    keepTabInside(event, ref.current);
  };

  const submit = () => {
    setMessage(null);
    if (!agreed) {
      setMessage(CONSENT_MESSAGES.agreeRequired);
      boxRef.current?.focus();
      return;
    }
    agree.mutate();
  };

  return (
    <dialog
      ref={ref}
      className="dialog consent-dialog"
      aria-labelledby={titleId}
      aria-describedby={introId}
      aria-modal="true"
      onKeyDown={onKeyDown}
      onCancel={(event) => event.preventDefault()}
    >
      <div className="dialog__panel">
        <header className="dialog__head">
          <h2 className="dialog__title" id={titleId}>
            {consentedVersion ? <Trans>Our privacy policy has changed</Trans> : <Trans>Your consent is needed</Trans>}
          </h2>
        </header>
        <div className="dialog__body">
          <p id={introId}>
            {consentedVersion
              ? t`We updated our privacy policy (version ${version}; you last agreed to version ${consentedVersion}). Please read it and agree to go on using Grove.`
              : t`Grove keeps your children’s play and heart-rate data only with a parent’s consent. Please read our privacy policy (version ${version}) and agree to go on.`}
          </p>
          <ConsentCheckbox
            ref={boxRef}
            statement={domainText(CONSENT_STATEMENTS.program_terms)}
            checked={agreed}
            disabled={agree.isPending}
            error={message === null ? null : domainText(message)}
            onChange={(checked) => {
              setAgreed(checked);
              if (checked) setMessage(null);
            }}
          />
          <div className="dialog__actions">
            <Link className="button button--ghost" to={href('logout')}>
              <span className="button__label">
                <Trans>Sign out</Trans>
              </span>
            </Link>
            <Button loading={agree.isPending} onClick={submit}>
              <Trans>Agree and continue</Trans>
            </Button>
          </div>
        </div>
      </div>
    </dialog>
  );
}
