/**
 * An email form that asks the server to send a link (password reset, get access). The server
 * answers the same whether or not the email has an account, so the confirmation says "if"; it
 * sends the person to check the inbox, with a way back to log in. The caller's words (the button,
 * the failure's title, what happens to the link) are in the page's language.
 */
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useForm, useWatch } from 'react-hook-form';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { validateEmail, validateForm } from '@grove/domain';

import { Button } from '../../components/button.tsx';
import { Field, controlAria, fieldIds, type ShownIssue } from '../../components/form/field.tsx';
import { rulesResolver } from '../../components/form/rules-resolver.ts';
import { submitUnlessBusy } from '../../components/form/submit-unless-busy.ts';
import { ApiError } from '../../lib/api-client.ts';
import { href } from '../../lib/paths.ts';

type EmailValues = { email: string };
const FIELDS = ['email'];
const RULES = { email: validateEmail };
const resolver = rulesResolver<EmailValues>(FIELDS, RULES);

export function EmailRequestForm({
  initialEmail = '',
  submitLabel,
  actionTitle,
  send,
  sentText,
}: {
  initialEmail?: string;
  submitLabel: string;
  /** The notification title when sending fails. */
  actionTitle: string;
  send: (email: string) => Promise<void>;
  /** Under "Check your inbox": what happens to the link sent to `email`. */
  sentText: (email: string) => ReactNode;
}) {
  const { t } = useLingui();
  const baseId = useId();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<EmailValues>({ resolver, mode: 'onTouched', defaultValues: { email: initialEmail } });
  const values = useWatch({ control: form.control });
  const mutation = useMutation({ mutationFn: send, meta: { errorTitle: actionTitle } });
  const { errors, touchedFields } = form.formState;

  const submit = form.handleSubmit(async ({ email }) => {
    const address = email.trim();
    try {
      await mutation.mutateAsync(address);
      setSentTo(address);
    } catch (failure) {
      const messages = failure instanceof ApiError ? failure.fieldErrors.email : undefined;
      if (messages?.length) form.setError('email', { type: 'server', message: messages.join(' ') });
    }
  });

  if (sentTo !== null) {
    return (
      <div className="confirmation" role="status">
        <h2>
          <Trans>Check your inbox</Trans>
        </h2>
        <p>{sentText(sentTo)}</p>
        <p>
          <Link to={href('login', null, { email: sentTo })}>
            <Trans>Back to log in</Trans>
          </Link>
        </p>
      </div>
    );
  }

  const ids = fieldIds(`${baseId}-email`);
  const error = errors.email;
  const issue: ShownIssue =
    error?.message && (error.type === 'server' || touchedFields.email)
      ? { message: error.message, severity: 'error' }
      : null;
  return (
    <form className="stack" noValidate onSubmit={submitUnlessBusy(mutation.isPending, submit)}>
      <Field ids={ids} label={t`Email`} issue={issue}>
        <input
          id={ids.control}
          className="input"
          type="email"
          autoComplete="email"
          inputMode="email"
          spellCheck={false}
          {...controlAria(ids, issue, false)}
          {...form.register('email')}
        />
      </Field>
      <Button
        type="submit"
        block
        disabled={!validateForm(values, FIELDS, RULES).canSubmit}
        loading={mutation.isPending}
      >
        {submitLabel}
      </Button>
    </form>
  );
}
