/** The loading spinner: a turning ring with a spoken label. */
export function Spinner({
  label = 'Loading…',
  size = 'medium',
}: {
  label?: string;
  size?: 'small' | 'medium' | 'large';
}) {
  return (
    <span className={`spinner spinner--${size}`} role="status">
      <span className="spinner__ring" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/** A spinner centred in the space a screen will take. */
export function PageSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="page-spinner">
      <Spinner label={label} size="large" />
    </div>
  );
}
