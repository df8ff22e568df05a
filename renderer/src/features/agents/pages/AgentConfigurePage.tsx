import { Button, Card, Classes, H2, Intent, Tab, Tabs, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useSaveShortcut } from '../configure/useSaveShortcut.ts';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router-dom';
import { EditorNotices } from '../../../components/EditorNotices.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { toastError, toastSuccess } from '../../../components/toaster.ts';
import { isEditConflict } from '../../../components/unsavedChanges.ts';
import { afterOwnWrite, useEditBase } from '../../../components/useEditBase.ts';
import { useSingleSave } from '../../../lib/singleFlight.ts';
import { toAppError } from '../../../errors/appError.ts';
import {
  useAgentQuery,
  useFetchFreshAgent,
  useUpdateAgentMutation,
  useUploadAgentAvatarMutation,
  type AgentDetail,
} from '../api/agentDetail.ts';
import { useSectorsQuery, type Sector } from '../api/catalogue.ts';
import {
  canSave,
  changedColumns,
  changesPublicAddress,
  configureSubdomainError,
  generalProblems,
  holdsEdits,
  type GeneralForm,
} from '../configure/configureModel.ts';
import { GeneralTab } from '../configure/GeneralTab.tsx';
import { SubdomainChangeAlert } from '../configure/SubdomainChangeAlert.tsx';
import { refusedField, type AgentField, type FieldProblem } from '../fieldErrors.ts';
import { agentDomainHost } from '../wizard/agentDomain.ts';
import { useSubdomainCheck } from '../wizard/useSubdomainCheck.ts';
import { KnowledgeTab } from '../../knowledge/components/KnowledgeTab.tsx';
import { ConnectorsTab } from '../../connectors/components/ConnectorsTab.tsx';
import { ToolsTab } from '../tools/ToolsTab.tsx';
import { InteractionsEditor } from '../../interactions/InteractionsEditor.tsx';
import './agents.css';

function formOf(agent: AgentDetail): GeneralForm {
  return {
    name: agent.name,
    companyName: agent.companyName ?? '',
    defaultLanguage: agent.defaultLanguage,
    subdomain: agent.subdomain ?? '',
    directoryListed: agent.directoryListed,
    voice: agent.voice,
    voiceMaxCallSeconds: agent.voiceMaxCallSeconds,
    voiceIdleSeconds: agent.voiceIdleSeconds,
    sectorId: agent.sector ?? '',
    subSectorId: agent.subSector ?? '',
    description: agent.description,
  };
}

function sameForm(a: GeneralForm, b: GeneralForm): boolean {
  return (Object.keys(a) as (keyof GeneralForm)[]).every((key) => a[key] === b[key]);
}

/** /agents/{id}/configure: an unknown agent sends the user back to /agents. */
export function AgentConfigurePage() {
  const { t } = useTranslation();
  const { agentId = '' } = useParams();
  const agent = useAgentQuery(agentId);
  const sectors = useSectorsQuery();
  return (
    <div className="agents-page configure-page">
      <QueryState query={agent} errorTitle={t('agents:list.errorTitle')}>
        {(found) =>
          found ? (
            <QueryState query={sectors} errorTitle={t('agents:list.errorTitle')}>
              {(sectorList) => <ConfigureForm key={found.id} agent={found} sectors={sectorList} />}
            </QueryState>
          ) : (
            <Navigate to="/agents" replace />
          )
        }
      </QueryState>
    </div>
  );
}

