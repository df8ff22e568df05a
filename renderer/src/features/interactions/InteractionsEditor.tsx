import { Button, Card, Classes, Intent, Switch, Tag } from '@blueprintjs/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { EmptyState } from '../../components/EmptyState.tsx';
import { QueryState } from '../../components/QueryState.tsx';
import { toAppError } from '../../errors/appError.ts';
import { interactionsKeys, removeDocuments, saveInteractions, useInteractionsQuery } from './api.ts';
import { InteractionsAutosave, type AutosaveStatus } from './autosave.ts';
import { InteractionConfigDialog } from './InteractionConfigDialog.tsx';
import { AddInteractionDialog, DeleteInteractionAlert } from './InteractionDialogs.tsx';
import { addOrOpen, interactionIssues, orphanedDocuments, type Interaction, type InteractionType } from './model.ts';
import './interactions.css';
import { errorText } from '../../errors/errorText.ts';

export interface InteractionsAgent {
  id: string;
  userId: string;
}

/** The interactions list with its dialogs: the /interactions page and the configure tab share it. */
export function InteractionsEditor({ agent }: { agent: InteractionsAgent }) {
  const { t } = useTranslation();
  const query = useInteractionsQuery(agent.id);
  return (
    <QueryState query={query} errorTitle={t('interactions:page.errorTitle')}>
      {(loaded) => <Editor agent={agent} initial={loaded} />}
    </QueryState>
  );
}

const makeId = () => crypto.randomUUID();

export function isNewShortcut(event: KeyboardEvent): boolean {
  return (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'n';
}

function label(interaction: Interaction, t: TFunction): string {
  return interaction.name.trim() || t(`interactions:types.${interaction.type}`);
}

function summary(interaction: Interaction, t: TFunction): string {
  if (interaction.type === 'share_document') return interaction.config.file_name ?? t('interactions:list.noFile');
  return interaction.config.url.trim() || t('interactions:list.noUrl');
}

function Editor({ agent, initial }: { agent: InteractionsAgent; initial: Interaction[] }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [list, setList] = useState<Interaction[]>(initial);
  const [status, setStatus] = useState<{ kind: AutosaveStatus; message?: string }>({ kind: 'idle' });
  const [openId, setOpenId] = useState<string | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [toDelete, setToDelete] = useState<Interaction | null>(null);
  const [busy, setBusy] = useState(false);

  // One controller per editor: it holds the last saved list between renders.
  const [autosave] = useState(() => {
    const controller = new InteractionsAutosave({
      save: async (diff, saved, previous) => {
        await saveInteractions(agent, diff);
        void removeDocuments(orphanedDocuments(previous, saved));
        // The query cache is what a later visit starts from; it must hold what is stored now.
        client.setQueryData(interactionsKeys.agent(agent.id), saved);
      },
      onStatus: (kind, error) => {
        if (error !== undefined) console.warn('interactions autosave failed', error);
        const appError = error === undefined ? null : toAppError(error);
        setStatus({ kind, ...(appError ? { message: errorText(t, appError) } : {}) });
      },
    });
    controller.load(initial);
    return controller;
  });

  // Leaving the page within the debounce still saves what was typed.
  useEffect(
    () => () => {
      autosave.cancel();
      void autosave.flush();
    },
    [autosave],
  );

  const change = (next: Interaction[]) => {
    setList(next);
    autosave.edit(next);
  };
  const changeOne = (next: Interaction) =>
    change(list.map((interaction) => (interaction.id === next.id ? next : interaction)));

  const pick = (type: InteractionType) => {
    const { list: next, openId: id } = addOrOpen(list, type, makeId);
    if (next !== list) change(next);
    setPickerOpen(false);
    setOpenId(id);
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isNewShortcut(event)) return;
      event.preventDefault();
      if (!busy) setPickerOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [busy]);

  const open = list.find((interaction) => interaction.id === openId) ?? null;
  const statusText =
    status.kind === 'idle' ? '' : t(`interactions:status.${status.kind}`, { message: status.message ?? '' });

  return (
    <div className="interactions-editor">
      <div className="interactions-toolbar">
        <Button
          intent={Intent.PRIMARY}
          icon="add"
          text={t('interactions:list.add')}
          title={t('interactions:list.addShortcut')}
          onClick={() => setPickerOpen(true)}
        />
        <span
          className={`interactions-status interactions-status-${status.kind}`}
          role="status"
          aria-live="polite"
          data-status={status.kind}
        >
          {statusText}
        </span>
      </div>

      {list.length === 0 ? (
        <EmptyState
          icon="send-message"
          title={t('interactions:list.emptyTitle')}
          description={t('interactions:list.emptyDescription')}
        />
      ) : (
        <ul className="interactions-list">
          {list.map((interaction) => {
            const issues = interactionIssues(interaction);
            return (
              <li key={interaction.id}>
                <Card className="interaction-card" data-type={interaction.type}>
                  <div className="interaction-main">
                    <div className="interaction-title">
                      <strong>{label(interaction, t)}</strong>
                      <Tag minimal>{t(`interactions:types.${interaction.type}`)}</Tag>
                      {issues.length > 0 && (
                        <Tag intent={Intent.DANGER} minimal>
                          {t('interactions:list.needsFix')}
                        </Tag>
                      )}
                    </div>
                    <span className={`${Classes.TEXT_MUTED} ${Classes.TEXT_OVERFLOW_ELLIPSIS} interaction-summary`}>
                      {summary(interaction, t)}
                    </span>
                  </div>
                  <Switch
                    className="interaction-toggle"
                    checked={interaction.enabled}
                    label={t(interaction.enabled ? 'interactions:list.enabled' : 'interactions:list.disabled')}
                    onChange={(event) => changeOne({ ...interaction, enabled: event.currentTarget.checked })}
                  />
                  <Button
                    icon="cog"
                    variant="minimal"
                    text={t('interactions:list.configure')}
                    onClick={() => setOpenId(interaction.id)}
                  />
                  <Button
                    icon="trash"
                    variant="minimal"
                    intent={Intent.DANGER}
                    aria-label={t('interactions:list.delete')}
                    title={t('interactions:list.delete')}
                    onClick={() => setToDelete(interaction)}
                  />
                </Card>
              </li>
            );
          })}
        </ul>
      )}

      <AddInteractionDialog isOpen={pickerOpen} existing={list} onPick={pick} onClose={() => setPickerOpen(false)} />
      {open && (
        <InteractionConfigDialog
          key={open.id}
          agent={agent}
          interaction={open}
          onChange={changeOne}
          onClose={() => setOpenId(null)}
          makeId={makeId}
          busy={busy}
          onBusy={setBusy}
        />
      )}
      <DeleteInteractionAlert
        interaction={toDelete}
        label={toDelete ? label(toDelete, t) : ''}
        onClose={() => setToDelete(null)}
        onConfirm={() => {
          const removed = toDelete;
          setToDelete(null);
          if (removed) change(list.filter((interaction) => interaction.id !== removed.id));
        }}
      />
    </div>
  );
}
