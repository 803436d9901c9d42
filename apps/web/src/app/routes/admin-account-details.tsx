/**
 * root.admin.accounts.details — /admin/accounts/:accountId (SPEC §2; issue 14 §10): everything
 * staff need to help a family — the account and its people, coach, tags, players (gauge, chase
 * speed, acorns), staff notes, customer interactions and the history of staff changes. The header
 * names the account holder once the account is loaded, and a row of section links leads to each
 * part of the page.
 */
import { Link, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { adminApi } from '@grove/domain/api/admin';
import type { Reply } from '@grove/domain/api/common';

import { LoadError } from '../../components/load-state.tsx';
import { EmptyState, Page } from '../../components/page.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { AccountPendingDeletions } from '../../features/data-rights/pending-deletions.tsx';
import { InteractionsPanel } from '../../features/interactions/interactions-panel.tsx';
import { AccountPlayers } from '../../features/players/account-players.tsx';
import { AccountConsents } from '../../features/privacy/account-consents.tsx';
import { AccountAudit } from '../../features/staff/account-audit.tsx';
import { AccountBilling } from '../../features/staff/account-billing.tsx';
import { AccountNotes } from '../../features/staff/account-notes.tsx';
import { AccountShipments } from '../../features/staff/account-shipments.tsx';
import { AccountPeople, AccountSummary, CoachAssignment } from '../../features/staff/account-summary.tsx';
import { AccountTags } from '../../features/staff/account-tags.tsx';
import { AccountTickets } from '../../features/staff/account-tickets.tsx';
import { adminAccountQuery, adminKeys } from '../../features/staff/admin.api.ts';
import '../../features/staff/admin.css';
import { AccountSectionNav } from '../../features/staff/section-nav.tsx';
import { PlayerSurveyResponses } from '../../features/surveys/player-survey-responses.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { href } from '../../lib/paths.ts';

type AdminAccount = Reply<typeof adminApi.account>;

function useAdminAccount(accountId: number, enabled = true) {
  return useQuery({ ...adminAccountQuery(accountId), enabled });
}

/** The person the family's bills go to, or else the first person on the account. */
function holderOf(account: AdminAccount) {
  return account.users.find((person) => person.is_billing_user) ?? account.users[0];
}

function AccountDetails({ accountId }: { accountId: number }) {
  const queryClient = useQueryClient();
  const account = useAdminAccount(accountId);
  if (account.isPending) {
    return (
      <div className="section__loading">
        <Spinner label="Loading the account…" />
      </div>
    );
  }
  if (account.isError) {
    if (account.error instanceof ApiError && account.error.status === 404) return <NoSuchAccount />;
    return <LoadError what="the account" onRetry={account.refetch} />;
  }
  const data = account.data;
  const holder = holderOf(data);
  return (
    <>
      <AccountSectionNav />
      <div className="admin-details">
        <AccountSummary account={data} />
        <div className="admin-section">
          <CoachAssignment account={data} />
          <AccountTags account={data} />
        </div>
        <AccountNotes accountId={data.id} timeZone={data.time_zone} />
        <InteractionsPanel
          accountId={data.id}
          timeZone={data.time_zone}
          headingId="admin-interactions-title"
          // A staff member's conversation is in the history of staff changes (the audit log).
          onLogged={() => void queryClient.invalidateQueries({ queryKey: [...adminKeys.account(data.id), 'audit'] })}
        />
        <AccountPeople account={data} />
        <AccountBilling accountId={data.id} timeZone={data.time_zone} who={holder?.name ?? `account ${data.id}`} />
        <AccountShipments accountId={data.id} timeZone={data.time_zone} />
        <AccountTickets users={data.users} timeZone={data.time_zone} />
        <AccountConsents
          accountId={data.id}
          timeZone={data.time_zone}
          pendingDeletions={<AccountPendingDeletions accountId={data.id} timeZone={data.time_zone} />}
        />
        <div className="admin-details__wide">
          <AccountPlayers
            accountId={data.id}
            // Each staff write on a player is in the account's history of staff changes.
            onStaffChange={() => queryClient.invalidateQueries({ queryKey: adminKeys.account(data.id) })}
          />
        </div>
        <div className="admin-details__wide">
          <PlayerSurveyResponses accountId={data.id} players={data.players} timeZone={data.time_zone} />
        </div>
        <div className="admin-details__wide">
          <AccountAudit accountId={data.id} timeZone={data.time_zone} players={data.players} coach={data.coach_user} />
        </div>
      </div>
    </>
  );
}

function NoSuchAccount() {
  return (
    <EmptyState
      title="There is no such account"
      mascot={false}
      action={<Link to={href('root.admin.accounts')}>All accounts</Link>}
    />
  );
}

export function AdminAccountDetailsRoute() {
  const { accountId = '' } = useParams();
  const id = Number(accountId);
  const valid = /^\d+$/.test(accountId) && Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647;
  // The same query as the details below (one request): the header names the holder once it is known.
  const account = useAdminAccount(valid ? id : 0, valid);
  const holder = account.data ? holderOf(account.data) : undefined;
  return (
    <Page
      title={`Account ${accountId}`}
      intro={holder ? `${holder.name} · ${holder.email}` : 'Everything staff need to help this family.'}
      actions={<Link to={href('root.admin.accounts')}>All accounts</Link>}
    >
      {valid ? <AccountDetails accountId={id} /> : <NoSuchAccount />}
    </Page>
  );
}