function ConfigureForm({ agent, sectors }: { agent: AgentDetail; sectors: Sector[] }) {
  const { t } = useTranslation();
  const [form, setForm] = useState<GeneralForm>(() => formOf(agent));
  const [base, setBase] = useEditBase(
    agent,
    (b) => !sameForm(form, formOf(b)),
    (next) => setForm(formOf(next)),
  );
  const saved = formOf(base);
  const update = useUpdateAgentMutation(agent.id);
  const fetchFresh = useFetchFreshAgent(agent.id);
  const avatar = useUploadAgentAvatarMutation(agent);
  const saving = useSingleSave();
  const [saveFailed, setSaveFailed] = useState(false);
  const [conflict, setConflict] = useState(false);
  const [resolving, setResolving] = useState(false);
  const [confirmingAddress, setConfirmingAddress] = useState(false);
  /** The database's refusal of one field, shown there while the field keeps the refused value. */
  const [refusal, setRefusal] = useState<{ field: AgentField; problem: FieldProblem; value: string } | null>(null);
  const current = saved.subdomain;
  const check = useSubdomainCheck(form.subdomain === current ? '' : form.subdomain, agent.id);
  const refused = refusal && formValue(form, refusal.field) === refusal.value ? refusal : null;
  const subdomainError =
    refused?.field === 'subdomain' ? refused.problem.reason : configureSubdomainError(form.subdomain, current, check);
  const problems = { ...generalProblems(form), ...(refused ? { [refused.field]: refused.problem } : {}) };
  const changes = changedColumns(form, saved);
  const dirty = Object.keys(changes).length > 0;
  const enabled = canSave(form, saved, check, update.isPending || saving.inFlight) && dirty;

  /** Writes the changed fields as edits made on `expectedVersion` (Postgres checks it). */
  const persist = (expectedVersion: number) =>
    saving.run(async () => {
      setSaveFailed(false);
      setRefusal(null);
      const adopt = (stored: AgentDetail) => {
        setBase(stored);
        setForm(formOf(stored));
        setConflict(false);
        toastSuccess(t('agents:configure.saved'));
      };
      try {
        adopt(await update.mutateAsync({ columns: changes, expectedVersion }));
      } catch (error) {
        if (isEditConflict(error)) {
          // The newer version may be this user's own save echoed back (a request that was already
          // on its way): when the server already holds exactly these edits, they are saved.
          const fresh = await fetchFresh().catch(() => null);
          if (fresh && holdsEdits(form, formOf(fresh))) return adopt(fresh);
          return setConflict(true);
        }
        console.warn('agent update failed', toAppError(error, 'updateAgent'));
        // A field the database refused says so next to it; anything else is the generic failure.
        const field = refusedField(error);
        if (field && formValue(form, field.field) !== undefined)
          return setRefusal({ ...field, value: formValue(form, field.field) ?? '' });
        setSaveFailed(true);
      }
    });
  const save = async () => {
    if (!enabled || conflict || saving.inFlight) return;
    // Moving the public page breaks what was shared with the old address: ask first.
    if (changesPublicAddress(form, saved)) return setConfirmingAddress(true);
    await persist(base.version);
  };
  useSaveShortcut(save);

  // After a conflict: take the other version (edits dropped) or write these edits over it.
  const resolve = async (choice: 'reload' | 'overwrite') => {
    setResolving(true);
    try {
      const fresh = await fetchFresh();
      if (!fresh) return;
      if (choice === 'overwrite') return await persist(fresh.version);
      setBase(fresh);
      setForm(formOf(fresh));
      setConflict(false);
    } catch (error) {
      console.warn('reloading the agent failed', toAppError(error, 'fetchAgents'));
      setSaveFailed(true);
    } finally {
      setResolving(false);
    }
  };

  return (
    <>
      <header className="agents-header">
        <div>
          <H2>{t('agents:configure.title')}</H2>
          <p className={Classes.TEXT_MUTED}>{t('agents:configure.subtitle', { name: agent.name })}</p>
        </div>
        <div className="configure-save">
          {dirty && (
            <Tag intent={Intent.WARNING} minimal>
              {t('agents:configure.unsaved')}
            </Tag>
          )}
          <Button
            intent={Intent.PRIMARY}
            icon="floppy-disk"
            text={t('agents:configure.save')}
            title={t('agents:configure.shortcut')}
            loading={update.isPending || saving.inFlight}
            disabled={!enabled || conflict}
            onClick={() => void save()}
          />
        </div>
      </header>
      <EditorNotices
        dirty={dirty}
        conflict={conflict}
        busy={resolving || update.isPending || saving.inFlight}
        onResolve={(choice) => void resolve(choice)}
        saveFailed={saveFailed}
        saveFailedText={t('agents:configure.saveFailed')}
      />
      <SubdomainChangeAlert
        isOpen={confirmingAddress}
        from={`${saved.subdomain}.${agentDomainHost()}`}
        to={form.subdomain === '' ? '—' : `${form.subdomain}.${agentDomainHost()}`}
        onCancel={() => setConfirmingAddress(false)}
        onConfirm={() => {
          setConfirmingAddress(false);
          void persist(base.version);
        }}
      />
      <Card>
        <Tabs id="configure-tabs" defaultSelectedTabId="general">
          <Tab
            id="general"
            title={t('agents:configure.tabs.general')}
            panel={
              <GeneralTab
                form={form}
                onChange={(patch) => setForm((f) => ({ ...f, ...patch }))}
                sectors={sectors}
                subdomainError={subdomainError}
                problems={problems}
                check={form.subdomain === current ? null : check}
                host={agentDomainHost()}
                avatarUrl={agent.avatarUrl}
                avatarUploading={avatar.isPending}
                onAvatar={(file) =>
                  avatar.mutate(file, {
                    onSuccess: (updated) => {
                      setBase((b) => afterOwnWrite(b, updated));
                      toastSuccess(t('agents:configure.avatarUploaded'));
                    },
                    onError: (error) => toastError(toAppError(error), t),
                  })
                }
              />
            }
          />
          <Tab id="knowledge" title={t('knowledge:tab')} panel={<KnowledgeTab agentId={agent.id} />} />
          <Tab id="tools" title={t('agentTools:tab')} panel={<ToolsTab agent={agent} />} />
          <Tab id="interactions" title={t('interactions:page.title')} panel={<InteractionsEditor agent={agent} />} />
          <Tab id="connectors" title={t('connectors:tab')} panel={<ConnectorsTab agent={agent} />} />
        </Tabs>
      </Card>
    </>
  );
}

/** The form's value of an agent field it edits (the system prompt is `description`), else undefined. */
function formValue(form: GeneralForm, field: AgentField): string | undefined {
  if (field === 'prompt') return form.description;
  if (field === 'name' || field === 'companyName' || field === 'subdomain') return form[field];
  return undefined;
}
