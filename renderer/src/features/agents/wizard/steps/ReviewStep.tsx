import { Callout, Classes, FormGroup, H3, Intent, TextArea } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { StepProps } from './SectorStep.tsx';

/** The generated system prompt, editable before creation (spec 001 §2.2). */
export function ReviewStep({ draft, onChange, notice }: StepProps & { notice: 'offline' | 'failed' | null }) {
  const { t } = useTranslation();
  return (
    <section className="wizard-step">
      <H3>{t('agents:wizard.review.title')}</H3>
      <p className={Classes.TEXT_MUTED}>{t('agents:wizard.review.subtitle')}</p>
      {notice && (
        <Callout
          intent={notice === 'failed' ? Intent.DANGER : Intent.WARNING}
          icon={notice === 'failed' ? 'error' : 'offline'}
        >
          {t(`agents:wizard.review.${notice}`)}
        </Callout>
      )}
      <FormGroup label={t('agents:wizard.review.label')} labelFor="wizard-prompt">
        <TextArea
          id="wizard-prompt"
          fill
          rows={16}
          value={draft.prompt}
          onChange={(e) => {
            const prompt = e.target.value;
            onChange((d) => ({ ...d, prompt }));
          }}
        />
      </FormGroup>
    </section>
  );
}
