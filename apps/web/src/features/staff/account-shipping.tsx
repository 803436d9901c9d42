/**
 * A person's shipping address on the admin account screen (issue 14 §5, §10): the family's own
 * form and rules (components/shipping-editor.tsx), saved through the staff route; the change is
 * in the account's history.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';

import { LoadError } from '../../components/load-state.tsx';
import { ShippingEditor } from '../../components/shipping-editor.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { adminKeys, adminShippingQuery, patchAdminShipping } from './admin.api.ts';

export function AccountShipping({ accountId, person }: { accountId: number; person: { id: number; name: string } }) {
  const queryClient = useQueryClient();
  const shipping = useQuery(adminShippingQuery(person.id));
  if (shipping.isPending) return <Spinner label={`Loading the shipping address of ${person.name}…`} />;
  if (shipping.isError) {
    return <LoadError what={`the shipping address of ${person.name}`} onRetry={shipping.refetch} />;
  }

  return (
    <ShippingEditor
      shipping={shipping.data}
      title={`Shipping address of ${person.name}`}
      description="Where kits and replacement parts go for this person."
      errorTitle="Saving the shipping address"
      save={async (body) => {
        const answer = await patchAdminShipping(person.id, body);
        queryClient.setQueryData(adminShippingQuery(person.id).queryKey, answer);
        void queryClient.invalidateQueries({ queryKey: adminKeys.account(accountId) });
        return answer;
      }}
    />
  );
}
