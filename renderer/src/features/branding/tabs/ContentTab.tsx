import { FormGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { LimitedInput } from '../../../components/LimitedText.tsx';
import { HEADLINE_MAX, SUBTITLE_MAX } from '../brandingModel.ts';
import { RichTextEditor } from '../RichTextEditor.tsx';
import type { TabProps } from './types.ts';
import { BRANDING_LIMITS } from '@contracts/field-limits.ts';

/** Headline and hero subtitle within their limits (counters), and the rich-text About. */
export function ContentTab({ form, onChange }: TabProps) {
  const { t } = useTranslation();
  return (
    <div className="branding-tab">
      <FormGroup label={t('branding:content.headline')} labelFor="branding-headline">
        <LimitedInput
          id="branding-headline"
          value={form.heroTitle}
          max={HEADLINE_MAX}
          onValueChange={(heroTitle) => onChange({ heroTitle })}
        />
      </FormGroup>
      <FormGroup label={t('branding:content.heroSubtitle')} labelFor="branding-subtitle">
        <LimitedInput
          id="branding-subtitle"
          value={form.heroSubtitle}
          max={SUBTITLE_MAX}
          counterTestId="subtitle-counter"
          onValueChange={(heroSubtitle) => onChange({ heroSubtitle })}
        />
      </FormGroup>
      <FormGroup
        label={t('branding:content.about')}
        labelFor="branding-about"
        helperText={t('branding:content.aboutCounts')}
      >
        <RichTextEditor
          id="branding-about"
          value={form.aboutText}
          max={BRANDING_LIMITS.aboutText}
          onChange={(aboutText) => onChange({ aboutText })}
        />
      </FormGroup>
    </div>
  );
}
