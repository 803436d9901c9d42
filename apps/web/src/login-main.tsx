/**
 * The entry of login.html, the page the server sends for /login (docs/decisions/0059-login-bundle.md).
 * It holds the login screen alone: React, the form and the API client, without the router,
 * TanStack Query or any signed-in screen, so that a person about to sign in downloads as little as
 * possible. Someone who already has a session, and everyone once signed in, gets the whole app
 * (app/app.tsx), loaded here in place: its login route sends a signed-in person on to `next` (or
 * wherever SPEC §4 says), once that screen is ready, as after signing in inside the app.
 */
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nProvider } from '@lingui/react';

import { Notifications } from './components/notifications.tsx';
import { PageSpinner } from './components/spinner.tsx';
import { LoginScreen } from './features/auth/login-screen.tsx';
import { i18n, initialLanguage, loadLanguage } from './lib/i18n.ts';
import { hasSession } from './lib/session.ts';
import './styles.css';

const root = createRoot(document.getElementById('root')!);

/** Replaces the login screen with the whole app, once the app and its catalogs are here. */
function openApp(): void {
  root.render(
    <I18nProvider i18n={i18n}>
      <PageSpinner />
    </I18nProvider>,
  );
  Promise.all([import('./app/app.tsx'), loadLanguage(initialLanguage(), ['app'])]).then(
    ([{ App }]) =>
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    // The chunks of an older release are gone: the page brings the current ones.
    () => window.location.reload(),
  );
}

function PlainLink({ to, children }: { to: string; children: ReactNode }) {
  return <a href={to}>{children}</a>;
}

function showLogin(): void {
  const search = new URLSearchParams(window.location.search);
  root.render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <LoginScreen email={search.get('email') ?? ''} link={PlainLink} onSignedIn={openApp} />
        <Notifications />
      </I18nProvider>
    </StrictMode>,
  );
}

if (hasSession()) {
  // The app's login rule sends a signed-in person on, or shows login when the session has ended.
  openApp();
} else {
  // English is in this page's bundle; another language's catalogs come first (a few KiB).
  const language = initialLanguage();
  if (language === 'en') showLogin();
  else loadLanguage(language).then(showLogin, showLogin);
}
