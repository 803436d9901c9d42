/**
 * The frame around every screen: a thin progress bar while a navigation loads, scroll
 * restoration, and focus moved to the new screen's heading after each navigation so that
 * keyboard and screen-reader users start at the top of what changed.
 */
import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';

function useFocusHeadingOnNavigation(): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // Wait for a lazily loaded screen to paint its heading.
    const frame = window.requestAnimationFrame(() => {
      const heading = document.querySelector<HTMLElement>('main h1, h1');
      if (!heading) return;
      heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
    });
    return () => window.cancelAnimationFrame(frame);
  }, [pathname]);
}

export function AppFrame() {
  const navigation = useNavigation();
  useFocusHeadingOnNavigation();
  return (
    <>
      <div
        className={`route-progress${navigation.state === 'idle' ? '' : ' route-progress--active'}`}
        aria-hidden="true"
      />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
