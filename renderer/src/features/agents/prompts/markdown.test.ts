import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown } from './markdown.ts';

describe('parseMarkdown', () => {
  it('reads headings, paragraphs, lists and code', () => {
    const blocks = parseMarkdown(
      '# Role\nYou are **Clara**.\nBe *kind*.\n\n- Book tables\n- Use `calendar`\n1. First\n\n```\n<b>raw</b>\n```',
    );
    expect(blocks).toEqual([
      { kind: 'heading', level: 1, inlines: [{ kind: 'text', text: 'Role' }] },
      {
        kind: 'paragraph',
        inlines: [
          { kind: 'text', text: 'You are ' },
          { kind: 'strong', text: 'Clara' },
          { kind: 'text', text: '. Be ' },
          { kind: 'em', text: 'kind' },
          { kind: 'text', text: '.' },
        ],
      },
      {
        kind: 'list',
        ordered: false,
        items: [
          [{ kind: 'text', text: 'Book tables' }],
          [
            { kind: 'text', text: 'Use ' },
            { kind: 'code', text: 'calendar' },
          ],
        ],
      },
      { kind: 'list', ordered: true, items: [[{ kind: 'text', text: 'First' }]] },
      { kind: 'code', text: '<b>raw</b>' },
    ]);
  });
  it('keeps HTML as plain text', () => {
    expect(parseInline('<script>alert(1)</script>')).toEqual([{ kind: 'text', text: '<script>alert(1)</script>' }]);
  });
});
