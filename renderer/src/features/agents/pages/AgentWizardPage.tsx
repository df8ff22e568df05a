import { Button, Callout, Card, Classes, H2, H4, Intent, ProgressBar, Spinner } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { QueryState } from '../../../components/QueryState.tsx';
import { toastSuccess } from '../../../components/toaster.ts';
import { useAuth } from '../../auth/session/AuthProvider.tsx';
import { useSectorsQuery, useToolsQuery, type CatalogueTool, type Sector } from '../api/catalogue.ts';
import { agentRowFromDraft, useCreateAgentMutation } from '../api/createAgent.ts';
import { isLimitRefusal } from '../../../errors/limitMessage.ts';
import { extractBrief, generatePrompt } from '../api/ownerAssist.ts';
import { packLimitMax } from '../api/packLimit.ts';
import { useAgentAllowanceQuery } from '../api/agentAllowance.ts';
import { allowanceFull } from '../agentAllowance.ts';
import { AgentAllowanceLine } from '../components/AgentAllowanceLine.tsx';
import { refusedField, type AgentField, type FieldProblem } from '../fieldErrors.ts';
import { agentDomainHost } from '../wizard/agentDomain.ts';
import { BasicInfoStep } from '../wizard/steps/BasicInfoStep.tsx';
import { BriefStep } from '../wizard/steps/BriefStep.tsx';
import { ReviewStep } from '../wizard/steps/ReviewStep.tsx';
import { SectorStep } from '../wizard/steps/SectorStep.tsx';
import { ToolsStep } from '../wizard/steps/ToolsStep.tsx';
import { useSubdomainCheck } from '../wizard/useSubdomainCheck.ts';
import { useWizardDraft } from '../wizard/useWizardDraft.ts';
import { useSingleFlight } from '../../../lib/singleFlight.ts';
import {
  WIZARD_STEPS,
  applyExtraction,
  canJumpTo,
  firstStepWithProblems,
  goTo,
  isStepValid,
  promptInputsKey,
  shouldExtract,
  shouldGeneratePrompt,
  stepIndex,
  stepOfField,
  type WizardDraft,
  type WizardStep,
} from '../wizard/wizardModel.ts';
import './agents.css';
import type { ConsoleKey } from '../../../i18n/keys.ts';
import { errorText } from '../../../errors/errorText.ts';

const STEP_LABEL = {
  sector: 'agents:wizard.steps.sector',
  brief: 'agents:wizard.steps.brief',
  basicInfo: 'agents:wizard.steps.basicInfo',
  tools: 'agents:wizard.steps.tools',
  review: 'agents:wizard.steps.review',
} as const satisfies Record<WizardStep, ConsoleKey>;

const OVERLAY_TEXT = {
  basicInfo: 'agents:wizard.overlays.basicInfo',
  finalConfiguration: 'agents:wizard.overlays.finalConfiguration',
} as const satisfies Record<'basicInfo' | 'finalConfiguration', ConsoleKey>;

/** /agents/new: loads the catalogues, then runs the wizard. */
export function AgentWizardPage() {
  const { t } = useTranslation();
  const sectors = useSectorsQuery();
  const tools = useToolsQuery();
  return (
    <div className="agents-page wizard-page">
      <Link to="/agents" className="wizard-back">
        ← {t('agents:wizard.back')}
      </Link>
      <H2>{t('agents:wizard.title')}</H2>
      <QueryState query={sectors} errorTitle={t('agents:list.errorTitle')}>
        {(sectorList) => (
          <QueryState query={tools} errorTitle={t('agents:list.errorTitle')}>
            {(toolList) => <Wizard sectors={sectorList} tools={toolList} />}
          </QueryState>
        )}
      </QueryState>
    </div>
  );
}

type Overlay = 'basicInfo' | 'finalConfiguration' | null;

