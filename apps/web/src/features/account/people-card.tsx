/**
 * The people who sign in to the account: the account holder and caregivers, each invited or
 * active. A parent invites a caregiver (an e-mail with a link to choose a password), sends an
 * invitation again, changes a caregiver's details and removes a caregiver after confirming.
 *
 * SPEC §8: changing an account user shows no error notification — the answer's hasErrors flag
 * decides, and a refused change's field messages land in the form.
 */
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ACCOUNT_MESSAGES,
  DEFAULT_COUNTRY,
  MAX_ACCOUNT_USERS,
  validateCountry,
  validateName,
  type FieldRule,
} from '@grove/domain';
import type { Account, AccountUser, CaregiverBody, accountApi } from '@grove/domain/api/account';
import type { RequestBody } from '@grove/domain/api/common';
import type { UserInfo } from '@grove/domain/api/user';

import { AccountCard } from '../../components/account-card.tsx';
import { QueryState } from '../../components/load-state.tsx';
import { Button } from '../../components/button.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { GroveForm, type FormFieldConfig } from '../../components/form/grove-form.tsx';
import { loadPhoneSupport, type PhoneSupport } from '../../components/phone-support.ts';
import { accountDetailQuery, accountKeys } from '../../lib/queries/account.ts';
import {
  addAccountUser,
  removeAccountUser,
  resendInvite,
  updateAccountUser,
  withUser,
  withoutUser,
} from './account.api.ts';

const TITLE = 'People on your account';

const INVITE_FIELDS: readonly FormFieldConfig[] = [
  { name: 'first_name', label: 'First name', required: true, autoComplete: 'off' },
  { name: 'last_name', label: 'Last name', required: true, autoComplete: 'off' },
  { name: 'email', label: 'E-mail', kind: 'email', required: true, autoComplete: 'off' },
];
const EMPTY_INVITE = { first_name: '', last_name: '', email: '' };

const EDIT_FIELDS: readonly FormFieldConfig[] = [
  { name: 'first_name', label: 'First name', required: true, autoComplete: 'off' },
  { name: 'last_name', label: 'Last name', required: true, autoComplete: 'off' },
  { name: 'phonenumber', label: 'Phone', kind: 'phone', hint: 'Optional.' },
];
/** A caregiver may have no phone number: an empty one is left as it is. */
const editRules = ({ validatePhone }: PhoneSupport): Readonly<Record<string, FieldRule>> => ({
  first_name: validateName,
  last_name: validateName,
  phonenumber: (value, values) => (value === '' ? null : validatePhone(value, values)),
  country: validateCountry,
});

// The edit form has a phone field: its support starts loading with this screen.
void loadPhoneSupport();

const STATUS_WORDS: Readonly<Record<AccountUser['status'], string>> = {
  active: 'Active',
  invited: 'Invited',
};

function InviteForm({ accountId, onDone }: { accountId: number; onDone: (user: AccountUser | null) => void }) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (body: CaregiverBody) => addAccountUser(accountId, body),
    onSuccess: (user) => {
      queryClient.setQueryData(accountKeys.detail(accountId), (account: Account | undefined) =>
        withUser(account, user),
      );
      onDone(user);
    },
    // The form shows what went wrong (hasErrors, field messages).
    meta: { notify: 'accountUserUpdate' },
  });
  return (
    <GroveForm
      type="save_cancel"
      title="Invite a caregiver"
      description="They get an e-mail with a link to choose their own password."
      fields={INVITE_FIELDS}
      values={EMPTY_INVITE}
      saveLabel="Send the invitation"
      onSubmit={(values) =>
        mutation.mutateAsync({
          first_name: values.first_name ?? '',
          last_name: values.last_name ?? '',
          email: values.email ?? '',
        })
      }
      onCancel={() => onDone(null)}
    />
  );
}

function EditPersonForm({
  accountId,
  person,
  onClose,
}: {
  accountId: number;
  person: AccountUser;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (body: RequestBody<typeof accountApi.updateUser>) => updateAccountUser(accountId, person.id, body),
    onSuccess: (user) => {
      queryClient.setQueryData(accountKeys.detail(accountId), (account: Account | undefined) =>
        withUser(account, user),
      );
      onClose();
    },
    meta: { notify: 'accountUserUpdate' },
  });
  return (
    <GroveForm
      type="save_cancel"
      title={`Change ${person.name}’s details`}
      fields={EDIT_FIELDS}
      rules={editRules}
      values={{
        first_name: person.first_name,
        last_name: person.last_name,
        phonenumber: person.phonenumber,
        country: person.country || DEFAULT_COUNTRY,
      }}
      onSubmit={(values) =>
        mutation.mutateAsync({
          first_name: values.first_name ?? '',
          last_name: values.last_name ?? '',
          ...(values.phonenumber ? { phonenumber: values.phonenumber, country: values.country } : {}),
        })
      }
      onCancel={onClose}
    />
  );
}

