/**
 * Browser automatic translation: Chrome/Google Translate adds `translated-ltr` or
 * `translated-rtl` to <html> and rewrites its `lang`; Edge's translator tags nodes with
 * `_msttexthash`. Translated text breaks React's DOM reconciliation, so we warn or block.
 */
export interface DocumentSnapshot {
  htmlClassName: string;
  htmlLang: string;
  /** The language the console itself rendered (and wrote to <html lang>). */
  appLanguage: string;
  hasMicrosoftTranslatorMarks: boolean;
}

const primary = (lang: string) => lang.trim().toLowerCase().split(/[-_]/)[0] ?? '';

export function isPageTranslated(doc: DocumentSnapshot): boolean {
  const classes = doc.htmlClassName.split(/\s+/);
  if (classes.includes('translated-ltr') || classes.includes('translated-rtl')) return true;
  if (doc.hasMicrosoftTranslatorMarks) return true;
  return doc.htmlLang.trim() !== '' && primary(doc.htmlLang) !== primary(doc.appLanguage);
}

export function snapshotDocument(document: Document, appLanguage: string): DocumentSnapshot {
  const html = document.documentElement;
  return {
    htmlClassName: html.className,
    htmlLang: html.lang,
    appLanguage,
    hasMicrosoftTranslatorMarks: html.hasAttribute('_msthash') || document.querySelector('[_msttexthash]') !== null,
  };
}

export const translationCheckIntervalMs = 1000;

/**
 * Where the warning applies: never on the landing and legal pages; the agent pages whose forms
 * translation would corrupt are blocked; everywhere else the dialog warns.
 */
export type TranslationPolicy = 'off' | 'warn' | 'block';

const quietPaths = new Set(['/', '/legal', '/privacy']);
const blockedAgentPage = /^\/agents\/[^/]+\/(configure|prompts|branding|integrations)(\/|$)/;

export function translationPolicy(pathname: string): TranslationPolicy {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (quietPaths.has(path)) return 'off';
  if (blockedAgentPage.test(path)) return 'block';
  return 'warn';
}
