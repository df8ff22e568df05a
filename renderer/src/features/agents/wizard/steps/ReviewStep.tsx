import { Callout, Classes, FormGroup, H3, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { AGENT_LIMITS } from '@contracts/field-limits.ts';
import { LimitedTextArea } from '../../../../components/LimitedText.tsx';
import { problemMessage, type FieldErrors } from '../../fieldErrors.ts';
import { reviewProblems } from '../wizardModel.ts';
import type { StepProps } from './SectorStep.tsx';
import type { ConsoleKey } from '../../../../i18n/keys.ts';
import { messageText } from '../../../../errors/errorText.ts';

const REVIEW_NOTICE_TEXT = {
  offline: 'agents:wizard.review.offline',
  failed: 'agents:wizard.review.failed',
} as const satisfies Record<'offline' | 'failed', ConsoleKey>;

/** The generated system prompt, editable before creation. */
export function ReviewStep({
  draft,
  onChange,
  notice,
  limited = null,
  refused = {},
}: StepProps & { notice: 'offline' | 'failed' | null; limited?: string | null; refused?: FieldErrors }) {
  const { t } = useTranslation();
  const problem = refused.prompt ?? reviewProblems(draft).prompt;
  const message = problem ? problemMessage(problem) : null;
  return (
    <section className="wizard-step">
      <H3>{t('agents:wizard.review.title')}</H3>
      <p className={Classes.TEXT_MUTED}>{t('agents:wizard.review.subtitle')}</p>
      {notice && (
        <Callout
          intent={notice === 'failed' ? Intent.DANGER : Intent.WARNING}
          icon={notice === 'failed' ? 'error' : 'offline'}
        >
          {t(REVIEW_NOTICE_TEXT[notice])}
          {/* Refused by a limit: which one, and when the helper answers again. */}
          {notice === 'failed' && limited ? <p data-testid="wizard-prompt-limit">{limited}</p> : null}
        </Callout>
      )}
      <FormGroup
        label={t('agents:wizard.review.label')}
        labelFor="wizard-prompt"
        intent={message ? Intent.DANGER : Intent.NONE}
        helperText={
          message ? <span data-testid="wizard-prompt-error">{messageText(t, message.key, message.values)}</span> : null
        }
      >
        <LimitedTextArea
          id="wizard-prompt"
          intent={message ? Intent.DANGER : Intent.NONE}
          fill
          rows={16}
          value={draft.prompt}
          max={AGENT_LIMITS.prompt}
          onValueChange={(prompt) => onChange((d) => ({ ...d, prompt }))}
        />
      </FormGroup>
    </section>
  );
}
