import './conversation/zodWithoutEval.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { I18nProvider } from './i18n/I18n.tsx';
import { pickLocale } from './i18n/translate.ts';
import './styles.css';

const locale = pickLocale(navigator.languages.length > 0 ? navigator.languages : [navigator.language]);
document.documentElement.lang = locale;

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <I18nProvider locale={locale}>
      <App />
    </I18nProvider>
  </StrictMode>,
);
