/**
 * The family's own shipping address on Account details (SPEC §3 Shipping): the address form and its
 * rules (components/shipping-editor.tsx), saved through PATCH /api/v2/user/shipping/; the answer's
 * user becomes the signed-in user.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import type { ShippingPatch } from '@grove/domain/api/user';

import { AccountCard } from '../../components/account-card.tsx';
import { LoadError } from '../../components/load-state.tsx';
import { ShippingEditor } from '../../components/shipping-editor.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { accountKeys } from '../../lib/queries/account.ts';
import { patchShipping, putUserInfo, shippingQuery } from './account.api.ts';

export function ShippingForm() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const query = useQuery(shippingQuery());
  const saveOwn = async (body: ShippingPatch) => {
    const answer = await patchShipping(body);
    queryClient.setQueryData(accountKeys.shipping(), answer);
    putUserInfo(queryClient, answer.user);
    return answer;
  };
  if (query.isPending || query.isError) {
    return (
      <AccountCard title={t`Shipping address`}>
        {query.isPending ? (
          <Spinner label={t`Loading your shipping address…`} />
        ) : (
          <LoadError what={t`your shipping address`} onRetry={query.refetch} />
        )}
      </AccountCard>
    );
  }

  return <ShippingEditor shipping={query.data} save={saveOwn} />;
}
