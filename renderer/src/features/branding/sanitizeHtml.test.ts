// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { isBlankHtml, sanitizeAboutHtml } from './sanitizeHtml.ts';

describe('About HTML sanitising', () => {
  it('keeps formatting, lists and http(s) links', () => {
    const html = '<p>We <b>bake</b> <i>daily</i></p><ul><li>bread</li></ul><a href="https://fournil.example">site</a>';
    expect(sanitizeAboutHtml(html)).toBe(html);
  });

  it('drops scripts, event handlers, styles, frames and javascript: links', () => {
    const clean = sanitizeAboutHtml(
      '<p onclick="steal()" style="color:red">Hi<script>alert(1)</script></p><img src=x onerror=alert(1)>' +
        '<iframe src="https://evil.example"></iframe><a href="javascript:alert(1)">x</a>',
    );
    expect(clean).toBe('<p>Hi</p><a>x</a>');
  });

  it('treats an emptied editor as no text', () => {
    expect(isBlankHtml('<p><br></p>')).toBe(true);
    expect(isBlankHtml('<div>&nbsp;</div>')).toBe(true);
    expect(isBlankHtml('<p>a</p>')).toBe(false);
  });
});
