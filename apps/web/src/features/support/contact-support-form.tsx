/**
 * "Contact support" (issue 14 item 4): a parent or caregiver writes to support from the account
 * page — a subject and a message. The server keeps the request as a support ticket (the local table
 * or Zendesk), e-mails an acknowledgement, and support answers by e-mail; the form says so, and is
 * empty again for another message. Field messages come from the domain's rules and, for anything
 * they let through, from the server's 400 answer; the hourly limit (429) shows above the button.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { SUPPORT_MESSAGES, TICKET_FIELD_RULES, TICKET_LIMITS } from '@grove/domain/support';
import type { UserInfo } from '@grove/domain/api/user';

import { GroveForm, type FormFieldConfig } from '../../components/form/grove-form.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { domainText } from '../../lib/i18n.ts';
import { createSupportTicket } from './support.api.ts';
import './support.css';

const EMPTY = { subject: '', description: '' };

export function ContactSupportForm({ user }: { user: UserInfo }) {
  const { t } = useLingui();
  const fields = useMemo<readonly FormFieldConfig[]>(
    () => [
      { name: 'subject', label: t`Subject`, required: true, maxLength: TICKET_LIMITS.subjectMax, autoComplete: 'off' },
      {
        name: 'description',
        label: t`Message`,
        kind: 'textarea',
        required: true,
        maxLength: TICKET_LIMITS.descriptionMax,
        hint: t`What happened, and what you already tried. Please leave out card numbers and passwords.`,
      },
    ],
    [t],
  );
  const [sent, setSent] = useState(false);
  // A new form after each message: empty fields, nothing left to send twice.
  const [formKey, setFormKey] = useState(0);
  const statusRef = useRef<HTMLParagraphElement>(null);
  // The form shows a refusal (field messages, the hourly limit) itself.
  const mutation = useMutation({ mutationFn: createSupportTicket });

  useEffect(() => {
    if (sent) statusRef.current?.focus();
  }, [sent, formKey]);

  const send = async (values: Record<string, string>) => {
    setSent(false);
    try {
      await mutation.mutateAsync({ subject: values.subject ?? '', description: values.description ?? '' });
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 429 && failure.nonFieldErrors.length === 0) {
        throw new ApiError(429, failure.statusText, failure.body, domainText(SUPPORT_MESSAGES.ticketRateLimited));
      }
      throw failure;
    }
    setSent(true);
    setFormKey((key) => key + 1);
  };

  return (
    <div className="support-contact">
      <GroveForm
        key={formKey}
        type="default"
        title={t`Contact support`}
        description={t`A question about the program, the kit or your subscription? Write to us; we answer by e-mail.`}
        fields={fields}
        values={EMPTY}
        rules={TICKET_FIELD_RULES}
        saveLabel={t`Send`}
        onSubmit={send}
      />
      <p ref={statusRef} role="status" className="support-contact__status" tabIndex={-1}>
        {sent ? domainText(SUPPORT_MESSAGES.ticketSent(user.email)) : null}
      </p>
    </div>
  );
}
