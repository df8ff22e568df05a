import { FormGroup, H5 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import {
  lengthBar,
  META_DESCRIPTION,
  META_TITLE,
  SOCIAL_DESCRIPTION_MAX,
  SOCIAL_TITLE_MAX,
  type BrandingForm,
} from '../brandingModel.ts';
import type { TabProps } from './types.ts';
import { LimitedInput, LimitedTextArea } from '../../../components/LimitedText.tsx';

type Rule = { max: number; optimalMin: number; optimalMax: number };

/** The coloured length bar: orange under the optimal range, green within, red over. */
function LengthMeter({ text, rule, testId }: { text: string; rule: Rule; testId: string }) {
  const { t } = useTranslation();
  const bar = lengthBar(text.length, rule);
  return (
    <div className="seo-meter" data-testid={testId} data-level={bar.level}>
      <div className="seo-meter-track">
        <div className={`seo-meter-fill seo-${bar.level}`} style={{ width: `${bar.percent}%` }} />
      </div>
      <span className="seo-meter-text">
        {t(`branding:seo.level.${bar.level}`)} ·{' '}
        {t('branding:seo.optimal', { min: rule.optimalMin, max: rule.optimalMax })}
      </span>
    </div>
  );
}

function Field({
  id,
  label,
  value,
  max,
  multiline,
  onChange,
  children,
}: {
  id: string;
  label: string;
  value: string;
  max: number;
  multiline?: boolean;
  onChange: (v: string) => void;
  children?: React.ReactNode;
}) {
  return (
    <FormGroup label={label} labelFor={id}>
      {multiline ? (
        <LimitedTextArea id={id} value={value} max={max} fill rows={3} onValueChange={onChange} />
      ) : (
        <LimitedInput id={id} value={value} max={max} onValueChange={onChange} />
      )}
      {children}
    </FormGroup>
  );
}

/** What a search result and a shared link would show, with the public page's fallbacks. */
export function seoTexts(form: BrandingForm, agentName: string) {
  const title = form.metaTitle || form.heroTitle || agentName;
  const description = form.metaDescription || form.heroSubtitle;
  return {
    title,
    description,
    ogTitle: form.ogTitle || title,
    ogDescription: form.ogDescription || description,
    twitterTitle: form.twitterTitle || form.ogTitle || title,
    twitterDescription: form.twitterDescription || form.ogDescription || description,
  };
}

export function SeoTab({ form, onChange, agentName, pageUrl }: TabProps & { agentName: string; pageUrl: string }) {
  const { t } = useTranslation();
  const s = seoTexts(form, agentName);
  const host = pageUrl.replace(/^https?:\/\//, '').replace(/\/$/, '');
  return (
    <div className="branding-tab">
      <Field
        id="seo-meta-title"
        label={t('branding:seo.metaTitle')}
        value={form.metaTitle}
        max={META_TITLE.max}
        onChange={(metaTitle) => onChange({ metaTitle })}
      >
        <LengthMeter text={form.metaTitle} rule={META_TITLE} testId="meta-title-bar" />
      </Field>
      <Field
        id="seo-meta-description"
        label={t('branding:seo.metaDescription')}
        value={form.metaDescription}
        max={META_DESCRIPTION.max}
        multiline
        onChange={(metaDescription) => onChange({ metaDescription })}
      >
        <LengthMeter text={form.metaDescription} rule={META_DESCRIPTION} testId="meta-description-bar" />
      </Field>
      <Field
        id="seo-og-title"
        label={t('branding:seo.ogTitle')}
        value={form.ogTitle}
        max={SOCIAL_TITLE_MAX}
        onChange={(ogTitle) => onChange({ ogTitle })}
      />
      <Field
        id="seo-og-description"
        label={t('branding:seo.ogDescription')}
        value={form.ogDescription}
        max={SOCIAL_DESCRIPTION_MAX}
        multiline
        onChange={(ogDescription) => onChange({ ogDescription })}
      />
      <Field
        id="seo-twitter-title"
        label={t('branding:seo.twitterTitle')}
        value={form.twitterTitle}
        max={SOCIAL_TITLE_MAX}
        onChange={(twitterTitle) => onChange({ twitterTitle })}
      />
      <Field
        id="seo-twitter-description"
        label={t('branding:seo.twitterDescription')}
        value={form.twitterDescription}
        max={SOCIAL_DESCRIPTION_MAX}
        multiline
        onChange={(twitterDescription) => onChange({ twitterDescription })}
      />
      <H5>{t('branding:seo.previews')}</H5>
      <div className="seo-previews">
        <div className="seo-preview seo-google" data-testid="google-preview">
          <span className="seo-preview-label">{t('branding:seo.google')}</span>
          <span className="seo-google-url">{host}</span>
          <span className="seo-google-title">{s.title.slice(0, 60)}</span>
          <span className="seo-google-description">{s.description.slice(0, 160)}</span>
        </div>
        <div className="seo-preview seo-facebook" data-testid="facebook-preview">
          <span className="seo-preview-label">{t('branding:seo.facebook')}</span>
          <div className="seo-card-image" style={{ background: form.primaryColor }} />
          <span className="seo-card-host">{host.toUpperCase()}</span>
          <span className="seo-card-title">{s.ogTitle}</span>
          <span className="seo-card-description">{s.ogDescription}</span>
        </div>
        <div className="seo-preview seo-twitter" data-testid="twitter-preview">
          <span className="seo-preview-label">{t('branding:seo.twitter')}</span>
          <div className="seo-card-image" style={{ background: form.secondaryColor }} />
          <span className="seo-card-title">{s.twitterTitle}</span>
          <span className="seo-card-description">{s.twitterDescription}</span>
          <span className="seo-card-host">{host}</span>
        </div>
      </div>
    </div>
  );
}
