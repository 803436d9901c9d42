/**
 * The tag manager (SPEC: ANALYTICS_ID; issue 17 item 6): off unless a container id is configured
 * AND the signed-in parent turned analytics on (a consent record). Nothing loads before that
 * choice is known. The script comes from Google's tag manager address, which the server's Content
 * Security Policy allows only when ANALYTICS_ID is set.
 *
 * Turning analytics off removes the script and tells the tag manager consent is denied; what it
 * already ran in this page stops with the next page load.
 */
export const TAG_MANAGER_ORIGIN = 'https://www.googletagmanager.com';
const MARK = 'data-grove-analytics';

type DataLayerWindow = Window & { dataLayer?: unknown[] };

export type AnalyticsChoice = 'on' | 'off';

/** The tag manager's script element on the page, if it was loaded. */
export function analyticsScript(doc: Document = document): HTMLScriptElement | null {
  return doc.querySelector<HTMLScriptElement>(`script[${MARK}]`);
}

/**
 * Loads or removes the tag manager to match the parent's choice. `choice` null: not known yet
 * (still loading, or no parent signed in): nothing loads.
 */
export function syncAnalytics(
  containerId: string | null,
  choice: AnalyticsChoice | null,
  doc: Document = document,
  view: DataLayerWindow | null = doc.defaultView,
) {
  const present = analyticsScript(doc);
  if (containerId && choice === 'on') {
    if (present) return;
    if (view) {
      view.dataLayer = view.dataLayer ?? [];
      view.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    }
    const script = doc.createElement('script');
    script.async = true;
    script.src = `${TAG_MANAGER_ORIGIN}/gtm.js?id=${encodeURIComponent(containerId)}`;
    script.setAttribute(MARK, '');
    doc.head.appendChild(script);
    return;
  }
  if (present && choice === 'off') {
    present.remove();
    view?.dataLayer?.push({ event: 'grove.analytics_off', analytics_storage: 'denied' });
  }
}
