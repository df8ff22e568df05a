import { Button, ButtonGroup, Card, Classes, H2, Intent, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useSaveShortcut } from '../configure/useSaveShortcut.ts';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router-dom';
import { EditorNotices } from '../../../components/EditorNotices.tsx';
import { CharCounter, charLength } from '../../../components/CharCounter.tsx';
import { LimitedTextArea } from '../../../components/LimitedText.tsx';
import { AGENT_LIMITS } from '@contracts/field-limits.ts';
import { QueryState } from '../../../components/QueryState.tsx';
import { toastSuccess } from '../../../components/toaster.ts';
import { isEditConflict } from '../../../components/unsavedChanges.ts';
import { useEditBase } from '../../../components/useEditBase.ts';
import { useSingleSave } from '../../../lib/singleFlight.ts';
import { useAgentQuery, useFetchFreshAgent, useUpdateAgentMutation, type AgentDetail } from '../api/agentDetail.ts';
import { useBackupMutations, useBackupsQuery, type PromptBackup } from '../api/promptBackups.ts';
import { AssistantPanel } from '../prompts/AssistantPanel.tsx';
import { BackupsDialog, CreateBackupDialog } from '../prompts/BackupDialogs.tsx';
import { MarkdownPreview } from '../prompts/MarkdownPreview.tsx';
import './agents.css';

/** /agents/{id}/prompts: an unknown agent sends the user back to /agents. */
export function AgentPromptsPage() {
  const { t } = useTranslation();
  const { agentId = '' } = useParams();
  const agent = useAgentQuery(agentId);
  return (
    <div className="agents-page prompts-page">
      <QueryState query={agent} errorTitle={t('agents:list.errorTitle')}>
        {(found) => (found ? <PromptEditor key={found.id} agent={found} /> : <Navigate to="/agents" replace />)}
      </QueryState>
    </div>
  );
}

