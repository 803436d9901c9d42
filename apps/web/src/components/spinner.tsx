/** The loading spinner: a turning ring with a spoken label. */
import { useLingui } from '@lingui/react/macro';

export function Spinner({ label, size = 'medium' }: { label?: string; size?: 'small' | 'medium' | 'large' }) {
  const { t } = useLingui();
  label ??= t`Loading…`;
  return (
    <span className={`spinner spinner--${size}`} role="status">
      <span className="spinner__ring" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/** A spinner centred in the space a screen will take. */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="page-spinner">
      <Spinner label={label} size="large" />
    </div>
  );
}
