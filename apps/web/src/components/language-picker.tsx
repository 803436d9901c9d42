/**
 * The language picker (issue 29): each language by its own name, in its own language. Choosing
 * one switches the page at once and keeps the choice in this browser (lib/i18n.ts); `onChosen`
 * lets Account store it with the person too.
 */
import { useId, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { LANGUAGE_NAMES, LANGUAGES, isLanguage, type Language } from '@grove/domain/languages';

import { activeLanguage, chooseLanguage } from '../lib/i18n.ts';

export function LanguagePicker({
  className,
  onChosen,
  disabled = false,
}: {
  className?: string;
  onChosen?: (language: Language) => void;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  const id = useId();
  const [switching, setSwitching] = useState(false);
  return (
    <div className={['language-picker', className ?? ''].filter(Boolean).join(' ')}>
      <label className="language-picker__label" htmlFor={id}>
        {t`Language`}
      </label>
      <select
        id={id}
        className="input language-picker__select"
        value={activeLanguage()}
        disabled={disabled || switching}
        aria-busy={switching || undefined}
        onChange={(event) => {
          const language = event.target.value;
          if (!isLanguage(language)) return;
          setSwitching(true);
          chooseLanguage(language).then(
            () => {
              setSwitching(false);
              onChosen?.(language);
            },
            // The catalog could not be fetched (offline): the page stays in its language.
            () => setSwitching(false),
          );
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </div>
  );
}
