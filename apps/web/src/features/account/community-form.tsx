/**
 * The name a parent uses in the parents' community group (SPEC §7 social-acc/set), so the team
 * can welcome them there. A blank name removes it.
 */
import { useMemo } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { SOCIAL_HANDLE_MAX, SOCIAL_PROVIDERS, type FieldRule, type SocialProvider } from '@grove/domain';
import type { UserInfo } from '@grove/domain/api/user';

import { GroveForm, type FormFieldConfig } from '../../components/form/grove-form.tsx';
import { putUserInfo, setSocialAccount } from './account.api.ts';

/** The services' own names (not translated). */
const PROVIDER_WORDS: Readonly<Record<SocialProvider, string>> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  whatsapp: 'WhatsApp',
};

/** Blank removes the name; the server checks the rest. */
const RULES: Readonly<Record<string, FieldRule>> = { provider: () => null, handle: () => null };

function isProvider(value: string | undefined): value is SocialProvider {
  return (SOCIAL_PROVIDERS as readonly string[]).includes(value ?? '');
}

export function CommunityForm({ user }: { user: UserInfo }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const fields = useMemo<readonly FormFieldConfig[]>(
    () => [
      {
        name: 'provider',
        label: t`Where`,
        kind: 'select',
        options: SOCIAL_PROVIDERS.map((provider) => ({ value: provider, label: PROVIDER_WORDS[provider] })),
      },
      {
        name: 'handle',
        label: t`Your name there`,
        maxLength: SOCIAL_HANDLE_MAX,
        autoComplete: 'off',
        hint: t`Leave it empty to remove it.`,
      },
    ],
    [t],
  );
  const mutation = useMutation({
    mutationFn: setSocialAccount,
    onSuccess: (answer) => putUserInfo(queryClient, answer),
    meta: { errorTitle: t`Saving your community name`, notify: 'profileUpdate' },
  });
  const social = user.social_account;
  return (
    <GroveForm
      type="edit_save_cancel"
      title={t`Community name`}
      description={t`The name you use in the parents’ community group, so we can welcome you there.`}
      fields={fields}
      values={{ provider: social?.provider ?? SOCIAL_PROVIDERS[0], handle: social?.handle ?? '' }}
      rules={RULES}
      onSubmit={(values) =>
        mutation.mutateAsync({
          provider: isProvider(values.provider) ? values.provider : SOCIAL_PROVIDERS[0],
          handle: values.handle ?? '',
        })
      }
    />
  );
}
