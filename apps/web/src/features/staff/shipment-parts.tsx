/** How a shipment's status and tracking read on the back-office screens. */
import { SHIPMENT_STATUS_LABELS, type ShipmentStatus } from '@grove/domain/backoffice';

export const shipmentStatus = (status: string) =>
  SHIPMENT_STATUS_LABELS[status as ShipmentStatus] ?? status.toLowerCase().replace(/_/g, ' ');

export function ShipmentTracking({
  shipment,
}: {
  shipment: { carrier: string; tracking_number: string | null; tracking_url: string | null };
}) {
  if (!shipment.tracking_number) return <>{shipment.carrier}, no tracking number yet</>;
  return shipment.tracking_url ? (
    <a href={shipment.tracking_url} target="_blank" rel="noopener noreferrer">
      {shipment.carrier} {shipment.tracking_number}
      <span className="visually-hidden"> (opens the carrier’s tracking page in a new tab)</span>
    </a>
  ) : (
    <>
      {shipment.carrier} {shipment.tracking_number}
    </>
  );
}
