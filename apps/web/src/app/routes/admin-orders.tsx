/** /admin/orders: the orders of every account (admin nav, SPEC §2). */
import { CheckIcon, TimeCircleIcon } from '../../components/icons.tsx';
import { FeatureList, Page } from '../../components/page.tsx';

export function AdminOrdersRoute() {
  return (
    <Page title="Orders" intro="Orders placed by families, newest first.">
      <FeatureList
        heading="What you’ll find here"
        items={[
          {
            icon: <TimeCircleIcon />,
            title: 'Every order',
            text: 'Date, plan, amount and confirmation of each order.',
          },
          { icon: <CheckIcon />, title: 'Invoices', text: 'Refunding or removing an invoice of an order.' },
        ]}
      />
    </Page>
  );
}
