import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { Root } from './app/root';
import { installErrorHandling } from './shared/errors';
import { initI18n } from './shared/i18n';
import { getLang } from './shared/settings';
import { loadUiLocale } from './shared/ui-locale';
import './app/global.css';

// The page's security policy allows no eval: zod must not even try compiling its fast paths
// (the attempt alone is reported as a policy violation).
z.config({ jitless: true });

/**
 * Strings, antd's locale and dayjs's locale of the stored language load before the first
 * render, so the console never flashes another language.
 */
async function start(): Promise<void> {
  const lang = getLang();
  await Promise.all([initI18n(lang), loadUiLocale(lang)]);
  installErrorHandling();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Root />
    </StrictMode>,
  );
}

void start();
