/**
 * Phone input with a country picker (SPEC §2, §5): the countries in the spec's order, each shown
 * by its code and calling code (named for screen readers in the page's language); the number keeps
 * digits only (at most 20) and is shown with the selected country's mask. The caret stays after
 * the same digit while the mask moves around it.
 */
import { useLayoutEffect, useRef, type ChangeEvent, type FocusEvent, type KeyboardEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { SHIPPING_COUNTRIES, formatPhone, normalizePhoneDigits } from '@grove/domain';

import { countryName } from '../lib/format.ts';

export type PhoneInputProps = {
  id: string;
  /** Id of the visible label naming the whole control. */
  labelId: string;
  country: string;
  digits: string;
  onCountryChange: (country: string) => void;
  onDigitsChange: (digits: string) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  readOnly?: boolean;
  invalid?: boolean;
  describedBy?: string;
  required?: boolean;
  name?: string;
};

/** The index in `text` just after its `count`-th digit (0 → before everything). */
function caretAfterDigits(text: string, count: number): number {
  if (count <= 0) return 0;
  let seen = 0;
  for (let index = 0; index < text.length; index++) {
    if (/[0-9]/.test(text.charAt(index))) {
      seen++;
      if (seen === count) return index + 1;
    }
  }
  return text.length;
}

function digitsBefore(text: string, position: number): number {
  return text.slice(0, position).replace(/[^0-9]/g, '').length;
}

export function PhoneInput({
  id,
  labelId,
  country,
  digits,
  onCountryChange,
  onDigitsChange,
  onBlur,
  readOnly = false,
  invalid = false,
  describedBy,
  required,
  name,
}: PhoneInputProps) {
  const { t } = useLingui();
  const inputRef = useRef<HTMLInputElement>(null);
  const pendingCaret = useRef<number | null>(null);
  const lastKey = useRef<string | null>(null);
  const shown = formatPhone(digits, country);
  const countryId = `${id}-country`;

  useLayoutEffect(() => {
    const input = inputRef.current;
    if (pendingCaret.current === null || !input || document.activeElement !== input) return;
    const position = caretAfterDigits(input.value, pendingCaret.current);
    input.setSelectionRange(position, position);
    pendingCaret.current = null;
  });

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const raw = event.target.value;
    const caret = event.target.selectionStart ?? raw.length;
    let next = normalizePhoneDigits(raw);
    let before = Math.min(digitsBefore(raw, caret), next.length);
    // Backspace over a mask character ('(', ')', space) removes the digit before it.
    if (next === digits && raw.length < shown.length && lastKey.current === 'Backspace' && before > 0) {
      next = next.slice(0, before - 1) + next.slice(before);
      before -= 1;
    }
    pendingCaret.current = before;
    onDigitsChange(next);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    lastKey.current = event.key;
  };

  return (
    <div className="phone-input" role="group" aria-labelledby={labelId}>
      <select
        id={countryId}
        className="phone-input__country"
        aria-label={t`Country calling code`}
        value={country}
        disabled={readOnly}
        onChange={(event) => onCountryChange(event.target.value)}
        onBlur={onBlur}
      >
        {SHIPPING_COUNTRIES.map((option) => (
          <option
            key={option.code}
            value={option.code}
            aria-label={`${option.code} ${option.dialCode}, ${countryName(option.code, option.name)}`}
          >
            {option.code} {option.dialCode}
          </option>
        ))}
      </select>
      <input
        ref={inputRef}
        id={id}
        name={name}
        className="input phone-input__number"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        aria-labelledby={labelId}
        value={shown}
        readOnly={readOnly}
        required={required}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onChange={handleChange}
        onKeyDown={handleKeyDown}
        onBlur={onBlur}
      />
    </div>
  );
}
