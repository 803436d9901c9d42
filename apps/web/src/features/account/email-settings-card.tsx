/** E-mail settings: the weekly summary (each Monday, how each player's week went), on or off. */
import { useId } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';

import { AccountCard } from '../../components/account-card.tsx';
import { LoadError } from '../../components/load-state.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { Switch } from '../../components/switch.tsx';
import { accountKeys } from '../../lib/queries/account.ts';
import { notificationsQuery, patchNotifications } from './account.api.ts';

export function EmailSettingsCard() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const hintId = useId();
  const query = useQuery(notificationsQuery());
  const mutation = useMutation({
    mutationFn: (on: boolean) => patchNotifications({ weekly_digest: on }),
    onSuccess: (answer) => queryClient.setQueryData(accountKeys.notifications(), answer),
    meta: { errorTitle: t`Changing your e-mail settings` },
  });

  let content;
  if (query.isPending) content = <Spinner label={t`Loading your e-mail settings…`} />;
  else if (query.isError) content = <LoadError what={t`your e-mail settings`} onRetry={query.refetch} />;
  else {
    const on = mutation.isPending && mutation.variables !== undefined ? mutation.variables : query.data.weekly_digest;
    content = (
      <>
        <Switch
          label={t`Weekly summary e-mail`}
          checked={on}
          busy={mutation.isPending}
          describedBy={hintId}
          onChange={(next) => mutation.mutate(next)}
        />
        <p className="account-card__intro" id={hintId}>
          <Trans>Each Monday morning: how each player’s week went.</Trans>
        </p>
      </>
    );
  }
  return <AccountCard title={t`E-mail settings`}>{content}</AccountCard>;
}
