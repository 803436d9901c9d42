/**
 * Account → Privacy (dashboard/account?segment=privacy; issue 17 item 6): the policy in plain
 * words, the services that receive data, the analytics choice (off unless the parent turns it on;
 * each change is a consent record), the household's consent history and, composed by the account
 * route, the share links for a child's clinician (features/sharing) and the family's copies and
 * deletions of its data (features/data-rights).
 */
import { useId, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { CONSENT_STATEMENTS, type ConsentKind } from '@grove/domain/privacy';
import type { ConsentRecord } from '@grove/domain/api/privacy';

import { AccountCard } from '../../components/account-card.tsx';
import { LoadError } from '../../components/load-state.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { Switch } from '../../components/switch.tsx';
import { formatDate } from '../../lib/format.ts';
import { domainText } from '../../lib/i18n.ts';
import { privacyStatusQuery, putPrivacyStatus } from '../../lib/queries/privacy.ts';
import { PolicySummary, ThirdPartiesList } from '../../components/policy-text.tsx';
import { setAnalytics } from './privacy.api.ts';
import '../../components/account-card.css';
import './privacy.css';

/** How each kind reads in a consent history (CONSENT_KIND_LABELS of the domain). */
const CONSENT_KIND_WORDS: Readonly<Record<ConsentKind, MessageDescriptor>> = {
  program_terms: msg`Privacy policy and parental consent`,
  player_added: msg`Parental consent for a new player`,
  analytics: msg`Analytics`,
  payment_texts: msg`Text messages about payments`,
};

/** What a record says, in words: "Analytics turned off", "Parental consent for a new player: Maya". */
export function consentText(record: ConsentRecord, i18n: I18n): string {
  if (record.kind === 'analytics') {
    return record.granted ? i18n._(msg`Analytics turned on`) : i18n._(msg`Analytics turned off`);
  }
  const label = i18n._(CONSENT_KIND_WORDS[record.kind]);
  const name = record.player?.name;
  return name ? i18n._(msg`${label}: ${name}`) : label;
}

export function ConsentHistory({ records, timeZone }: { records: readonly ConsentRecord[]; timeZone: string }) {
  const { t, i18n } = useLingui();
  if (records.length === 0) {
    return (
      <p>
        <Trans>No consent recorded yet.</Trans>
      </p>
    );
  }
  return (
    <table className="privacy-history">
      <caption className="visually-hidden">
        <Trans>Consent history, newest first</Trans>
      </caption>
      <thead>
        <tr>
          <th scope="col">
            <Trans>Date</Trans>
          </th>
          <th scope="col">
            <Trans>What</Trans>
          </th>
          <th scope="col">
            <Trans>Policy version</Trans>
          </th>
          <th scope="col">
            <Trans>By</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {records.map((record) => (
          <tr key={record.id}>
            <td>{formatDate(record.created_at, timeZone)}</td>
            <td>{consentText(record, i18n)}</td>
            <td>{record.policy_version}</td>
            <td>{record.user?.name ?? t`A former member`}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function AnalyticsCard() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const hintId = useId();
  const status = useQuery(privacyStatusQuery());
  const mutation = useMutation({
    mutationFn: (on: boolean) => setAnalytics(on ? 'on' : 'off'),
    onSuccess: (answer) => putPrivacyStatus(queryClient, answer),
    meta: { errorTitle: t`Changing your analytics choice` },
  });
  let content;
  if (status.isPending) content = <Spinner label={t`Loading your analytics choice…`} />;
  else if (status.isError) content = <LoadError what={t`your analytics choice`} onRetry={status.refetch} />;
  else {
    const on =
      mutation.isPending && mutation.variables !== undefined ? mutation.variables : status.data.analytics === 'on';
    content = (
      <>
        <Switch
          label={t`Share usage statistics`}
          checked={on}
          busy={mutation.isPending}
          describedBy={hintId}
          onChange={(next) => mutation.mutate(next)}
        />
        <p className="account-card__intro" id={hintId}>
          {domainText(CONSENT_STATEMENTS.analytics)}{' '}
          <Trans>Off unless you turn it on; you can change it at any time.</Trans>
        </p>
      </>
    );
  }
  return <AccountCard title={t`Analytics`}>{content}</AccountCard>;
}

function HistoryCard({ timeZone }: { timeZone: string }) {
  const { t } = useLingui();
  const status = useQuery(privacyStatusQuery());
  let content;
  if (status.isPending) content = <Spinner label={t`Loading your consent history…`} />;
  else if (status.isError) content = <LoadError what={t`your consent history`} onRetry={status.refetch} />;
  else {
    const shown = status.data.consents.length;
    const total = status.data.consent_count;
    content = (
      <>
        <ConsentHistory records={status.data.consents} timeZone={timeZone} />
        {status.data.consent_count > shown ? (
          <p className="muted">
            <Trans>
              The latest {shown} of {total} records.
            </Trans>
          </p>
        ) : null}
      </>
    );
  }
  return (
    <AccountCard
      title={t`Your consent history`}
      intro={t`What your family agreed to, when, and to which policy version.`}
    >
      {content}
    </AccountCard>
  );
}

export function PrivacySegment({
  timeZone,
  dataRights,
  sharing,
}: {
  timeZone: string;
  /** The family's copies and deletions of its data, under the analytics choice. */
  dataRights: ReactNode;
  /** The share links, under the consent history. */
  sharing: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <div className="account-columns">
      <div className="account-column">
        <AccountCard title={t`Our privacy policy in plain words`}>
          <PolicySummary />
        </AccountCard>
        <AnalyticsCard />
        {dataRights}
      </div>
      <div className="account-column">
        <AccountCard
          title={t`Who receives data`}
          intro={t`The services outside Grove that receive some of your data, and what.`}
        >
          <ThirdPartiesList />
        </AccountCard>
        <HistoryCard timeZone={timeZone} />
        {sharing}
      </div>
    </div>
  );
}