function Wizard({ sectors, tools }: { sectors: Sector[]; tools: CatalogueTool[] }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { user } = useAuth();
  const userId = user?.id ?? '';
  const { draft, setDraft, clear } = useWizardDraft(userId);
  const check = useSubdomainCheck(draft.subdomain);
  const [overlay, setOverlay] = useState<Overlay>(null);
  const [briefBusy, setBriefBusy] = useState(false);
  const [extractOffline, setExtractOffline] = useState(false);
  const [promptNotice, setPromptNotice] = useState<'offline' | 'failed' | null>(null);
  /** The AI helpers' limit when it refused the prompt's generation, in the owner's words. */
  const [promptLimit, setPromptLimit] = useState<string | null>(null);
  const [createFailed, setCreateFailed] = useState(false);
  /** Agents the owner's pack allows, when the database refused the agent for that reason. */
  const [packLimit, setPackLimit] = useState<number | null>(null);
  /** The database's refusal of one field, shown there while the field keeps the refused value. */
  const [refusal, setRefusal] = useState<{ field: AgentField; problem: FieldProblem; value: string } | null>(null);
  const create = useCreateAgentMutation();
  const allowance = useAgentAllowanceQuery();
  // One agent per click on Create, however fast the clicks come.
  const once = useSingleFlight();
  const language = i18n.language === 'fr' ? 'fr' : 'en';
  const index = stepIndex(draft.step);
  const busy = overlay !== null || briefBusy || create.isPending;
  const valid = isStepValid(draft.step, draft, check);
  const refused =
    refusal && draftValue(draft, refusal.field) === refusal.value ? { [refusal.field]: refusal.problem } : {};
  const onChange = (update: (d: WizardDraft) => WizardDraft) => setDraft(update);
  const sector = sectors.find((s) => s.id === draft.sectorId);

  /** Runs the AI work tied to entering `step`, under its overlay; failures only leave fields empty. */
  const enter = async (step: WizardStep) => {
    if (step === 'basicInfo' && draft.step === 'brief' && shouldExtract(draft)) {
      setOverlay('basicInfo');
      const brief = draft.brief;
      try {
        const answer = await extractBrief(brief);
        setDraft((d) => ({ ...applyExtraction(d, answer.result), extractedFrom: brief }));
        setExtractOffline(answer.offline);
      } catch (error) {
        // Extraction fails silently; the owner fills the fields.
        console.warn('brief extraction failed', error);
        setDraft((d) => ({ ...d, extractedFrom: brief }));
      } finally {
        setOverlay(null);
      }
    }
    if (step === 'review' && shouldGeneratePrompt(draft)) {
      setOverlay('finalConfiguration');
      const key = promptInputsKey(draft);
      try {
        const answer = await generatePrompt({
          subSectorId: draft.subSectorId,
          agentName: draft.name.trim(),
          companyName: draft.companyName,
          brief: draft.brief,
          tools: draft.toolIds,
          language,
        });
        setDraft((d) => ({
          ...d,
          prompt: answer.result.prompt,
          generatedPrompt: answer.result.prompt,
          promptFrom: key,
        }));
        setPromptNotice(answer.offline ? 'offline' : null);
        setPromptLimit(null);
      } catch (error) {
        console.warn('system prompt generation failed', error);
        setPromptNotice('failed');
        setPromptLimit(isLimitRefusal(error) ? errorText(t, error) : null);
      } finally {
        setOverlay(null);
      }
    }
    setDraft((d) => goTo(d, step));
  };

  const next = () => {
    const following = WIZARD_STEPS[index + 1];
    if (following && valid && !busy) void enter(following);
  };
  const previous = () => {
    const before = WIZARD_STEPS[index - 1];
    if (before && !busy) setDraft((d) => goTo(d, before));
  };
  const submit = async () => {
    setCreateFailed(false);
    setPackLimit(null);
    // A value the database would refuse: back to its step, where its field says why.
    const badStep = firstStepWithProblems(draft);
    if (badStep) {
      setDraft((d) => goTo(d, badStep));
      return;
    }
    try {
      await create.mutateAsync(agentRowFromDraft(userId, draft, tools, new Date().toISOString(), i18n.language));
      clear();
      toastSuccess(t('agents:wizard.created'));
      void navigate('/agents');
    } catch (error) {
      // The draft stays in the form and in localStorage.
      console.warn('agent creation failed', error);
      const max = packLimitMax(error);
      const field = refusedField(error);
      if (max !== null) setPackLimit(max);
      else if (field) {
        setRefusal({ ...field, value: draftValue(draft, field.field) });
        setDraft((d) => goTo(d, stepOfField(field.field)));
      } else setCreateFailed(true);
    }
  };

  return (
    <>
      <nav
        className="wizard-progress"
        aria-label={t('agents:wizard.progress', { current: index + 1, total: WIZARD_STEPS.length })}
      >
        <ProgressBar
          value={(index + 1) / WIZARD_STEPS.length}
          intent={Intent.PRIMARY}
          stripes={false}
          animate={false}
        />
        <ol>
          {WIZARD_STEPS.map((step, i) => (
            <li key={step}>
              <Button
                variant="minimal"
                size="small"
                text={`${i + 1}. ${t(STEP_LABEL[step])}`}
                active={step === draft.step}
                aria-current={step === draft.step ? 'step' : undefined}
                disabled={busy || (step !== draft.step && !canJumpTo(draft, step))}
                onClick={() => setDraft((d) => goTo(d, step))}
              />
            </li>
          ))}
        </ol>
        <p className={Classes.TEXT_MUTED}>
          {t('agents:wizard.progress', { current: index + 1, total: WIZARD_STEPS.length })}
        </p>
      </nav>
      <Card className="wizard-card">
        {/* Said on the first step, before any answer is typed, not only when Create is refused. */}
        {draft.step === 'sector' && allowance.data && <AgentAllowanceLine allowance={allowance.data} />}
        {draft.step === 'sector' && allowance.data && allowanceFull(allowance.data) && (
          <Callout intent={Intent.WARNING} icon="lock" data-testid="allowance-full">
            {t('agents:allowance.full')} <Link to="/credits">{t('agents:wizard.seePacks')}</Link>
          </Callout>
        )}
        {draft.step === 'sector' && <SectorStep draft={draft} onChange={onChange} sectors={sectors} />}
        {draft.step === 'brief' && (
          <BriefStep draft={draft} onChange={onChange} sectorName={sector?.name ?? ''} onBusy={setBriefBusy} />
        )}
        {draft.step === 'basicInfo' && (
          <BasicInfoStep
            draft={draft}
            onChange={onChange}
            check={check}
            host={agentDomainHost()}
            offline={extractOffline}
            refused={refused}
          />
        )}
        {draft.step === 'tools' && <ToolsStep draft={draft} onChange={onChange} tools={tools} />}
        {draft.step === 'review' && (
          <ReviewStep draft={draft} onChange={onChange} notice={promptNotice} limited={promptLimit} refused={refused} />
        )}
        {createFailed && (
          <Callout intent={Intent.DANGER} icon="error">
            {t('agents:wizard.createFailed')}
          </Callout>
        )}
        {packLimit !== null && (
          <Callout intent={Intent.WARNING} icon="lock" data-testid="pack-limit">
            {t('agents:wizard.packLimit', { count: packLimit })}{' '}
            <Link to="/credits">{t('agents:wizard.seePacks')}</Link>
          </Callout>
        )}
        <div className="wizard-actions">
          <Button
            icon="arrow-left"
            text={t('agents:wizard.previous')}
            disabled={index === 0 || busy}
            onClick={previous}
          />
          {draft.step === 'review' ? (
            <Button
              intent={Intent.PRIMARY}
              icon="tick"
              text={t('agents:wizard.create')}
              loading={create.isPending}
              disabled={busy || !valid}
              onClick={() => once(submit)}
            />
          ) : (
            <Button
              intent={Intent.PRIMARY}
              endIcon="arrow-right"
              text={t('agents:wizard.next')}
              disabled={!valid || busy}
              onClick={next}
            />
          )}
        </div>
      </Card>
      {overlay && (
        <div className="wizard-overlay" role="alertdialog" aria-busy="true" aria-label={t(OVERLAY_TEXT[overlay])}>
          <Card className="wizard-overlay-card">
            <Spinner size={40} />
            <H4>{t(OVERLAY_TEXT[overlay])}</H4>
          </Card>
        </div>
      )}
    </>
  );
}

/** The draft's value of an agent field (the system prompt is the draft's `prompt`). */
function draftValue(draft: WizardDraft, field: AgentField): string {
  return draft[field];
}
