import { FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { isHexColour } from '@contracts/colour.ts';
import { FONT_FAMILIES, FONT_LABELS, type FontFamily } from '../brandingModel.ts';
import type { TabProps } from './types.ts';

function ColourField({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  const { t } = useTranslation();
  const valid = isHexColour(value);
  return (
    <FormGroup
      label={label}
      labelFor={id}
      helperText={valid ? undefined : t('branding:look.invalidColour')}
      intent={valid ? 'none' : 'danger'}
    >
      <div className="branding-colour">
        <input
          type="color"
          aria-label={t('branding:look.swatch', { label })}
          value={valid ? value : '#000000'}
          onChange={(e) => onChange(e.target.value)}
          data-testid={`${id}-swatch`}
        />
        <InputGroup
          id={id}
          value={value}
          maxLength={7}
          intent={valid ? 'none' : 'danger'}
          onValueChange={(v) => onChange(v.trim())}
        />
      </div>
    </FormGroup>
  );
}

/** Colours, font and avatar (Branding tab). */
export function LookTab({
  form,
  onChange,
  avatarUrl,
  agentName,
  avatarUploading,
  onAvatar,
}: TabProps & {
  avatarUrl: string | null;
  agentName: string;
  avatarUploading: boolean;
  onAvatar: (file: File) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="branding-tab">
      <ColourField
        id="branding-primary"
        label={t('branding:look.primaryColor')}
        value={form.primaryColor}
        onChange={(primaryColor) => onChange({ primaryColor })}
      />
      <ColourField
        id="branding-secondary"
        label={t('branding:look.secondaryColor')}
        value={form.secondaryColor}
        onChange={(secondaryColor) => onChange({ secondaryColor })}
      />
      <FormGroup label={t('branding:look.font')} labelFor="branding-font">
        <HTMLSelect
          id="branding-font"
          value={form.fontFamily}
          onChange={(e) => onChange({ fontFamily: e.currentTarget.value as FontFamily })}
          options={FONT_FAMILIES.map((f) => ({ value: f, label: FONT_LABELS[f] }))}
        />
      </FormGroup>
      <FormGroup label={t('branding:look.avatar')}>
        <div className="branding-avatar">
          {avatarUrl ? (
            <img src={avatarUrl} alt="" className="branding-avatar-image" />
          ) : (
            <span className="branding-avatar-image branding-avatar-initial" aria-hidden="true">
              {agentName.slice(0, 1).toUpperCase()}
            </span>
          )}
          <label className="bp6-button" aria-disabled={avatarUploading}>
            <input
              type="file"
              hidden
              accept="image/png,image/jpeg,image/gif,image/webp"
              disabled={avatarUploading}
              data-testid="branding-avatar-input"
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) onAvatar(file);
              }}
            />
            <span className="bp6-button-text">
              {avatarUploading ? t('branding:look.avatarUploading') : t('branding:look.changeAvatar')}
            </span>
          </label>
        </div>
      </FormGroup>
    </div>
  );
}
