/**
 * One text or select field of the checkout form: the shared Field (label, hint, issue under it)
 * around a registered control, with the aria attributes that tie the issue to the control.
 */
import type { InputHTMLAttributes, ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

import { Field, controlAria, type FieldIds, type ShownIssue } from './form/field.tsx';
import './card-form.css';

type InputProps = Pick<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'autoComplete' | 'inputMode' | 'maxLength' | 'placeholder' | 'spellCheck' | 'autoCapitalize'
>;

export function CheckoutField({
  ids,
  label,
  hint,
  issue,
  required,
  registration,
  options,
  ...input
}: InputProps & {
  ids: FieldIds;
  label: string;
  hint?: string;
  issue: ShownIssue;
  required?: boolean;
  registration: UseFormRegisterReturn;
  /** A select's options (the first may be an empty "Choose …" option). */
  options?: readonly { value: string; label: string }[];
}) {
  const aria = controlAria(ids, issue, Boolean(hint));
  let control: ReactNode;
  if (options) {
    control = (
      <select
        id={ids.control}
        className="input select"
        aria-required={required || undefined}
        {...aria}
        {...registration}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    );
  } else {
    control = (
      <input
        id={ids.control}
        className="input"
        type="text"
        aria-required={required || undefined}
        {...input}
        {...aria}
        {...registration}
      />
    );
  }
  return (
    <Field ids={ids} label={label} hint={hint} issue={issue} required={required}>
      {control}
    </Field>
  );
}