function PromptEditor({ agent }: { agent: AgentDetail }) {
  const { t } = useTranslation();
  const [prompt, setPrompt] = useState(agent.description);
  const [mode, setMode] = useState<'raw' | 'markdown'>('raw');
  const [dialog, setDialog] = useState<'create' | 'list' | null>(null);
  const [saveFailed, setSaveFailed] = useState(false);
  const [conflict, setConflict] = useState(false);
  const [resolving, setResolving] = useState(false);
  const update = useUpdateAgentMutation(agent.id);
  const saving = useSingleSave();
  const fetchFresh = useFetchFreshAgent(agent.id);
  const backups = useBackupsQuery(agent.id);
  const { create, remove } = useBackupMutations(agent);
  const [base, setBase] = useEditBase(
    agent,
    (b) => prompt !== b.description,
    (next) => setPrompt(next.description),
  );
  const dirty = prompt !== base.description;

  /** Writes `text` as an edit made on `expectedVersion` (Postgres checks it); true when stored. */
  const persist = async (text: string, expectedVersion: number): Promise<boolean> => {
    try {
      const updated = await update.mutateAsync({ columns: { description: text }, expectedVersion });
      setBase(updated);
      setConflict(false);
      return true;
    } catch (error) {
      if (!isEditConflict(error)) throw error;
      // A newer version holding exactly this prompt is the user's own earlier save echoed back.
      const fresh = await fetchFresh().catch(() => null);
      if (fresh?.description === text) {
        setBase(fresh);
        setConflict(false);
        return true;
      }
      setConflict(true);
      throw error;
    }
  };

  const save = () =>
    saving.run(async () => {
      if (!dirty || update.isPending || conflict || charLength(prompt) > AGENT_LIMITS.prompt) return;
      setSaveFailed(false);
      try {
        await persist(prompt, base.version);
        toastSuccess(t('agents:prompts.saved'));
      } catch (error) {
        console.warn('prompt save failed', error);
        if (!isEditConflict(error)) setSaveFailed(true);
      }
    });
  useSaveShortcut(save);

  // After a conflict: take the other prompt (edits dropped) or write this one over it.
  const resolve = async (choice: 'reload' | 'overwrite') => {
    setResolving(true);
    setSaveFailed(false);
    try {
      const fresh = await fetchFresh();
      if (!fresh) return;
      if (choice === 'overwrite') {
        await persist(prompt, fresh.version);
        toastSuccess(t('agents:prompts.saved'));
        return;
      }
      setBase(fresh);
      setPrompt(fresh.description);
      setConflict(false);
    } catch (error) {
      console.warn('resolving the prompt conflict failed', error);
      if (!isEditConflict(error)) setSaveFailed(true);
    } finally {
      setResolving(false);
    }
  };

  const restore = (backup: PromptBackup) => {
    // The editor takes the backup; pushing it to the store may fail silently,
    // in which case the unsaved indicator stays on and Save is still possible.
    setPrompt(backup.systemPrompt);
    setDialog(null);
    persist(backup.systemPrompt, base.version)
      .then(() => toastSuccess(t('agents:prompts.backup.restored')))
      .catch((error: unknown) => console.warn('restoring the backup to the server failed', error));
  };

  const count = backups.data?.length ?? 0;
  // The prompt's column limit, from the contract the database restates: past it Save is off.
  const tooLong = charLength(prompt) > AGENT_LIMITS.prompt;
  return (
    <>
      <header className="agents-header">
        <div>
          <H2>{t('agents:prompts.title')}</H2>
          <p className={Classes.TEXT_MUTED}>{t('agents:prompts.subtitle', { name: agent.name })}</p>
        </div>
        <div className="configure-save">
          {/* Always laid out, hidden while clean: the first keystroke must not shift the toolbar. */}
          <Tag
            intent={Intent.WARNING}
            minimal
            className={dirty ? undefined : 'is-reserved'}
            aria-hidden={dirty ? undefined : true}
            data-testid="prompt-unsaved"
          >
            {t('agents:prompts.unsaved')}
          </Tag>
          <Button icon="archive" text={t('agents:prompts.createBackup')} onClick={() => setDialog('create')} />
          <Button icon="history" text={t('agents:prompts.backups', { count })} onClick={() => setDialog('list')} />
          <Button
            intent={Intent.PRIMARY}
            icon="floppy-disk"
            text={t('agents:prompts.save')}
            loading={update.isPending || saving.inFlight}
            disabled={!dirty || conflict || saving.inFlight || tooLong}
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
        saveFailedText={t('agents:prompts.saveFailed')}
      />
      <div className="prompts-layout">
        <Card className="prompts-editor">
          <ButtonGroup>
            <Button
              text={t('agents:prompts.raw')}
              active={mode === 'raw'}
              aria-pressed={mode === 'raw'}
              onClick={() => setMode('raw')}
            />
            <Button
              text={t('agents:prompts.markdown')}
              active={mode === 'markdown'}
              aria-pressed={mode === 'markdown'}
              onClick={() => setMode('markdown')}
            />
          </ButtonGroup>
          {mode === 'raw' ? (
            <LimitedTextArea
              id="prompt-editor"
              aria-label={t('agents:prompts.editorLabel')}
              fill
              rows={24}
              value={prompt}
              max={AGENT_LIMITS.prompt}
              counterTestId="prompt-counter"
              onValueChange={setPrompt}
            />
          ) : (
            <>
              <MarkdownPreview source={prompt} />
              <CharCounter value={prompt} max={AGENT_LIMITS.prompt} testId="prompt-counter" />
            </>
          )}
        </Card>
        <AssistantPanel prompt={prompt} onPrompt={setPrompt} />
      </div>
      <CreateBackupDialog
        isOpen={dialog === 'create'}
        onClose={() => setDialog(null)}
        onCreate={async (backup) => {
          await create.mutateAsync({ ...backup, systemPrompt: prompt });
          toastSuccess(t('agents:prompts.backup.created'));
        }}
      />
      <BackupsDialog
        isOpen={dialog === 'list'}
        onClose={() => setDialog(null)}
        backups={backups.data ?? []}
        onRestore={restore}
        onDelete={async (backup) => {
          await remove.mutateAsync(backup.id);
          toastSuccess(t('agents:prompts.backup.deleted'));
        }}
      />
    </>
  );
}
