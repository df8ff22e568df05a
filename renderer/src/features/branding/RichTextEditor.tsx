import { Button, ButtonGroup } from '@blueprintjs/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isBlankHtml, sanitizeAboutHtml } from './sanitizeHtml.ts';

/**
 * A small rich-text editor for the About section: a contentEditable area with bold, italic, lists
 * and links. No editor library: the four commands are all the spec asks for, and Chromium (the
 * Electron and web console) still runs them through execCommand. Every change is sanitised before
 * it leaves the editor.
 */
export function RichTextEditor({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (html: string) => void;
}) {
  const { t } = useTranslation();
  const area = useRef<HTMLDivElement>(null);

  // Write the value into the DOM only when it differs from what is there (a load, a reset):
  // rewriting it on every keystroke would move the caret to the start.
  useEffect(() => {
    const el = area.current;
    if (el && sanitizeAboutHtml(el.innerHTML) !== value) el.innerHTML = sanitizeAboutHtml(value);
  }, [value]);

  const emit = () => {
    const el = area.current;
    if (!el) return;
    const clean = sanitizeAboutHtml(el.innerHTML);
    onChange(isBlankHtml(clean) ? '' : clean);
  };

  const run = (command: string, arg?: string) => {
    area.current?.focus();
    document.execCommand(command, false, arg);
    emit();
  };

  const link = () => {
    const href = window.prompt(t('branding:content.editor.linkPrompt'), 'https://');
    if (!href) return;
    try {
      const url = new URL(href.trim());
      if (url.protocol === 'https:' || url.protocol === 'http:' || url.protocol === 'mailto:')
        run('createLink', url.toString());
    } catch {
      // not an address: nothing to link
    }
  };

  const tools = [
    { icon: 'bold', label: 'bold', command: 'bold' },
    { icon: 'italic', label: 'italic', command: 'italic' },
    { icon: 'properties', label: 'bulletList', command: 'insertUnorderedList' },
    { icon: 'numbered-list', label: 'orderedList', command: 'insertOrderedList' },
    { icon: 'link', label: 'link', command: 'createLink' },
    { icon: 'unlink', label: 'unlink', command: 'unlink' },
  ] as const;

  return (
    <div className="rich-editor">
      <ButtonGroup variant="minimal" className="rich-editor-toolbar">
        {tools.map((tool) => (
          <Button
            key={tool.command}
            icon={tool.icon}
            aria-label={t(`branding:content.editor.${tool.label}`)}
            title={t(`branding:content.editor.${tool.label}`)}
            // keep the selection in the editor when the button is pressed
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => (tool.command === 'createLink' ? link() : run(tool.command))}
          />
        ))}
      </ButtonGroup>
      <div
        id={id}
        ref={area}
        className="rich-editor-area bp6-input"
        contentEditable
        role="textbox"
        aria-multiline="true"
        tabIndex={0}
        suppressContentEditableWarning
        onInput={emit}
        onBlur={emit}
        data-testid="about-editor"
      />
    </div>
  );
}
