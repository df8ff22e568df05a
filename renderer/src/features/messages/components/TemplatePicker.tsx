import { Button, Classes, FormGroup, HTMLSelect, Intent } from '@blueprintjs/core';
import { TEMPLATE_VARIABLE_MAX, type TemplateChoice, type WhatsAppTemplate } from '@contracts/whatsapp.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LimitedInput } from '../../../components/LimitedText.tsx';

export interface TemplatePickerProps {
  /** The approved templates of the agent's sender (never empty here: the container draws that state). */
  templates: WhatsAppTemplate[];
  choice: TemplateChoice | null;
  saving: boolean;
  onSave: (choice: TemplateChoice | null) => void;
  /** The button's words (default "Save template"); the thread's composer says "Send template". */
  submitLabel?: string;
  /** The button needs a template ("None" cannot be sent). */
  requireTemplate?: boolean;
  /** Prefix of the fields' ids, unique on the page (the agent page has two pickers). */
  idPrefix?: string;
}

/** Variables in the order of the template ("1", "2"…), whether the template or the choice names them. */
const variableKeys = (template: WhatsAppTemplate | undefined, values: Record<string, string>) =>
  [...new Set([...Object.keys(template?.variables ?? {}), ...Object.keys(values)])].sort(
    (a, b) => Number(a) - Number(b),
  );

/**
 * The approved template the agent sends when a customer last wrote more than 24 hours ago
 * (WhatsApp only allows templates then), with its variables. "None" removes the choice: such
 * messages are then not sent and the thread says why.
 */
export function TemplatePicker({
  templates,
  choice,
  saving,
  onSave,
  submitLabel,
  requireTemplate = false,
  idPrefix = 'wa-template',
}: TemplatePickerProps) {
  const { t } = useTranslation();
  const [sid, setSid] = useState(choice?.content_sid ?? '');
  const [values, setValues] = useState<Record<string, string>>(choice?.variables ?? {});
  const template = templates.find((candidate) => candidate.sid === sid);
  const keys = template ? variableKeys(template, values) : [];

  const pick = (next: string) => {
    setSid(next);
    const picked = templates.find((candidate) => candidate.sid === next);
    // Another template's values would fill the wrong placeholders: start from the new one's samples.
    setValues(next === choice?.content_sid ? choice.variables : { ...(picked?.variables ?? {}) });
  };

  const save = () =>
    onSave(
      template
        ? {
            content_sid: template.sid,
            friendly_name: template.friendlyName,
            variables: Object.fromEntries(keys.map((key) => [key, values[key] ?? ''])),
          }
        : null,
    );

  return (
    <div className="wa-template-picker" data-testid="whatsapp-template-picker">
      <FormGroup label={t('messages:template.label')} labelFor={idPrefix} helperText={t('messages:template.help')}>
        <HTMLSelect id={idPrefix} value={sid} onChange={(event) => pick(event.currentTarget.value)} fill>
          <option value="">{t('messages:template.none')}</option>
          {templates.map((candidate) => (
            <option key={candidate.sid} value={candidate.sid}>
              {t('messages:template.option', { name: candidate.friendlyName, language: candidate.language })}
            </option>
          ))}
        </HTMLSelect>
      </FormGroup>
      {template && <p className={Classes.TEXT_MUTED}>{template.body}</p>}
      {keys.map((key) => (
        <FormGroup key={key} label={t('messages:template.variable', { n: key })} labelFor={`${idPrefix}-var-${key}`}>
          <LimitedInput
            id={`${idPrefix}-var-${key}`}
            value={values[key] ?? ''}
            max={TEMPLATE_VARIABLE_MAX}
            onValueChange={(value) => setValues((current) => ({ ...current, [key]: value }))}
          />
        </FormGroup>
      ))}
      <Button
        intent={Intent.PRIMARY}
        loading={saving}
        disabled={requireTemplate && !template}
        onClick={save}
        text={submitLabel ?? t('messages:template.save')}
      />
    </div>
  );
}
