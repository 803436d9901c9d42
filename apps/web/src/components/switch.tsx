/**
 * An on/off switch that saves at once (kiosk mode, the weekly summary): a real button with
 * role="switch" and aria-checked, named by its visible label (and, where several share a label,
 * by what they belong to). While the change is saved it is busy and ignores clicks.
 */
import { useId } from 'react';
import { useLingui } from '@lingui/react/macro';

import './switch.css';

export function Switch({
  label,
  checked,
  onChange,
  busy = false,
  disabled = false,
  /** Ids of elements that complete the name ("Kiosk mode" + the device's name). */
  labelledByExtra,
  describedBy,
  id,
  labelId: givenLabelId,
  invalid,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  busy?: boolean;
  disabled?: boolean;
  labelledByExtra?: string;
  describedBy?: string;
  /** The button's id and its label's, where a form (GroveForm) names its fields itself. */
  id?: string;
  labelId?: string;
  invalid?: boolean;
}) {
  const { t } = useLingui();
  const ownLabelId = useId();
  const labelId = givenLabelId ?? ownLabelId;
  return (
    <div className="switch">
      <span className="switch__label" id={labelId}>
        {label}
      </span>
      <button
        type="button"
        role="switch"
        id={id}
        className="switch__control"
        aria-checked={checked}
        aria-labelledby={labelledByExtra ? `${labelId} ${labelledByExtra}` : labelId}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        aria-busy={busy || undefined}
        disabled={disabled}
        onClick={() => {
          if (!busy) onChange(!checked);
        }}
      >
        <span className="switch__track" aria-hidden="true">
          <span className="switch__thumb" />
        </span>
      </button>
      <span className="switch__state" aria-hidden="true">
        {checked ? t`On` : t`Off`}
      </span>
    </div>
  );
}
