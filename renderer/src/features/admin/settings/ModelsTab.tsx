import { FormGroup, HTMLSelect } from '@blueprintjs/core';
import { CALL_MODEL_OPTIONS, TEXT_MODEL_OPTIONS, type ModelSettingsForm } from '@contracts/ai-models.ts';
import { useTranslation } from 'react-i18next';
import type { ConsoleKey } from '../../../i18n/keys.ts';

const fields = [
  { key: 'chatModel', label: 'admin:settings.chatModel', options: TEXT_MODEL_OPTIONS },
  { key: 'whatsappModel', label: 'admin:settings.whatsappModel', options: TEXT_MODEL_OPTIONS },
  { key: 'internalCallModel', label: 'admin:settings.internalCallModel', options: CALL_MODEL_OPTIONS },
  { key: 'gsmCallModel', label: 'admin:settings.gsmCallModel', options: CALL_MODEL_OPTIONS },
] as const satisfies readonly { key: keyof ModelSettingsForm; label: ConsoleKey; options: readonly string[] }[];

/** 'AI Models': one list per use; a stored name outside the list stays selectable. */
export function ModelsTab({
  value,
  onChange,
}: {
  value: ModelSettingsForm;
  onChange: (next: ModelSettingsForm) => void;
}) {
  const { t } = useTranslation();
  return (
    <div>
      <p className="admin-muted">{t('admin:settings.modelsHelp')}</p>
      {fields.map(({ key, label, options }) => {
        const current = value[key];
        const known = (options as readonly string[]).includes(current);
        return (
          <FormGroup key={key} label={t(label)} labelFor={`model-${key}`}>
            <HTMLSelect
              id={`model-${key}`}
              fill
              value={current}
              onChange={(e) => onChange({ ...value, [key]: e.target.value })}
              options={[
                ...(known ? [] : [{ value: current, label: t('admin:settings.customValue', { model: current }) }]),
                ...options.map((model) => ({ value: model, label: model })),
              ]}
            />
          </FormGroup>
        );
      })}
    </div>
  );
}
