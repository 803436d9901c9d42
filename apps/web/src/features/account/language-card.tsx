/**
 * The person's language (issue 29; docs/decisions/0074-languages.md): the picker switches the page
 * at once and keeps the choice in this browser (components/language-picker.tsx); the choice is
 * stored with the person too (PATCH /api/v2/user/ { language }), for the e-mails and texts Grove
 * sends them and for their other devices, and the answer becomes the signed-in user. When it cannot
 * be stored, the page goes back to the language it had (the one the person's record still names)
 * and a notification says so, in that language.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Language } from '@grove/domain/languages';

import { AccountCard } from '../../components/account-card.tsx';
import { LanguagePicker } from '../../components/language-picker.tsx';
import { activeLanguage, chooseLanguage } from '../../lib/i18n.ts';
import { notifyError } from '../../lib/notifications.ts';
import { shouldReport } from '../../lib/query-client.ts';
import { patchLanguage, putUserInfo } from './account.api.ts';

/** The notification's title: read once the page is back in its language. */
const FAILURE_TITLE = msg`Changing your language`;

type LanguageChange = { language: Language; previous: Language };

export function LanguageCard() {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  // The language the page shows now: the one to go back to if the new one cannot be stored.
  const shown = activeLanguage();
  const mutation = useMutation({
    mutationFn: ({ language }: LanguageChange) => patchLanguage(language),
    onSuccess: (answer) => putUserInfo(queryClient, answer),
    // No meta.errorTitle: the notification waits until the page is back in its language.
    onError: async (failure, { previous }) => {
      await chooseLanguage(previous).catch(() => undefined);
      const title = i18n._(FAILURE_TITLE);
      if (shouldReport(failure, { errorTitle: title })) notifyError(title, failure.message);
    },
  });

  return (
    <AccountCard title={t`Language`}>
      <LanguagePicker
        disabled={mutation.isPending}
        onChosen={(language) => mutation.mutate({ language, previous: shown })}
      />
      <p className="account-card__intro">
        <Trans>Used for this site and for the e-mails and text messages we send you.</Trans>
      </p>
    </AccountCard>
  );
}
