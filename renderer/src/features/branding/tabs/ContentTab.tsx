import { FormGroup, InputGroup } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { counter, HEADLINE_MAX, SUBTITLE_MAX } from '../brandingModel.ts';
import { RichTextEditor } from '../RichTextEditor.tsx';
import type { TabProps } from './types.ts';

/** Headline (max 100), hero subtitle (counter /100) and the rich-text About. */
export function ContentTab({ form, onChange }: TabProps) {
  const { t } = useTranslation();
  const headline = counter(form.heroTitle, HEADLINE_MAX);
  const subtitle = counter(form.heroSubtitle, SUBTITLE_MAX);
  return (
    <div className="branding-tab">
      <FormGroup
        label={t('branding:content.headline')}
        labelFor="branding-headline"
        labelInfo={<span className={headline.over ? 'branding-count over' : 'branding-count'}>{headline.label}</span>}
        helperText={headline.over ? t('branding:content.tooLong', { max: HEADLINE_MAX }) : undefined}
        intent={headline.over ? 'danger' : 'none'}
      >
        <InputGroup
          id="branding-headline"
          value={form.heroTitle}
          maxLength={HEADLINE_MAX}
          onValueChange={(heroTitle) => onChange({ heroTitle })}
        />
      </FormGroup>
      <FormGroup
        label={t('branding:content.heroSubtitle')}
        labelFor="branding-subtitle"
        labelInfo={
          <span className={subtitle.over ? 'branding-count over' : 'branding-count'} data-testid="subtitle-counter">
            {subtitle.label}
          </span>
        }
        helperText={subtitle.over ? t('branding:content.tooLong', { max: SUBTITLE_MAX }) : undefined}
        intent={subtitle.over ? 'danger' : 'none'}
      >
        <InputGroup
          id="branding-subtitle"
          value={form.heroSubtitle}
          intent={subtitle.over ? 'danger' : 'none'}
          onValueChange={(heroSubtitle) => onChange({ heroSubtitle })}
        />
      </FormGroup>
      <FormGroup label={t('branding:content.about')} labelFor="branding-about">
        <RichTextEditor id="branding-about" value={form.aboutText} onChange={(aboutText) => onChange({ aboutText })} />
      </FormGroup>
    </div>
  );
}
