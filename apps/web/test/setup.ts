import '@testing-library/jest-dom/vitest';
import { createElement, type ComponentType, type ReactNode } from 'react';
import { cleanup, configure, type RenderHookOptions, type RenderOptions } from '@testing-library/react';
import type * as Rtl from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { afterEach, vi } from 'vitest';

import { i18n, loadLanguage } from '../src/lib/i18n.ts';
import { clearNotices } from '../src/lib/notifications.ts';

// Every screen renders inside Lingui's provider, as in the app (app/providers.tsx), in English
// with every catalog loaded; a test of another language loads it (loadLanguage).
vi.mock('@testing-library/react', async (importOriginal) => {
  const rtl = await importOriginal<typeof Rtl>();
  const withI18n = (Inner?: ComponentType<{ children: ReactNode }>) =>
    function I18nWrapper({ children }: { children: ReactNode }) {
      return createElement(I18nProvider, { i18n }, Inner ? createElement(Inner, null, children) : children);
    };
  const render = (ui: ReactNode, options?: RenderOptions) =>
    rtl.render(ui, { ...options, wrapper: withI18n(options?.wrapper) });
  const renderHook = (hook: () => unknown, options?: RenderHookOptions<unknown>) =>
    rtl.renderHook(hook, { ...options, wrapper: withI18n(options?.wrapper) });
  return { ...rtl, render, renderHook };
});
await loadLanguage('en', ['app']);

// findBy… and waitFor wait up to 5 s (1 s by default): a lazily loaded route chunk on a busy
// 2-core CI machine can take longer than a second, and a slow wait is no failure.
configure({ asyncUtilTimeout: 5_000 });

afterEach(async () => {
  cleanup();
  if (i18n.locale !== 'en') await loadLanguage('en');
  localStorage.clear();
  clearNotices();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  (
    window as unknown as { happyDOM: { setViewport: (size: { width: number; height: number }) => void } }
  ).happyDOM.setViewport({ width: 1024, height: 768 });
});
