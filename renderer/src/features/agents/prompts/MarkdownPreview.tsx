import { Fragment, useMemo } from 'react';
import { parseMarkdown, type Inline } from './markdown.ts';

function Inlines({ items }: { items: Inline[] }) {
  return (
    <>
      {items.map((item, i) => {
        if (item.kind === 'strong') return <strong key={i}>{item.text}</strong>;
        if (item.kind === 'em') return <em key={i}>{item.text}</em>;
        if (item.kind === 'code') return <code key={i}>{item.text}</code>;
        return <Fragment key={i}>{item.text}</Fragment>;
      })}
    </>
  );
}

/** Read-only rendering of the prompt as Markdown. */
export function MarkdownPreview({ source }: { source: string }) {
  const blocks = useMemo(() => parseMarkdown(source), [source]);
  return (
    <div className="prompt-preview" data-testid="prompt-preview">
      {blocks.map((block, i) => {
        switch (block.kind) {
          case 'heading': {
            const Tag = `h${block.level + 2 > 6 ? 6 : block.level + 2}` as 'h3' | 'h4' | 'h5' | 'h6';
            return (
              <Tag key={i}>
                <Inlines items={block.inlines} />
              </Tag>
            );
          }
          case 'paragraph':
            return (
              <p key={i}>
                <Inlines items={block.inlines} />
              </p>
            );
          case 'code':
            return <pre key={i}>{block.text}</pre>;
          case 'list': {
            const List = block.ordered ? 'ol' : 'ul';
            return (
              <List key={i}>
                {block.items.map((item, j) => (
                  <li key={j}>
                    <Inlines items={item} />
                  </li>
                ))}
              </List>
            );
          }
        }
      })}
    </div>
  );
}
