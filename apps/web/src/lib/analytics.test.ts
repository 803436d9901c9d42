import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { analyticsScript, syncAnalytics, TAG_MANAGER_ORIGIN } from './analytics.ts';

type LayerWindow = Window & { dataLayer?: unknown[] };

// A page of its own, with the test's window as its data layer's.
let page: Document;
const sync = (id: string | null, choice: 'on' | 'off' | null) => syncAnalytics(id, choice, page, window);
const scripts = () => [...page.querySelectorAll('script')].map((script) => script.src);

// The test environment fetches no script: it reports the refusal as an error unless told to
// treat it as loaded.
const settings = (window as unknown as { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: boolean } } })
  .happyDOM.settings;
const quiet = settings.handleDisabledFileLoadingAsSuccess;

beforeEach(() => {
  page = document.implementation.createHTMLDocument('Grove');
  settings.handleDisabledFileLoadingAsSuccess = true;
});
afterEach(() => {
  settings.handleDisabledFileLoadingAsSuccess = quiet;
  delete (window as LayerWindow).dataLayer;
});

describe('the tag manager', () => {
  it('loads nothing before the parent’s choice is known, nor when it is off', () => {
    sync('GTM-ABC1234', null);
    expect(analyticsScript(page)).toBeNull();
    sync('GTM-ABC1234', 'off');
    expect(analyticsScript(page)).toBeNull();
    expect(scripts().some((src) => src.startsWith(TAG_MANAGER_ORIGIN))).toBe(false);
  });

  it('loads nothing without a container id, even with consent', () => {
    sync(null, 'on');
    expect(analyticsScript(page)).toBeNull();
  });

  it('loads once when the parent turns analytics on, and goes when they turn it off', () => {
    sync('GTM-ABC1234', 'off');
    sync('GTM-ABC1234', 'on');
    sync('GTM-ABC1234', 'on');
    expect(scripts().filter((src) => src.startsWith(TAG_MANAGER_ORIGIN))).toEqual([
      `${TAG_MANAGER_ORIGIN}/gtm.js?id=GTM-ABC1234`,
    ]);
    expect((window as LayerWindow).dataLayer).toEqual([expect.objectContaining({ event: 'gtm.js' })]);
    sync('GTM-ABC1234', 'off');
    expect(analyticsScript(page)).toBeNull();
  });
});
