import './shared/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Root } from './app/root';
import { installErrorHandling } from './shared/errors';
import { initI18n } from './shared/i18n';
import { getLang } from './shared/settings';
import { loadUiLocale } from './shared/ui-locale';
import './app/global.css';

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
