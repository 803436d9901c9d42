/**
 * "Text me when a payment fails" on Subscription & Billing (issue 26 item 1): a choice that saves
 * when it is changed (a buttonless form, SPEC §4), recorded like the analytics choice (a consent
 * record of kind payment_texts; PUT /user/privacy/payment_texts/). After a failed renewal the
 * billing parent who turned it on gets a text with a signed link to the card form, at the phone
 * number of their profile.
 */
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatPhone } from '@grove/domain';
import { CONSENT_STATEMENTS } from '@grove/domain/privacy';
import type { UserInfo } from '@grove/domain/api/user';

import { LoadError } from '../../components/load-state.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { Switch } from '../../components/switch.tsx';
import { domainText } from '../../lib/i18n.ts';
import { href } from '../../lib/paths.ts';
import { privacyStatusQuery, putPrivacyStatus } from '../../lib/queries/privacy.ts';
import { setPaymentTexts } from './billing.api.ts';

export function PaymentTextsCard({ user }: { user: UserInfo }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const headingId = useId();
  const hintId = useId();
  const status = useQuery(privacyStatusQuery());
  const [saved, setSaved] = useState('');
  const mutation = useMutation({
    mutationFn: (on: boolean) => setPaymentTexts(on ? 'on' : 'off'),
    onMutate: () => setSaved(''),
    onSuccess: (answer) => {
      putPrivacyStatus(queryClient, answer);
      setSaved(answer.payment_texts === 'on' ? t`Saved: we will text you if a payment fails.` : t`Saved: no texts.`);
    },
    meta: { errorTitle: t`Changing your text messages` },
  });
  const phone = user.phonenumber ? formatPhone(user.phonenumber, user.country) : '';

  let content;
  if (status.isPending) content = <Spinner label={t`Loading your text message choice…`} />;
  else if (status.isError) content = <LoadError what={t`your text message choice`} onRetry={status.refetch} />;
  else {
    const on =
      mutation.isPending && mutation.variables !== undefined ? mutation.variables : status.data.payment_texts === 'on';
    content = (
      <>
        <Switch
          label={t`Text me when a payment fails`}
          checked={on}
          busy={mutation.isPending}
          disabled={!phone && !on}
          describedBy={hintId}
          onChange={(next) => mutation.mutate(next)}
        />
        <p className="billing-note-text" id={hintId}>
          {domainText(CONSENT_STATEMENTS.payment_texts)}{' '}
          {phone ? (
            <Trans>Texts go to {phone}.</Trans>
          ) : (
            <Trans>
              There is no phone number on your profile yet:{' '}
              <Link to={href('root.user.management', null, { segment: 'details' })}>add one in Your details</Link>.
            </Trans>
          )}
        </p>
        <p className="visually-hidden" role="status">
          {saved}
        </p>
      </>
    );
  }
  return (
    <section className="card billing-card" aria-labelledby={headingId}>
      <h2 className="card__title" id={headingId}>
        <Trans>Text messages</Trans>
      </h2>
      {content}
    </section>
  );
}
