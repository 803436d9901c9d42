/**
 * Account → Privacy (dashboard/account?segment=privacy; issue 17 item 6): the policy in plain
 * words, the services that receive data, the analytics choice (off unless the parent turns it on;
 * each change is a consent record), the household's consent history and, composed by the account
 * route, the share links for a child's clinician (features/sharing) and the family's copies and
 * deletions of its data (features/data-rights).
 */
import { useId, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CONSENT_KIND_LABELS, CONSENT_STATEMENTS } from '@grove/domain/privacy';
import type { ConsentRecord } from '@grove/domain/api/privacy';

import { AccountCard } from '../../components/account-card.tsx';
import { LoadError } from '../../components/load-state.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { Switch } from '../../components/switch.tsx';
import { formatDate } from '../../lib/format.ts';
import { privacyStatusQuery, putPrivacyStatus } from '../../lib/queries/privacy.ts';
import { PolicySummary, ThirdPartiesList } from '../../components/policy-text.tsx';
import { setAnalytics } from './privacy.api.ts';
import '../../components/account-card.css';
import './privacy.css';

/** What a record says, in words: "Analytics turned off", "Parental consent for a new player: Maya". */
export function consentText(record: ConsentRecord): string {
  if (record.kind === 'analytics') return record.granted ? 'Analytics turned on' : 'Analytics turned off';
  const label = CONSENT_KIND_LABELS[record.kind];
  return record.player ? `${label}: ${record.player.name}` : label;
}

export function ConsentHistory({ records, timeZone }: { records: readonly ConsentRecord[]; timeZone: string }) {
  if (records.length === 0) return <p>No consent recorded yet.</p>;
  return (
    <table className="privacy-history">
      <caption className="visually-hidden">Consent history, newest first</caption>
      <thead>
        <tr>
          <th scope="col">Date</th>
          <th scope="col">What</th>
          <th scope="col">Policy version</th>
          <th scope="col">By</th>
        </tr>
      </thead>
      <tbody>
        {records.map((record) => (
          <tr key={record.id}>
            <td>{formatDate(record.created_at, timeZone)}</td>
            <td>{consentText(record)}</td>
            <td>{record.policy_version}</td>
            <td>{record.user?.name ?? 'A former member'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function AnalyticsCard() {
  const queryClient = useQueryClient();
  const hintId = useId();
  const status = useQuery(privacyStatusQuery());
  const mutation = useMutation({
    mutationFn: (on: boolean) => setAnalytics(on ? 'on' : 'off'),
    onSuccess: (answer) => putPrivacyStatus(queryClient, answer),
    meta: { errorTitle: 'Changing your analytics choice' },
  });
  let content;
  if (status.isPending) content = <Spinner label="Loading your analytics choice…" />;
  else if (status.isError) content = <LoadError what="your analytics choice" onRetry={status.refetch} />;
  else {
    const on =
      mutation.isPending && mutation.variables !== undefined ? mutation.variables : status.data.analytics === 'on';
    content = (
      <>
        <Switch
          label="Share usage statistics"
          checked={on}
          busy={mutation.isPending}
          describedBy={hintId}
          onChange={(next) => mutation.mutate(next)}
        />
        <p className="account-card__intro" id={hintId}>
          {CONSENT_STATEMENTS.analytics} Off unless you turn it on; you can change it at any time.
        </p>
      </>
    );
  }
  return <AccountCard title="Analytics">{content}</AccountCard>;
}

function HistoryCard({ timeZone }: { timeZone: string }) {
  const status = useQuery(privacyStatusQuery());
  let content;
  if (status.isPending) content = <Spinner label="Loading your consent history…" />;
  else if (status.isError) content = <LoadError what="your consent history" onRetry={status.refetch} />;
  else {
    const shown = status.data.consents.length;
    content = (
      <>
        <ConsentHistory records={status.data.consents} timeZone={timeZone} />
        {status.data.consent_count > shown ? (
          <p className="muted">
            The latest {shown} of {status.data.consent_count} records.
          </p>
        ) : null}
      </>
    );
  }
  return (
    <AccountCard title="Your consent history" intro="What your family agreed to, when, and to which policy version.">
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
  return (
    <div className="account-columns">
      <div className="account-column">
        <AccountCard title="Our privacy policy in plain words">
          <PolicySummary />
        </AccountCard>
        <AnalyticsCard />
        {dataRights}
      </div>
      <div className="account-column">
        <AccountCard
          title="Who receives data"
          intro="The services outside Grove that receive some of your data, and what."
        >
          <ThirdPartiesList />
        </AccountCard>
        <HistoryCard timeZone={timeZone} />
        {sharing}
      </div>
    </div>
  );
}
