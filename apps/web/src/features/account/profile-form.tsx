/**
 * The person's own details (SPEC §3 User, §4 edit_save_cancel, §5 profile rules): first and last
 * name and the phone number with its country picker — the picker is the person's country. Cancel
 * restores the earlier values; Save is disabled while a field has an error.
 */
import { useMemo } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { DEFAULT_COUNTRY } from '@grove/domain';
import type { UserInfo } from '@grove/domain/api/user';

import { GroveForm, type FormFieldConfig, type FormValues } from '../../components/form/grove-form.tsx';
import { loadPhoneSupport } from '../../components/phone-support.ts';
import { patchProfile, putUserInfo } from './account.api.ts';

// A phone form: its support starts loading with this screen.
void loadPhoneSupport();

export function profileValues(user: UserInfo): FormValues {
  return {
    first_name: user.first_name,
    last_name: user.last_name,
    phonenumber: user.phonenumber,
    country: user.country || DEFAULT_COUNTRY,
  };
}

export function ProfileForm({ user }: { user: UserInfo }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const fields = useMemo<readonly FormFieldConfig[]>(
    () => [
      { name: 'first_name', label: t`First name`, required: true, autoComplete: 'given-name' },
      { name: 'last_name', label: t`Last name`, required: true, autoComplete: 'family-name' },
      {
        name: 'phonenumber',
        label: t`Phone`,
        kind: 'phone',
        required: true,
        hint: t`Choose your country, then type your number.`,
      },
    ],
    [t],
  );
  const mutation = useMutation({
    mutationFn: patchProfile,
    onSuccess: (answer) => putUserInfo(queryClient, answer),
    meta: { errorTitle: t`Saving your details`, notify: 'profileUpdate' },
  });
  return (
    <GroveForm
      type="edit_save_cancel"
      title={t`Contact details`}
      fields={fields}
      values={profileValues(user)}
      onSubmit={(values) =>
        mutation.mutateAsync({
          first_name: values.first_name,
          last_name: values.last_name,
          phonenumber: values.phonenumber,
          country: values.country,
        })
      }
    />
  );
}
