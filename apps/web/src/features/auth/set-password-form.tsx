/**
 * Choosing a password from a one-time link (/start?o=): the domain's password rules apply live as
 * the person types (SPEC §5), the copy must match, and the names on the link count as "parts of
 * the name".
 */
import { useId, useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import {
  LIMITS,
  PASSWORD_CLASSES,
  PASSWORD_MIN_CLASSES,
  makeSetPasswordSchema,
  missingPasswordClasses,
  validateForm,
  validatePassword,
  validatePasswordCopy,
} from '@grove/domain';

import { Button } from '../../components/button.tsx';
import { Field, controlAria, fieldIds, type ShownIssue } from '../../components/form/field.tsx';
import { CheckIcon } from '../../components/icons.tsx';
import { submitUnlessBusy } from '../../components/form/submit-unless-busy.ts';
import { ApiError } from '../../lib/api-client.ts';
import { domainText } from '../../lib/i18n.ts';
import type { SetPasswordLink } from '@grove/domain/api/auth';

import { setPassword } from './auth.api.ts';

const FIELDS = ['password', 'password_copy'];
const RULES = { password: validatePassword, password_copy: validatePasswordCopy };

export function SetPasswordForm({
  token,
  link,
  onDone,
  onExpired,
}: {
  token: string;
  link: SetPasswordLink;
  onDone: (email: string) => void;
  onExpired: () => void;
}) {
  const { t } = useLingui();
  const baseId = useId();
  const names = useMemo(
    () => ({ first_name: link.first_name, last_name: link.last_name }),
    [link.first_name, link.last_name],
  );
  const schema = useMemo(() => makeSetPasswordSchema(names), [names]);
  const form = useForm({
    resolver: zodResolver(schema),
    mode: 'onChange',
    defaultValues: { token, password: '', password_copy: '' },
  });
  const values = useWatch({ control: form.control });
  const { errors, touchedFields, dirtyFields, isSubmitted } = form.formState;
  const [formError, setFormError] = useState<string | null>(null);
  // Failures show in the form, under their field or above the button.
  const mutation = useMutation({ mutationFn: setPassword });

  const password = values.password ?? '';
  const canSubmit = validateForm(
    { ...names, password, password_copy: values.password_copy ?? '' },
    FIELDS,
    RULES,
  ).canSubmit;
  const missing = missingPasswordClasses(password);
  const minLength = LIMITS.passwordMin;
  const minClasses = PASSWORD_MIN_CLASSES;

  const passwordIssue: ShownIssue =
    errors.password?.message && (dirtyFields.password || isSubmitted || errors.password.type === 'server')
      ? { message: errors.password.message, severity: 'error' }
      : null;
  const copyIssue: ShownIssue =
    errors.password_copy?.message &&
    (touchedFields.password_copy || isSubmitted || errors.password_copy.type === 'server')
      ? { message: errors.password_copy.message, severity: 'error' }
      : null;

  const submit = form.handleSubmit(async (submitted) => {
    setFormError(null);
    try {
      const answer = await mutation.mutateAsync({
        token,
        password: submitted.password,
        password_copy: submitted.password_copy,
      });
      onDone(answer.email || link.email);
    } catch (failure) {
      if (!(failure instanceof ApiError) || (failure.status !== 400 && failure.status !== 404)) {
        setFormError(
          failure instanceof Error ? failure.message : t`Your password could not be saved. Please try again.`,
        );
        return;
      }
      const fieldErrors = failure.fieldErrors;
      if (fieldErrors.token?.length || failure.status === 404) {
        onExpired();
        return;
      }
      for (const name of ['password', 'password_copy'] as const) {
        const messages = fieldErrors[name];
        if (messages?.length) form.setError(name, { type: 'server', message: messages.join(' ') });
      }
      if (failure.nonFieldErrors.length) setFormError(failure.nonFieldErrors.join(' '));
    }
  });

  const passwordIds = fieldIds(`${baseId}-password`);
  const copyIds = fieldIds(`${baseId}-copy`);
  const rulesId = `${baseId}-rules`;
  const passwordAria = controlAria(passwordIds, passwordIssue, false);

  return (
    <form className="stack" noValidate onSubmit={submitUnlessBusy(mutation.isPending, submit)}>
      <input type="hidden" autoComplete="username" value={link.email} readOnly />
      <Field ids={passwordIds} label={t`New password`} issue={passwordIssue}>
        <input
          id={passwordIds.control}
          className="input"
          type="password"
          autoComplete="new-password"
          {...passwordAria}
          aria-describedby={[rulesId, passwordAria['aria-describedby']].filter(Boolean).join(' ')}
          {...form.register('password', { deps: ['password_copy'] })}
        />
      </Field>
      <div className="password-rules" id={rulesId}>
        <p className="password-rules__title">
          <Trans>Your password needs:</Trans>
        </p>
        <ul>
          <li className={password.length >= minLength ? 'is-met' : ''}>
            <CheckIcon size={16} /> <Trans>at least {minLength} characters, without spaces or parts of your name</Trans>
          </li>
          <li className={PASSWORD_CLASSES.length - missing.length >= minClasses ? 'is-met' : ''}>
            <CheckIcon size={16} /> <Trans>{minClasses} of these 4:</Trans>
            <ul>
              {PASSWORD_CLASSES.map((kind) => (
                <li key={kind.name} className={missing.includes(kind.name) ? '' : 'is-met'}>
                  <CheckIcon size={14} /> {domainText(kind.name)}
                  <span className="visually-hidden">
                    {' '}
                    {missing.includes(kind.name) ? <Trans>(missing)</Trans> : <Trans>(included)</Trans>}
                  </span>
                </li>
              ))}
            </ul>
          </li>
        </ul>
      </div>
      <Field ids={copyIds} label={t`Repeat the password`} issue={copyIssue}>
        <input
          id={copyIds.control}
          className="input"
          type="password"
          autoComplete="new-password"
          {...controlAria(copyIds, copyIssue, false)}
          {...form.register('password_copy')}
        />
      </Field>
      {formError ? (
        <p className="form-error" role="alert">
          {domainText(formError)}
        </p>
      ) : null}
      <Button type="submit" block disabled={!canSubmit} loading={mutation.isPending}>
        <Trans>Save password</Trans>
      </Button>
    </form>
  );
}
