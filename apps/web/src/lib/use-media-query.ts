import { useSyncExternalStore } from 'react';
import { BREAKPOINTS } from '@grove/domain';

/** Whether `query` matches now; follows changes of the window size. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Widths up to 900 px use the hamburger and the full-screen menu (SPEC §2). */
export function useIsMobileMenu(): boolean {
  return useMediaQuery(`(max-width: ${BREAKPOINTS.mobileMenuMax}px)`);
}

/** The admin desktop menu applies above 1165 px (SPEC §2). */
export function useIsAdminDesktop(): boolean {
  return !useMediaQuery(`(max-width: ${BREAKPOINTS.adminDesktopMin}px)`);
}
