/**
 * The owner's custom CSS, limited to the agent page: the whole text is nested inside
 * the page's root selector, so `body { … }` becomes `.agent-site body { … }` and matches nothing
 * outside it. That only holds while the text cannot close the wrapper early, so text whose braces
 * do not balance (outside strings and comments) is refused whole. Rules that load other style sheets
 * or change the document (`@import`, `@charset`, `@namespace`) are dropped; `@font-face` and
 * `@keyframes` cannot be nested and are dropped by the browser.
 */
export const SCOPE_SELECTOR = '.agent-site';

const MAX_LENGTH = 20_000;

/** Removes comments and returns null when braces are unbalanced or a string is unterminated. */
function stripCommentsChecked(css: string): string | null {
  let out = '';
  let depth = 0;
  for (let i = 0; i < css.length; i++) {
    const c = css[i]!;
    if (c === '/' && css[i + 1] === '*') {
      const end = css.indexOf('*/', i + 2);
      if (end === -1) return null;
      i = end + 1;
      out += ' ';
      continue;
    }
    if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < css.length && css[j] !== c) {
        if (css[j] === '\\') j++;
        if (css[j] === '\n') return null;
        j++;
      }
      if (j >= css.length) return null;
      out += css.slice(i, j + 1);
      i = j;
      continue;
    }
    if (c === '{') depth++;
    if (c === '}' && --depth < 0) return null;
    if (c === '<') {
      // `</style` or `<!--` has no place in CSS; refusing it keeps the text safe in any host.
      return null;
    }
    out += c;
  }
  return depth === 0 ? out : null;
}

/** Scoped CSS ready for a `<style>` element, or '' when there is nothing safe to apply. */
export function scopeCustomCss(css: string | undefined, scope = SCOPE_SELECTOR): string {
  if (!css || css.length > MAX_LENGTH) return '';
  const cleaned = stripCommentsChecked(css);
  if (cleaned === null) return '';
  const body = cleaned.replace(/@(import|charset|namespace)\b[^;{}]*;?/gi, '').trim();
  return body === '' ? '' : `${scope} {\n${body}\n}`;
}