function PersonRow({
  person,
  me,
  accountId,
  onEdit,
  onRemove,
  onMessage,
}: {
  person: AccountUser;
  me: boolean;
  accountId: number;
  onEdit: () => void;
  onRemove: () => void;
  onMessage: (message: string) => void;
}) {
  const resend = useMutation({
    mutationFn: () => resendInvite(accountId, person.id),
    onSuccess: (detail) => onMessage(detail),
    meta: { errorTitle: `Sending ${person.name}’s invitation again` },
  });
  const canChange = !me && !person.is_billing_user;
  return (
    <li className="account-list__item">
      <div className="account-list__main">
        <p className="account-list__name">
          {person.name}
          {me ? <span className="badge">You</span> : null}
          {person.is_billing_user ? <span className="badge">Pays for Grove</span> : null}
        </p>
        <p className="account-list__meta">{person.email}</p>
        <p className="account-list__meta">
          <span className={`badge${person.status === 'active' ? ' badge--green' : ' badge--waiting'}`}>
            {STATUS_WORDS[person.status]}
          </span>
        </p>
      </div>
      {canChange ? (
        <div className="account-list__actions" role="group" aria-label={`Change ${person.name}`}>
          {person.status === 'invited' ? (
            <Button variant="secondary" loading={resend.isPending} onClick={() => resend.mutate()}>
              Resend invitation
            </Button>
          ) : null}
          <Button variant="ghost" onClick={onEdit}>
            Edit
          </Button>
          <Button variant="ghost" onClick={onRemove}>
            Remove
          </Button>
        </div>
      ) : null}
    </li>
  );
}

function People({ user, account }: { user: UserInfo; account: Account }) {
  const queryClient = useQueryClient();
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const [removing, setRemoving] = useState<AccountUser | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const full = account.users.length >= MAX_ACCOUNT_USERS;

  const remove = async (person: AccountUser) => {
    const detail = await removeAccountUser(account.id, person.id);
    queryClient.setQueryData(accountKeys.detail(account.id), (current: Account | undefined) =>
      withoutUser(current, person.id),
    );
    setMessage(detail);
  };

  return (
    <>
      <ul className="account-list">
        {account.users.map((person) =>
          editing === person.id ? (
            <li key={person.id} className="account-list__item account-list__item--form">
              <EditPersonForm accountId={account.id} person={person} onClose={() => setEditing(null)} />
            </li>
          ) : (
            <PersonRow
              key={person.id}
              person={person}
              me={person.id === user.id}
              accountId={account.id}
              onEdit={() => setEditing(person.id)}
              onRemove={() => setRemoving(person)}
              onMessage={setMessage}
            />
          ),
        )}
      </ul>
      <p role="status" className="account-status-region">
        {message}
      </p>
      {inviting ? (
        <InviteForm
          accountId={account.id}
          onDone={(invited) => {
            setInviting(false);
            if (invited) setMessage(`We sent an invitation to ${invited.email}.`);
          }}
        />
      ) : full ? (
        <p className="account-card__intro">{ACCOUNT_MESSAGES.tooManyUsers}</p>
      ) : (
        <div>
          <Button
            variant="secondary"
            onClick={() => {
              setMessage(null);
              setInviting(true);
            }}
          >
            Invite a caregiver
          </Button>
        </div>
      )}
      {removing ? (
        <ConfirmDialog
          title={`Remove ${removing.name}?`}
          confirmLabel="Remove"
          onConfirm={() => remove(removing)}
          onClose={() => setRemoving(null)}
        >
          <p>
            {removing.name} will no longer be able to sign in to your family’s Grove account. You can invite them again
            later.
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

export function PeopleCard({ user, accountId }: { user: UserInfo; accountId: number }) {
  const query = useQuery(accountDetailQuery(accountId));
  return (
    <AccountCard title={TITLE} intro="Everyone who signs in to your family’s Grove account.">
      <QueryState query={query} what="the people on your account">
        {(data) => <People user={user} account={data} />}
      </QueryState>
    </AccountCard>
  );
}
