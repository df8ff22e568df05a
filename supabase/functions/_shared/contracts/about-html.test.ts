// @vitest-environment jsdom
import DOMPurify from 'dompurify';
import { describe, expect, it } from 'vitest';
import { aboutHtmlSanitizeConfig } from './about-html.ts';

// The console (sanitizeHtml.ts) and the site (AboutTab.tsx) both pass this configuration to DOMPurify.
describe('About text sanitiser configuration', () => {
  const clean = (html: string) => DOMPurify.sanitize(html, aboutHtmlSanitizeConfig());

  it('keeps text formatting and http(s), mailto and tel links', () => {
    const html =
      '<h2>Us</h2><p><b>Bread</b> <a href="mailto:a@b.example">mail</a> <a href="tel:+331">call</a></p><div>x</div>';
    expect(clean(html)).toBe(html);
  });

  it('drops images, styles, scripts, frames, handlers and javascript: links', () => {
    expect(
      clean(
        '<img src="https://t.example/pixel.gif"><p style="x" onclick="y()">Hi</p><script>1</script>' +
          '<iframe></iframe><a href="javascript:alert(1)" title="t">x</a>',
      ),
    ).toBe('<p>Hi</p><a title="t">x</a>');
  });
});
