/**
 * "Text me the game link": the game's download link, texted to a phone (prefilled with the
 * person's own). Texts are limited per hour; the server's 429 says so, and the form shows it.
 */
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ACCOUNT_MESSAGES, DEFAULT_COUNTRY } from '@grove/domain';
import type { UserInfo } from '@grove/domain/api/user';

import { GroveForm, type FormFieldConfig } from '../../components/form/grove-form.tsx';
import { loadPhoneSupport } from '../../components/phone-support.ts';
import { ApiError } from '../../lib/api-client.ts';
import { sendAppLink } from './account.api.ts';

const FIELDS: readonly FormFieldConfig[] = [{ name: 'phonenumber', label: 'Phone', kind: 'phone', required: true }];

// A phone form: its support starts loading with this screen.
void loadPhoneSupport();

export function GameLinkForm({ user }: { user: UserInfo }) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  // The form shows a refusal (an invalid number, too many texts) itself.
  const mutation = useMutation({ mutationFn: sendAppLink });

  const send = async (phone: { phonenumber: string; country: string }) => {
    setSentTo(null);
    try {
      await mutation.mutateAsync(phone);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 429 && failure.nonFieldErrors.length === 0) {
        throw new ApiError(429, failure.statusText, failure.body, ACCOUNT_MESSAGES.smsRateLimited);
      }
      throw failure;
    }
    const { formatPhone } = await loadPhoneSupport();
    setSentTo(formatPhone(phone.phonenumber, phone.country));
  };

  return (
    <div className="account-stack">
      <GroveForm
        type="default"
        title="Get the game on a phone or tablet"
        description="We text you a link to download the game."
        fields={FIELDS}
        values={{ phonenumber: user.phonenumber, country: user.country || DEFAULT_COUNTRY }}
        saveLabel="Text me the game link"
        onSubmit={(values) =>
          send({ phonenumber: values.phonenumber ?? '', country: values.country ?? DEFAULT_COUNTRY })
        }
      />
      <p role="status" className="account-status-region">
        {sentTo ? `We texted the link to ${sentTo}.` : null}
      </p>
    </div>
  );
}
