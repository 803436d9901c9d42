/**
 * The login form (SPEC §2, §5, §8): email and password (at most 40 characters), the LOGIN button,
 * Enter submits. A field shows its error only after it was left, or after the server rejected it.
 * LOGIN stays disabled while a field has an error (an empty field is one). A failed sign-in shows
 * a notification titled 'Failed to log in!' with the spec's text for its status.
 *
 * A plain React form on the domain's login rules (LOGIN_FIELD_RULES, which the API's login schema
 * runs too), so that the login page carries neither a form library nor Zod: after a field was left
 * its issue follows what is typed; a server error stays under its field until the field changes or
 * is left.
 *
 * It uses neither TanStack Query nor the router: the lightweight login entry (login-main.tsx)
 * renders it too.
 */
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { LIMITS, LOGIN_FORM_MAX_WIDTH_PX } from '@grove/domain/constants';
import { LOGIN_ERROR_TITLE, loginErrorMessage } from '@grove/domain/errors';
import { LOGIN_FIELD_RULES, validateForm } from '@grove/domain/validation-core';

import { Button } from '../../components/button.tsx';
import { Field, controlAria, fieldIds, type ShownIssue } from '../../components/form/field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { notify } from '../../lib/notifications.ts';
import type { UserInfo } from '@grove/domain/api/user';

import { logIn } from './log-in.ts';

const LOGIN_FIELDS = ['email', 'password'] as const;
type LoginField = (typeof LOGIN_FIELDS)[number];
type LoginValues = Record<LoginField, string>;

export function LoginForm({
  initialEmail = '',
  onSignedIn,
}: {
  initialEmail?: string;
  onSignedIn: (user: UserInfo) => void;
}) {
  const { t } = useLingui();
  const baseId = useId();
  const [values, setValues] = useState<LoginValues>({ email: initialEmail, password: '' });
  const [touched, setTouched] = useState<Partial<Record<LoginField, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<LoginField, string>>>({});
  const [isSubmitting, setSubmitting] = useState(false);
  const inputs = useRef<Partial<Record<LoginField, HTMLInputElement | null>>>({});

  const validation = validateForm(values, LOGIN_FIELDS, LOGIN_FIELD_RULES);
  const ruleError = (name: LoginField) => validation.errors[name]?.message;

  const issueOf = (name: LoginField): ShownIssue => {
    const message = serverErrors[name] ?? (touched[name] ? ruleError(name) : undefined);
    return message ? { message, severity: 'error' } : null;
  };

  const forgetServerError = (name: LoginField) =>
    setServerErrors((current) => {
      if (current[name] === undefined) return current;
      const rest = { ...current };
      delete rest[name];
      return rest;
    });

  const control = (name: LoginField) => ({
    name,
    value: values[name],
    ref: (input: HTMLInputElement | null) => {
      inputs.current[name] = input;
    },
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.target.value;
      setValues((current) => ({ ...current, [name]: value }));
      forgetServerError(name);
    },
    onBlur: () => {
      setTouched((current) => (current[name] ? current : { ...current, [name]: true }));
      forgetServerError(name);
    },
  });

  const submit = async ({ email, password }: LoginValues) => {
    setSubmitting(true);
    setServerErrors({});
    try {
      const user = await logIn({ email: email.trim(), password });
      onSignedIn(user);
    } catch (failure) {
      const status = failure instanceof ApiError ? failure.status : 0;
      notify({ kind: 'error', title: LOGIN_ERROR_TITLE, message: loginErrorMessage(status) });
      if (failure instanceof ApiError) {
        const shown: Partial<Record<LoginField, string>> = {};
        for (const name of LOGIN_FIELDS) {
          const messages = failure.fieldErrors[name];
          if (messages?.length) {
            shown[name] = messages.join(' ');
            inputs.current[name]?.focus();
          }
        }
        setServerErrors(shown);
      }
    } finally {
      setSubmitting(false);
    }
  };

  const emailIds = fieldIds(`${baseId}-email`);
  const passwordIds = fieldIds(`${baseId}-password`);
  const emailIssue = issueOf('email');
  const passwordIssue = issueOf('password');

  return (
    <form
      className="login-form"
      style={{ maxWidth: LOGIN_FORM_MAX_WIDTH_PX }}
      noValidate
      aria-label={t`Log in`}
      onSubmit={(event) => {
        event.preventDefault();
        if (isSubmitting) return;
        // Text the rules refuse is never sent (LOGIN is disabled then; Enter is not).
        if (!validation.canSubmit) return;
        void submit(values);
      }}
    >
      <Field ids={emailIds} label={t`Email`} issue={emailIssue}>
        <input
          id={emailIds.control}
          className="input"
          type="email"
          autoComplete="username"
          inputMode="email"
          spellCheck={false}
          {...controlAria(emailIds, emailIssue, false)}
          {...control('email')}
        />
      </Field>
      <Field ids={passwordIds} label={t`Password`} issue={passwordIssue}>
        <input
          id={passwordIds.control}
          className="input"
          type="password"
          autoComplete="current-password"
          maxLength={LIMITS.loginPasswordMax}
          {...controlAria(passwordIds, passwordIssue, false)}
          {...control('password')}
        />
      </Field>
      <Button type="submit" block disabled={!validation.canSubmit} loading={isSubmitting}>
        {t`LOGIN`}
      </Button>
    </form>
  );
}
