/**
 * The top of an account's details (issue 14 §10): who the family is, its status, billing, plan,
 * game version and coach, with the staff actions on them — status, coach assignment and
 * migration — each confirmed in words that name the change.
 */
import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ACCOUNT_STATUSES,
  BILLING_STATUS_LABELS,
  GAME_VERSIONS,
  LATEST_GAME_VERSION,
  MAGELLAN_TAG,
} from '@grove/domain/admin';
import type { adminApi } from '@grove/domain/api/admin';
import type { Reply } from '@grove/domain/api/common';

import { Button } from '../../components/button.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { formatDate, formatDateTime } from '../../lib/format.ts';
import { AccountShipping } from './account-shipping.tsx';
import { adminKeys, assignCoach, coachesQuery, migrateAccount, patchAccount } from './admin.api.ts';

type AdminAccount = Reply<typeof adminApi.account>;

const statusWords = (status: string) => status.toLowerCase().replace(/_/g, ' ');

export function AccountSummary({ account }: { account: AdminAccount }) {
  const holder = account.users.find((person) => person.is_billing_user) ?? account.users[0];
  const magellan = account.tags.some((tag) => tag.toLowerCase() === MAGELLAN_TAG);
  return (
    <section className="card admin-section" aria-labelledby="admin-summary-title">
      <h2 className="card__title" id="admin-summary-title">
        Account
      </h2>
      <dl className="admin-facts">
        <dt>Account holder</dt>
        <dd>{holder ? `${holder.name} · ${holder.email}` : 'No one yet'}</dd>
        <dt>Status</dt>
        <dd>{statusWords(account.account_status)}</dd>
        <dt>Billing</dt>
        <dd>
          {BILLING_STATUS_LABELS[account.billing_status as keyof typeof BILLING_STATUS_LABELS] ??
            account.billing_status}
          {account.plan_tag ? ` · plan ${account.plan_tag}` : ''}
        </dd>
        <dt>Game version</dt>
        <dd>{account.game_version}</dd>
        <dt>Time zone</dt>
        <dd>{account.time_zone}</dd>
        <dt>Joined</dt>
        <dd>{formatDate(account.created_at, account.time_zone)}</dd>
        {magellan ? (
          <>
            <dt>Kind</dt>
            <dd>Magellan family (tagged magellan)</dd>
          </>
        ) : null}
      </dl>
      <StatusForm account={account} />
      <MigrateAction account={account} />
    </section>
  );
}

function StatusForm({ account }: { account: AdminAccount }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [status, setStatus] = useState(account.account_status);
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const save = async () => {
    const updated = await patchAccount(account.id, { account_status: status as (typeof ACCOUNT_STATUSES)[number] });
    queryClient.setQueryData(adminKeys.detail(account.id), updated);
    void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    setDone(`The account is now ${statusWords(updated.account_status)}.`);
  };
  return (
    <form
      className="admin-inline-form"
      aria-label="Account status"
      onSubmit={(event) => {
        event.preventDefault();
        setDone(null);
        if (status !== account.account_status) setConfirming(true);
      }}
    >
      <label className="field" htmlFor={id}>
        <span className="field__label">Account status</span>
        <select id={id} className="input select" value={status} onChange={(event) => setStatus(event.target.value)}>
          {ACCOUNT_STATUSES.map((value) => (
            <option key={value} value={value}>
              {statusWords(value)}
            </option>
          ))}
        </select>
      </label>
      <Button type="submit" variant="secondary" disabled={status === account.account_status}>
        Change status
      </Button>
      <p className="admin-status" role="status">
        {done}
      </p>
      {confirming ? (
        <ConfirmDialog
          title="Change the account status?"
          confirmLabel={`Make it ${statusWords(status)}`}
          onConfirm={save}
          onClose={() => setConfirming(false)}
        >
          <p>
            The account goes from <strong>{statusWords(account.account_status)}</strong> to{' '}
            <strong>{statusWords(status)}</strong>.
            {status === 'NOT_PURCHASED' ? ' The family will be sent to checkout when they sign in.' : ''}
          </p>
        </ConfirmDialog>
      ) : null}
    </form>
  );
}

