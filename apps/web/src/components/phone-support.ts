/**
 * The phone field's heavy part, loaded on demand: the numbering plans (libphonenumber-js `max`
 * metadata) behind the phone rule, the formatter and the phone input. Only forms with a phone field
 * load it (GroveForm waits for it before showing one), so the login page and the home screen never do.
 */
import { useEffect, useState } from 'react';

import type * as PhoneTools from './phone-tools.ts';

export type PhoneSupport = typeof PhoneTools;

let loading: Promise<PhoneSupport> | undefined;

/** The phone support, loaded once; a form module with a phone field calls this early to preload. */
export function loadPhoneSupport(): Promise<PhoneSupport> {
  loading ??= import('./phone-tools.ts');
  return loading;
}

let loaded: PhoneSupport | null = null;

/**
 * The phone support when `needed`: null until it has loaded (the first form with a phone field
 * waits for it; later ones have it at once), and always null when not needed.
 */
export function usePhoneSupport(needed: boolean): PhoneSupport | null {
  const [support, setSupport] = useState<PhoneSupport | null>(loaded);
  useEffect(() => {
    if (!needed || support) return;
    let current = true;
    void loadPhoneSupport().then((module) => {
      loaded = module;
      if (current) setSupport(module);
    });
    return () => {
      current = false;
    };
  }, [needed, support]);
  return needed ? support : null;
}
