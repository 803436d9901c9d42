/**
 * "Text me the game link": the game's download link, texted to a phone (prefilled with the
 * person's own). Texts are limited per hour; the server's 429 says so, and the form shows it.
 */
import { useMemo, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { ACCOUNT_MESSAGES, DEFAULT_COUNTRY } from '@grove/domain';
import type { UserInfo } from '@grove/domain/api/user';

import { GroveForm, type FormFieldConfig } from '../../components/form/grove-form.tsx';
import { loadPhoneSupport } from '../../components/phone-support.ts';
import { ApiError } from '../../lib/api-client.ts';
import { domainText } from '../../lib/i18n.ts';
import { sendAppLink } from './account.api.ts';

// A phone form: its support starts loading with this screen.
void loadPhoneSupport();

export function GameLinkForm({ user }: { user: UserInfo }) {
  const { t } = useLingui();
  const fields = useMemo<readonly FormFieldConfig[]>(
    () => [{ name: 'phonenumber', label: t`Phone`, kind: 'phone', required: true }],
    [t],
  );
  const [sentTo, setSentTo] = useState<string | null>(null);
  // The form shows a refusal (an invalid number, too many texts) itself.
  const mutation = useMutation({ mutationFn: sendAppLink });

  const send = async (phone: { phonenumber: string; country: string }) => {
    setSentTo(null);
    try {
      await mutation.mutateAsync(phone);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 429 && failure.nonFieldErrors.length === 0) {
        throw new ApiError(429, failure.statusText, failure.body, domainText(ACCOUNT_MESSAGES.smsRateLimited));
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
        title={t`Get the game on a phone or tablet`}
        description={t`We text you a link to download the game.`}
        fields={fields}
        values={{ phonenumber: user.phonenumber, country: user.country || DEFAULT_COUNTRY }}
        saveLabel={t`Text me the game link`}
        onSubmit={(values) =>
          send({ phonenumber: values.phonenumber ?? '', country: values.country ?? DEFAULT_COUNTRY })
        }
      />
      <p role="status" className="account-status-region">
        {sentTo ? t`We texted the link to ${sentTo}.` : null}
      </p>
    </div>
  );
}
