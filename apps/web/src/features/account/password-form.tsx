/**
 * Changing the password (SPEC §5 password rules, with the person's own names): the current
 * password, the new one and its copy. The person's other sessions end; this one stays.
 */
import { useMemo } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import {
  LIMITS,
  MESSAGES,
  PASSWORD_CLASSES,
  PASSWORD_MIN_CLASSES,
  validatePassword,
  validatePasswordCopy,
  type FieldRule,
} from '@grove/domain';
import type { UserInfo } from '@grove/domain/api/user';

import { GroveForm, type FormFieldConfig } from '../../components/form/grove-form.tsx';
import { domainText } from '../../lib/i18n.ts';
import { notify } from '../../lib/notifications.ts';
import { changePassword } from './account.api.ts';

const EMPTY = { current_password: '', password: '', password_copy: '' };

export function PasswordForm({ user }: { user: UserInfo }) {
  const { t } = useLingui();
  const fields = useMemo<readonly FormFieldConfig[]>(() => {
    const min = LIMITS.passwordMin;
    const classes = PASSWORD_MIN_CLASSES;
    const list = PASSWORD_CLASSES.map((item) => domainText(item.name)).join(', ');
    return [
      {
        name: 'current_password',
        label: t`Current password`,
        kind: 'password',
        required: true,
        autoComplete: 'current-password',
        editingOnly: true,
      },
      {
        name: 'password',
        label: t`New password`,
        kind: 'password',
        required: true,
        autoComplete: 'new-password',
        hint: t`At least ${min} characters with ${classes} of: ${list}; no part of your name.`,
        editingOnly: true,
      },
      {
        name: 'password_copy',
        label: t`Repeat the new password`,
        kind: 'password',
        required: true,
        autoComplete: 'new-password',
        editingOnly: true,
      },
    ];
  }, [t]);
  const mutation = useMutation({
    mutationFn: changePassword,
    onSuccess: (detail) => notify({ kind: 'success', title: t`Password changed`, message: detail }),
    meta: { errorTitle: t`Changing your password`, notify: 'profileUpdate' },
  });
  const rules = useMemo<Record<string, FieldRule>>(
    () => ({
      current_password: (value) => (value === '' ? { message: MESSAGES.passwordRequired, severity: 'error' } : null),
      // "Must not contain parts of the name": the person's own names.
      password: (value) => validatePassword(value, { first_name: user.first_name, last_name: user.last_name }),
      password_copy: validatePasswordCopy,
    }),
    [user.first_name, user.last_name],
  );
  return (
    <GroveForm
      type="save_cancel"
      title={t`Password`}
      description={t`Changing it signs you out on your other devices.`}
      fields={fields}
      values={EMPTY}
      rules={rules}
      saveLabel={t`Change password`}
      onSubmit={(values) => mutation.mutateAsync(values)}
    />
  );
}
