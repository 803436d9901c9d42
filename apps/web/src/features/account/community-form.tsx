/**
 * The name a parent uses in the parents' community group (SPEC §7 social-acc/set), so the team
 * can welcome them there. A blank name removes it.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SOCIAL_HANDLE_MAX, SOCIAL_PROVIDERS, type FieldRule, type SocialProvider } from '@grove/domain';
import type { UserInfo } from '@grove/domain/api/user';

import { GroveForm, type FormFieldConfig } from '../../components/form/grove-form.tsx';
import { putUserInfo, setSocialAccount } from './account.api.ts';

const PROVIDER_WORDS: Readonly<Record<SocialProvider, string>> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  whatsapp: 'WhatsApp',
};

const FIELDS: readonly FormFieldConfig[] = [
  {
    name: 'provider',
    label: 'Where',
    kind: 'select',
    options: SOCIAL_PROVIDERS.map((provider) => ({ value: provider, label: PROVIDER_WORDS[provider] })),
  },
  {
    name: 'handle',
    label: 'Your name there',
    maxLength: SOCIAL_HANDLE_MAX,
    autoComplete: 'off',
    hint: 'Leave it empty to remove it.',
  },
];
/** Blank removes the name; the server checks the rest. */
const RULES: Readonly<Record<string, FieldRule>> = { provider: () => null, handle: () => null };

function isProvider(value: string | undefined): value is SocialProvider {
  return (SOCIAL_PROVIDERS as readonly string[]).includes(value ?? '');
}

export function CommunityForm({ user }: { user: UserInfo }) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: setSocialAccount,
    onSuccess: (answer) => putUserInfo(queryClient, answer),
    meta: { errorTitle: 'Saving your community name', notify: 'profileUpdate' },
  });
  const social = user.social_account;
  return (
    <GroveForm
      type="edit_save_cancel"
      title="Community name"
      description="The name you use in the parents’ community group, so we can welcome you there."
      fields={FIELDS}
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