function MigrateAction({ account }: { account: AdminAccount }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const latest = account.game_version >= LATEST_GAME_VERSION;
  const target = GAME_VERSIONS.find((version) => version > account.game_version) ?? LATEST_GAME_VERSION;
  return (
    <div className="admin-inline-form">
      <Button variant="secondary" disabled={latest} onClick={() => setConfirming(true)} aria-describedby="migrate-hint">
        Migrate to game version {latest ? LATEST_GAME_VERSION : target}
      </Button>
      <span className="field__hint" id="migrate-hint">
        {latest ? 'The account runs the latest game version.' : `The family’s tablets move to version ${target}.`}
      </span>
      <p className="admin-status" role="status">
        {done}
      </p>
      {confirming ? (
        <ConfirmDialog
          title="Migrate the account?"
          confirmLabel={`Migrate to version ${target}`}
          onConfirm={async () => {
            const updated = await migrateAccount(account.id, target);
            queryClient.setQueryData(adminKeys.detail(account.id), updated);
            setDone(`The account now runs game version ${updated.game_version}.`);
          }}
          onClose={() => setConfirming(false)}
        >
          <p>
            The account moves from game version <strong>{account.game_version}</strong> to <strong>{target}</strong>. It
            cannot be moved back.
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}

/** The family's coach and changing it (PUT /api/v1/coach_booking/assign_coach/{id}). */
export function CoachAssignment({ account }: { account: AdminAccount }) {
  const queryClient = useQueryClient();
  const coaches = useQuery(coachesQuery());
  const id = useId();
  const [chosen, setChosen] = useState<string>(account.coach_user ? String(account.coach_user.id) : '');
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const choice = coaches.data?.results.find((coach) => String(coach.id) === chosen);
  const assign = useMutation({
    mutationFn: (coachId: number) => assignCoach(account.id, coachId),
    onSuccess: (answer) => {
      queryClient.setQueryData<AdminAccount>(adminKeys.detail(account.id), (current) =>
        current ? { ...current, coach_user: answer.coach_user } : current,
      );
      void queryClient.invalidateQueries({ queryKey: adminKeys.account(account.id) });
      setDone(`${answer.coach_user.name} is now the family’s coach.`);
    },
  });
  return (
    <section className="card admin-section" aria-labelledby="admin-coach-title">
      <h2 className="card__title" id="admin-coach-title">
        Coach
      </h2>
      <p>{account.coach_user ? `The family’s coach is ${account.coach_user.name}.` : 'The family has no coach yet.'}</p>
      <form
        className="admin-inline-form"
        aria-label="Assign a coach"
        onSubmit={(event) => {
          event.preventDefault();
          setDone(null);
          if (choice && choice.id !== account.coach_user?.id) setConfirming(true);
        }}
      >
        <label className="field" htmlFor={id}>
          <span className="field__label">New coach</span>
          <select id={id} className="input select" value={chosen} onChange={(event) => setChosen(event.target.value)}>
            <option value="">Choose a coach</option>
            {(coaches.data?.results ?? []).map((coach) => (
              <option key={coach.id} value={coach.id}>
                {coach.name}
                {coach.accepts_bookings ? '' : ' (not taking bookings)'}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" variant="secondary" disabled={!choice || choice.id === account.coach_user?.id}>
          Assign coach
        </Button>
      </form>
      <p className="admin-status" role="status">
        {done}
      </p>
      {confirming && choice ? (
        <ConfirmDialog
          title="Assign a new coach?"
          confirmLabel={`Assign ${choice.name}`}
          onConfirm={() => assign.mutateAsync(choice.id)}
          onClose={() => setConfirming(false)}
        >
          <p>
            {account.coach_user ? (
              <>
                The family’s coach changes from <strong>{account.coach_user.name}</strong> to{' '}
                <strong>{choice.name}</strong>.
              </>
            ) : (
              <>
                <strong>{choice.name}</strong> becomes the family’s coach.
              </>
            )}{' '}
            Calls already booked stay with their coach.
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

/** The people who sign in to the account. */
export function AccountPeople({ account }: { account: AdminAccount }) {
  return (
    <section className="card admin-section" aria-labelledby="admin-people-title">
      <h2 className="card__title" id="admin-people-title">
        People
      </h2>
      {account.users.length === 0 ? (
        <p>No one signs in to this account.</p>
      ) : (
        <ul className="admin-notes">
          {account.users.map((person) => (
            <li key={person.id} className="admin-note">
              <strong>
                {person.name}
                {person.is_billing_user ? <span className="badge badge--green"> billing</span> : null}
              </strong>
              <span className="admin-note__meta">
                {person.email}
                {person.phonenumber ? ` · ${person.phonenumber}` : ''} · {person.country}
              </span>
              <span className="admin-note__meta">
                {person.last_login_at
                  ? `Last signed in ${formatDateTime(person.last_login_at, account.time_zone)}`
                  : 'Has not signed in yet'}
              </span>
              <AccountShipping accountId={account.id} person={person} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
