/**
 * The people who sign in to the account: the account holder and caregivers, each invited or
 * active. A parent invites a caregiver (an e-mail with a link to choose a password), sends an
 * invitation again, changes a caregiver's details and removes a caregiver after confirming.
 *
 * SPEC §8: changing an account user shows no error notification — the answer's hasErrors flag
 * decides, and a refused change's field messages land in the form.
 */
import { useMemo, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
import { domainText } from '../../lib/i18n.ts';
import { accountDetailQuery, accountKeys } from '../../lib/queries/account.ts';
import {
  addAccountUser,
  removeAccountUser,
  resendInvite,
  updateAccountUser,
  withUser,
  withoutUser,
} from './account.api.ts';

const EMPTY_INVITE = { first_name: '', last_name: '', email: '' };
/** A caregiver may have no phone number: an empty one is left as it is. */
const editRules = ({ validatePhone }: PhoneSupport): Readonly<Record<string, FieldRule>> => ({
  first_name: validateName,
  last_name: validateName,
  phonenumber: (value, values) => (value === '' ? null : validatePhone(value, values)),
  country: validateCountry,
});

// The edit form has a phone field: its support starts loading with this screen.
void loadPhoneSupport();

const STATUS_WORDS: Readonly<Record<AccountUser['status'], MessageDescriptor>> = {
  active: msg`Active`,
  invited: msg`Invited`,
};

function InviteForm({ accountId, onDone }: { accountId: number; onDone: (user: AccountUser | null) => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const fields = useMemo<readonly FormFieldConfig[]>(
    () => [
      { name: 'first_name', label: t`First name`, required: true, autoComplete: 'off' },
      { name: 'last_name', label: t`Last name`, required: true, autoComplete: 'off' },
      { name: 'email', label: t`E-mail`, kind: 'email', required: true, autoComplete: 'off' },
    ],
    [t],
  );
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
      title={t`Invite a caregiver`}
      description={t`They get an e-mail with a link to choose their own password.`}
      fields={fields}
      values={EMPTY_INVITE}
      saveLabel={t`Send the invitation`}
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
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const fields = useMemo<readonly FormFieldConfig[]>(
    () => [
      { name: 'first_name', label: t`First name`, required: true, autoComplete: 'off' },
      { name: 'last_name', label: t`Last name`, required: true, autoComplete: 'off' },
      { name: 'phonenumber', label: t`Phone`, kind: 'phone', hint: t`Optional.` },
    ],
    [t],
  );
  const name = person.name;
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
      title={t`Change ${name}’s details`}
      fields={fields}
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
  const { t, i18n } = useLingui();
  const name = person.name;
  const resend = useMutation({
    mutationFn: () => resendInvite(accountId, person.id),
    onSuccess: (detail) => onMessage(detail),
    meta: { errorTitle: t`Sending ${name}’s invitation again` },
  });
  const canChange = !me && !person.is_billing_user;
  return (
    <li className="account-list__item">
      <div className="account-list__main">
        <p className="account-list__name">
          {person.name}
          {me ? (
            <span className="badge">
              <Trans>You</Trans>
            </span>
          ) : null}
          {person.is_billing_user ? (
            <span className="badge">
              <Trans>Pays for Grove</Trans>
            </span>
          ) : null}
        </p>
        <p className="account-list__meta">{person.email}</p>
        <p className="account-list__meta">
          <span className={`badge${person.status === 'active' ? ' badge--green' : ' badge--waiting'}`}>
            {i18n._(STATUS_WORDS[person.status])}
          </span>
        </p>
      </div>
      {canChange ? (
        <div className="account-list__actions" role="group" aria-label={t`Change ${name}`}>
          {person.status === 'invited' ? (
            <Button variant="secondary" loading={resend.isPending} onClick={() => resend.mutate()}>
              <Trans>Resend invitation</Trans>
            </Button>
          ) : null}
          <Button variant="ghost" onClick={onEdit}>
            <Trans>Edit</Trans>
          </Button>
          <Button variant="ghost" onClick={onRemove}>
            <Trans>Remove</Trans>
          </Button>
        </div>
      ) : null}
    </li>
  );
}

function People({ user, account }: { user: UserInfo; account: Account }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<number | null>(null);
  const [removing, setRemoving] = useState<AccountUser | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const full = account.users.length >= MAX_ACCOUNT_USERS;
  const removingName = removing?.name ?? '';

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
        {message === null ? null : domainText(message)}
      </p>
      {inviting ? (
        <InviteForm
          accountId={account.id}
          onDone={(invited) => {
            setInviting(false);
            if (invited) {
              const email = invited.email;
              setMessage(t`We sent an invitation to ${email}.`);
            }
          }}
        />
      ) : full ? (
        <p className="account-card__intro">{domainText(ACCOUNT_MESSAGES.tooManyUsers)}</p>
      ) : (
        <div>
          <Button
            variant="secondary"
            onClick={() => {
              setMessage(null);
              setInviting(true);
            }}
          >
            <Trans>Invite a caregiver</Trans>
          </Button>
        </div>
      )}
      {removing ? (
        <ConfirmDialog
          title={t`Remove ${removingName}?`}
          confirmLabel={t`Remove`}
          onConfirm={() => remove(removing)}
          onClose={() => setRemoving(null)}
        >
          <p>
            <Trans>
              {removingName} will no longer be able to sign in to your family’s Grove account. You can invite them again
              later.
            </Trans>
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

export function PeopleCard({ user, accountId }: { user: UserInfo; accountId: number }) {
  const { t } = useLingui();
  const query = useQuery(accountDetailQuery(accountId));
  return (
    <AccountCard title={t`People on your account`} intro={t`Everyone who signs in to your family’s Grove account.`}>
      <QueryState query={query} what={t`the people on your account`}>
        {(data) => <People user={user} account={data} />}
      </QueryState>
    </AccountCard>
  );
}
