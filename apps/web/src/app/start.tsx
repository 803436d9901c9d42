/**
 * The signed-in app's start (main.tsx loads it): the whole app rendered in place of the splash,
 * once the page's catalogs are here (main.tsx asked for them; English if they cannot be fetched).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { initialLanguage, loadLanguage } from '../lib/i18n.ts';
import { App } from './app.tsx';

const render = () =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );

loadLanguage(initialLanguage(), ['app']).then(render, () => loadLanguage('en', ['app']).then(render, render));
