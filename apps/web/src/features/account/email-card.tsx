/**
 * The e-mail address a person signs in with. A new address is not used at once: we send a link
 * to it, and the address changes once the link is opened; until then the screen says so and
 * offers to cancel the change.
 */
import { useMemo } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { ACCOUNT_MESSAGES } from '@grove/domain';
import type { UserInfo } from '@grove/domain/api/user';

import { Button } from '../../components/button.tsx';
import { GroveForm, type FormFieldConfig } from '../../components/form/grove-form.tsx';
import { domainText } from '../../lib/i18n.ts';
import { cancelEmailChange, patchProfile, putUserInfo } from './account.api.ts';

export function EmailCard({ user }: { user: UserInfo }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const fields = useMemo<readonly FormFieldConfig[]>(
    () => [{ name: 'email', label: t`E-mail`, kind: 'email', required: true, autoComplete: 'email' }],
    [t],
  );
  const change = useMutation({
    mutationFn: (email: string) => patchProfile({ email }),
    onSuccess: (answer) => putUserInfo(queryClient, answer),
    meta: { errorTitle: t`Changing your e-mail address`, notify: 'profileUpdate' },
  });
  const cancel = useMutation({
    mutationFn: cancelEmailChange,
    onSuccess: (answer) => putUserInfo(queryClient, answer),
    meta: { errorTitle: t`Cancelling the e-mail change` },
  });

  return (
    <div className="account-stack">
      <GroveForm
        // A saved change leaves the address as it was (pending): start again from the stored one.
        key={`${user.email}|${user.pending_email ?? ''}`}
        type="edit_save_cancel"
        title={t`E-mail address`}
        description={t`You sign in with this address, and we write to it.`}
        fields={fields}
        values={{ email: user.email }}
        saveLabel={t`Send the link`}
        onSubmit={(values) => change.mutateAsync(values.email ?? '')}
      />
      <div role="status" className="account-status-region">
        {user.pending_email ? (
          <div className="account-notice">
            <p>{domainText(ACCOUNT_MESSAGES.emailChangeSent(user.pending_email))}</p>
            <Button variant="secondary" loading={cancel.isPending} onClick={() => cancel.mutate()}>
              <Trans>Cancel the change</Trans>
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
