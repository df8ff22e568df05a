import { Button, ButtonGroup, InputGroup, Popover } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isBlankHtml, sanitizeAboutHtml } from './sanitizeHtml.ts';
import { CharCounter } from '../../components/CharCounter.tsx';
import { charLength } from '@contracts/field-limits.ts';

/**
 * A small rich-text editor for the About section: a contentEditable area with bold, italic, lists
 * and links. No editor library: the four commands are all the About section needs, and Chromium (the
 * Electron and web console) still runs them through execCommand. Every change is sanitised before
 * it leaves the editor. The link address is asked in a popover, not window.prompt (Electron has no
 * prompt()); the selection is kept aside while the popover's field has the focus.
 */

/** A link target the About text may carry, normalised; null for anything else. */
function linkTarget(raw: string): string | null {
  try {
    const url = new URL(raw.trim());
    return ['https:', 'http:', 'mailto:'].includes(url.protocol) ? url.toString() : null;
  } catch {
    return null;
  }
}
export function RichTextEditor({
  id,
  value,
  onChange,
  max,
}: {
  id: string;
  value: string;
  onChange: (html: string) => void;
  /** The stored HTML's limit (formatting included), shown by a counter; an edit past it is refused. */
  max?: number;
}) {
  const { t } = useTranslation();
  const area = useRef<HTMLDivElement>(null);
  const selection = useRef<Range | null>(null);
  const [linkOpen, setLinkOpen] = useState(false);
  const [href, setHref] = useState('https://');

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
    const next = isBlankHtml(clean) ? '' : clean;
    if (max !== undefined && charLength(next) > max && charLength(next) > charLength(value)) {
      // Past the limit the edit is refused: the text goes back to what it was.
      el.innerHTML = sanitizeAboutHtml(value);
      return;
    }
    onChange(next);
  };

  const run = (command: string, arg?: string) => {
    area.current?.focus();
    document.execCommand(command, false, arg);
    emit();
  };

  const openLink = () => {
    const current = window.getSelection();
    selection.current =
      current && current.rangeCount > 0 && area.current?.contains(current.anchorNode)
        ? current.getRangeAt(0).cloneRange()
        : null;
    setHref('https://');
    setLinkOpen(true);
  };

  const target = linkTarget(href);
  const applyLink = () => {
    if (!target) return;
    setLinkOpen(false);
    area.current?.focus();
    const current = window.getSelection();
    if (selection.current && current) {
      current.removeAllRanges();
      current.addRange(selection.current);
    }
    run('createLink', target);
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
        {tools.map((tool) => {
          const button = (
            <Button
              key={tool.command}
              icon={tool.icon}
              aria-label={t(`branding:content.editor.${tool.label}`)}
              title={t(`branding:content.editor.${tool.label}`)}
              // keep the selection in the editor when the button is pressed
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => (tool.command === 'createLink' ? openLink() : run(tool.command))}
            />
          );
          if (tool.command !== 'createLink') return button;
          return (
            <Popover
              key={tool.command}
              isOpen={linkOpen}
              onClose={() => setLinkOpen(false)}
              placement="bottom-start"
              content={
                <form
                  className="rich-editor-link"
                  onSubmit={(e) => {
                    e.preventDefault();
                    applyLink();
                  }}
                >
                  <InputGroup
                    autoFocus
                    aria-label={t('branding:content.editor.linkPrompt')}
                    placeholder={t('branding:content.editor.linkPrompt')}
                    value={href}
                    onChange={(e) => setHref(e.currentTarget.value)}
                    intent={href.trim() !== '' && href.trim() !== 'https://' && !target ? 'danger' : 'none'}
                  />
                  <Button
                    type="submit"
                    intent="primary"
                    disabled={!target}
                    text={t('branding:content.editor.linkAdd')}
                  />
                </form>
              }
            >
              {button}
            </Popover>
          );
        })}
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
        aria-describedby={max === undefined ? undefined : `${id}-counter`}
        data-testid="about-editor"
      />
      {max !== undefined && <CharCounter id={`${id}-counter`} testId={`${id}-counter`} value={value} max={max} />}
    </div>
  );
}
