/**
 * The e-mail address a person signs in with. A new address is not used at once: we send a link
 * to it, and the address changes once the link is opened; until then the screen says so and
 * offers to cancel the change.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_MESSAGES } from '@grove/domain';
import type { UserInfo } from '@grove/domain/api/user';

import { Button } from '../../components/button.tsx';
import { GroveForm, type FormFieldConfig } from '../../components/form/grove-form.tsx';
import { cancelEmailChange, patchProfile, putUserInfo } from './account.api.ts';

const FIELDS: readonly FormFieldConfig[] = [
  { name: 'email', label: 'E-mail', kind: 'email', required: true, autoComplete: 'email' },
];

export function EmailCard({ user }: { user: UserInfo }) {
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (email: string) => patchProfile({ email }),
    onSuccess: (answer) => putUserInfo(queryClient, answer),
    meta: { errorTitle: 'Changing your e-mail address', notify: 'profileUpdate' },
  });
  const cancel = useMutation({
    mutationFn: cancelEmailChange,
    onSuccess: (answer) => putUserInfo(queryClient, answer),
    meta: { errorTitle: 'Cancelling the e-mail change' },
  });

  return (
    <div className="account-stack">
      <GroveForm
        // A saved change leaves the address as it was (pending): start again from the stored one.
        key={`${user.email}|${user.pending_email ?? ''}`}
        type="edit_save_cancel"
        title="E-mail address"
        description="You sign in with this address, and we write to it."
        fields={FIELDS}
        values={{ email: user.email }}
        saveLabel="Send the link"
        onSubmit={(values) => change.mutateAsync(values.email ?? '')}
      />
      <div role="status" className="account-status-region">
        {user.pending_email ? (
          <div className="account-notice">
            <p>{ACCOUNT_MESSAGES.emailChangeSent(user.pending_email)}</p>
            <Button variant="secondary" loading={cancel.isPending} onClick={() => cancel.mutate()}>
              Cancel the change
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
