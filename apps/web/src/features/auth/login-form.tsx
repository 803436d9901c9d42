/**
 * The login form (SPEC §2, §5, §8): email and password (at most 40 characters), the LOGIN button,
 * Enter submits. A field shows its error only after it was left, or after the server rejected it.
 * LOGIN stays disabled while a field has an error (an empty field is one). A failed sign-in shows
 * a notification titled 'Failed to log in!' with the spec's text for its status.
 */
import { useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import {
  LIMITS,
  LOGIN_ERROR_TITLE,
  LOGIN_FIELD_RULES,
  LOGIN_FORM_MAX_WIDTH_PX,
  loginErrorMessage,
  loginSchema,
  validateForm,
} from '@grove/domain';

import { Button } from '../../components/button.tsx';
import { Field, controlAria, fieldIds, type ShownIssue } from '../../components/form/field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { notify } from '../../lib/notifications.ts';
import type { UserInfo } from '@grove/domain/api/user';

import { logIn } from './auth.api.ts';

const LOGIN_FIELDS = ['email', 'password'] as const;

export function LoginForm({
  initialEmail = '',
  onSignedIn,
}: {
  initialEmail?: string;
  onSignedIn: (user: UserInfo) => void;
}) {
  const queryClient = useQueryClient();
  const baseId = useId();
  const form = useForm({
    resolver: zodResolver(loginSchema),
    mode: 'onTouched',
    defaultValues: { email: initialEmail, password: '' },
  });
  const values = useWatch({ control: form.control });
  const { errors, touchedFields, isSubmitting } = form.formState;
  const canSubmit = validateForm(values, LOGIN_FIELDS, LOGIN_FIELD_RULES).canSubmit;

  const issueOf = (name: 'email' | 'password'): ShownIssue => {
    const error = errors[name];
    if (!error?.message) return null;
    return error.type === 'server' || touchedFields[name] ? { message: error.message, severity: 'error' } : null;
  };

  const submit = form.handleSubmit(async ({ email, password }) => {
    try {
      const user = await logIn(queryClient, { email: email.trim(), password });
      onSignedIn(user);
    } catch (failure) {
      const status = failure instanceof ApiError ? failure.status : 0;
      notify({ kind: 'error', title: LOGIN_ERROR_TITLE, message: loginErrorMessage(status) });
      if (failure instanceof ApiError) {
        for (const name of LOGIN_FIELDS) {
          const messages = failure.fieldErrors[name];
          if (messages?.length)
            form.setError(name, { type: 'server', message: messages.join(' ') }, { shouldFocus: true });
        }
      }
    }
  });

  const emailIds = fieldIds(`${baseId}-email`);
  const passwordIds = fieldIds(`${baseId}-password`);
  const emailIssue = issueOf('email');
  const passwordIssue = issueOf('password');

  return (
    <form
      className="login-form"
      style={{ maxWidth: LOGIN_FORM_MAX_WIDTH_PX }}
      noValidate
      aria-label="Log in"
      onSubmit={(event) => {
        if (isSubmitting) {
          event.preventDefault();
          return;
        }
        void submit(event);
      }}
    >
      <Field ids={emailIds} label="Email" issue={emailIssue}>
        <input
          id={emailIds.control}
          className="input"
          type="email"
          autoComplete="username"
          inputMode="email"
          spellCheck={false}
          {...controlAria(emailIds, emailIssue, false)}
          {...form.register('email')}
        />
      </Field>
      <Field ids={passwordIds} label="Password" issue={passwordIssue}>
        <input
          id={passwordIds.control}
          className="input"
          type="password"
          autoComplete="current-password"
          maxLength={LIMITS.loginPasswordMax}
          {...controlAria(passwordIds, passwordIssue, false)}
          {...form.register('password')}
        />
      </Field>
      <Button type="submit" block disabled={!canSubmit} loading={isSubmitting}>
        LOGIN
      </Button>
    </form>
  );
}
