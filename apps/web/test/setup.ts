import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

import { clearNotices } from '../src/lib/notifications.ts';

// findBy… and waitFor wait up to 5 s (1 s by default): a lazily loaded route chunk on a busy
// 2-core CI machine can take longer than a second, and a slow wait is no failure.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
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
