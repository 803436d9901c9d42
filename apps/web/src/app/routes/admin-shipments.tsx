/** /admin/shipments: shipments across accounts (admin nav, SPEC §2). */
import { PhoneIcon, TimeCircleIcon } from '../../components/icons.tsx';
import { FeatureList, Page } from '../../components/page.tsx';

export function AdminShipmentsRoute() {
  return (
    <Page title="Shipments" intro="Kits and parts on their way to families.">
      <FeatureList
        heading="What you’ll find here"
        items={[
          { icon: <TimeCircleIcon />, title: 'Every shipment', text: 'What was sent to which account, and when.' },
          { icon: <PhoneIcon />, title: 'Delivery status', text: 'Tracking for each package.' },
        ]}
      />
    </Page>
  );
}
