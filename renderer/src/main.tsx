import '@conversation/zodWithoutEval.ts';
import '@blueprintjs/core/lib/css/blueprint.css';
import '@blueprintjs/icons/lib/css/blueprint-icons.css';
import './app/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { App } from './app/App.tsx';
import { ConfigErrorScreen } from './app/screens/ConfigErrorScreen.tsx';
import { loadRuntimeConfig } from './config/runtimeConfig.ts';
import { createI18n } from './i18n/index.ts';
import { initSupabase } from './lib/supabase.ts';

const i18n = createI18n();
// <html lang> follows the interface so screen readers and the translation check agree with it.
document.documentElement.lang = i18n.language;
i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = lng;
});

async function boot(): Promise<void> {
  const root = createRoot(document.getElementById('root') as HTMLElement);
  const result = await loadRuntimeConfig(fetch.bind(window), import.meta.env);
  if (!result.ok) {
    console.error('Console configuration problems', result.problems);
    root.render(
      <I18nextProvider i18n={i18n}>
        <ConfigErrorScreen problems={result.problems} />
      </I18nextProvider>,
    );
    return;
  }
  initSupabase(result.config);
  root.render(
    <StrictMode>
      <App i18n={i18n} />
    </StrictMode>,
  );
}

void boot();
