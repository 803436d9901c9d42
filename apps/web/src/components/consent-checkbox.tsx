/**
 * The consent box a parent ticks (checkout, a new policy version): a real checkbox whose label is
 * the sentence agreed to (naming the privacy policy), the policy itself right under it behind a
 * disclosure, and the message when the server refused the checkout without it. The statement and the
 * message may be the domain's (CONSENT_STATEMENTS, CONSENT_MESSAGES): they show in the page's language.
 */
import { forwardRef, useId } from 'react';

import { domainText } from '../lib/i18n.ts';
import { PolicyDisclosure } from './policy-text.tsx';

export const ConsentCheckbox = forwardRef<
  HTMLInputElement,
  {
    statement: string;
    checked: boolean;
    onChange: (checked: boolean) => void;
    error?: string | null;
    disabled?: boolean;
  }
>(function ConsentCheckbox({ statement, checked, onChange, error, disabled = false }, ref) {
  const id = useId();
  const policyId = `${id}-policy`;
  const errorId = `${id}-error`;
  return (
    <div className="privacy-consent">
      <div className="privacy-consent__check">
        <input
          ref={ref}
          id={id}
          type="checkbox"
          required
          checked={checked}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onChange(event.target.checked)}
        />
        <label htmlFor={id}>{domainText(statement)}</label>
      </div>
      {error ? (
        <p className="form-error" id={errorId}>
          {domainText(error)}
        </p>
      ) : null}
      <PolicyDisclosure id={policyId} />
    </div>
  );
});
