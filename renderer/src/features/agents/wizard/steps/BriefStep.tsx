import { Button, ButtonGroup, Callout, FormGroup, H3, Intent } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OWNER_ASSIST_LIMITS } from '@contracts/field-limits.ts';
import { LimitedTextArea } from '../../../../components/LimitedText.tsx';
import { isLimitRefusal } from '../../../../errors/limitMessage.ts';
import { draftBrief, improveBrief } from '../../api/ownerAssist.ts';
import type { StepProps } from './SectorStep.tsx';
import { errorText } from '../../../../errors/errorText.ts';

/** Free-text brief with AI drafting and improving. */
export function BriefStep({
  draft,
  onChange,
  sectorName,
  onBusy,
}: StepProps & { sectorName: string; onBusy: (busy: boolean) => void }) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState<'draft' | 'improve' | null>(null);
  const [notice, setNotice] = useState<'failed' | 'offline' | null>(null);
  // A refusal for a limit (the AI helpers' rate) is said with that limit, not as a failure.
  const [limited, setLimited] = useState<string | null>(null);
  const language = i18n.language === 'fr' ? 'fr' : 'en';

  const run = async (kind: 'draft' | 'improve') => {
    setBusy(kind);
    onBusy(true);
    setNotice(null);
    setLimited(null);
    try {
      const answer =
        kind === 'improve'
          ? await improveBrief(draft.brief, language)
          : await draftBrief({ companyName: draft.companyName, sector: sectorName, notes: draft.brief, language });
      // The owner's own text stays recoverable with Ctrl+Z only if we do not touch it on failure.
      if (answer.result.brief.trim()) onChange((d) => ({ ...d, brief: answer.result.brief }));
      setNotice(answer.offline ? 'offline' : null);
    } catch (error) {
      console.warn('brief assistance failed', error);
      if (isLimitRefusal(error)) setLimited(errorText(t, error));
      else setNotice('failed');
    } finally {
      setBusy(null);
      onBusy(false);
    }
  };

  return (
    <section className="wizard-step">
      <H3>{t('agents:wizard.brief.title')}</H3>
      <FormGroup label={t('agents:wizard.brief.label')} labelFor="wizard-brief">
        <LimitedTextArea
          id="wizard-brief"
          fill
          rows={10}
          value={draft.brief}
          max={OWNER_ASSIST_LIMITS.brief}
          placeholder={t('agents:wizard.brief.placeholder')}
          disabled={busy !== null}
          onValueChange={(brief) => onChange((d) => ({ ...d, brief }))}
        />
      </FormGroup>
      <ButtonGroup>
        <Button
          icon="manually-entered-data"
          text={t('agents:wizard.brief.draft')}
          loading={busy === 'draft'}
          disabled={busy !== null}
          onClick={() => void run('draft')}
        />
        <Button
          icon="clean"
          text={t('agents:wizard.brief.improve')}
          loading={busy === 'improve'}
          disabled={busy !== null || draft.brief.trim() === ''}
          onClick={() => void run('improve')}
        />
      </ButtonGroup>
      {notice === 'failed' && (
        <Callout intent={Intent.DANGER} icon="error">
          {t('agents:wizard.brief.aiFailed')}
        </Callout>
      )}
      {limited && (
        <Callout intent={Intent.WARNING} icon="time" data-testid="wizard-brief-limit">
          {limited}
        </Callout>
      )}
      {notice === 'offline' && (
        <Callout intent={Intent.WARNING} icon="offline">
          {t('agents:wizard.brief.offline')}
        </Callout>
      )}
    </section>
  );
}
