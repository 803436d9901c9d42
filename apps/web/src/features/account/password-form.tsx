/**
 * Changing the password (SPEC §5 password rules, with the person's own names): the current
 * password, the new one and its copy. The person's other sessions end; this one stays.
 */
import { useMemo } from 'react';
import { useMutation } from '@tanstack/react-query';
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
import { notify } from '../../lib/notifications.ts';
import { changePassword } from './account.api.ts';

const PASSWORD_HINT = `At least ${LIMITS.passwordMin} characters with ${PASSWORD_MIN_CLASSES} of: ${PASSWORD_CLASSES.map(
  (item) => item.name,
).join(', ')}; no part of your name.`;

const FIELDS: readonly FormFieldConfig[] = [
  {
    name: 'current_password',
    label: 'Current password',
    kind: 'password',
    required: true,
    autoComplete: 'current-password',
    editingOnly: true,
  },
  {
    name: 'password',
    label: 'New password',
    kind: 'password',
    required: true,
    autoComplete: 'new-password',
    hint: PASSWORD_HINT,
    editingOnly: true,
  },
  {
    name: 'password_copy',
    label: 'Repeat the new password',
    kind: 'password',
    required: true,
    autoComplete: 'new-password',
    editingOnly: true,
  },
];

const EMPTY = { current_password: '', password: '', password_copy: '' };

export function PasswordForm({ user }: { user: UserInfo }) {
  const mutation = useMutation({
    mutationFn: changePassword,
    onSuccess: (detail) => notify({ kind: 'success', title: 'Password changed', message: detail }),
    meta: { errorTitle: 'Changing your password', notify: 'profileUpdate' },
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
      title="Password"
      description="Changing it signs you out on your other devices."
      fields={FIELDS}
      values={EMPTY}
      rules={rules}
      saveLabel="Change password"
      onSubmit={(values) => mutation.mutateAsync(values)}
    />
  );
}
