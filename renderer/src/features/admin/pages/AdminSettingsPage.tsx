import { Button, H2, NonIdealState, Tab, Tabs } from '@blueprintjs/core';
import type { ModelSettingsForm } from '@contracts/ai-models.ts';
import type { CatalogueTool } from '@contracts/tool-catalogue.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SkeletonLines } from '../../../components/QueryState.tsx';
import { toastError, toastSuccess } from '../../../components/toaster.ts';
import { UnsavedChangesGuard } from '../../../components/UnsavedChangesGuard.tsx';
import { toAppError } from '../../../errors/appError.ts';
import { useModelSettingsQuery, useSaveModelSettingsMutation } from '../api/modelSettings.ts';
import { usePublishAnnouncementMutation } from '../api/publishAnnouncement.ts';
import { useSaveToolCatalogueMutation, useToolCatalogueQuery } from '../api/toolCatalogue.ts';
import { AnnouncementForm } from '../settings/AnnouncementForm.tsx';
import { ModelsTab } from '../settings/ModelsTab.tsx';
import { ToolsTab } from '../settings/ToolsTab.tsx';
import '../admin.css';
import { errorText } from '../../../errors/errorText.ts';

type TabId = 'models' | 'tools' | 'announcements';

/**
 * /admin/settings: 'AI Models' and 'Tools'. Each tab keeps a draft; 'Save
 * Changes' is enabled only while the active tab has unsaved changes, and saves that tab.
 * 'Announcements' publishes a feature announcement by email (its own button, nothing to save).
 */
export function AdminSettingsPage() {
  const { t } = useTranslation();
  const models = useModelSettingsQuery();
  const tools = useToolCatalogueQuery();
  const saveModels = useSaveModelSettingsMutation();
  const saveTools = useSaveToolCatalogueMutation();
  const publish = usePublishAnnouncementMutation();
  const [tab, setTab] = useState<TabId>('models');
  const [modelDraft, setModelDraft] = useState<ModelSettingsForm | null>(null);
  const [toolDraft, setToolDraft] = useState<CatalogueTool[] | null>(null);

  const dirty = { models: modelDraft !== null, tools: toolDraft !== null, announcements: false };
  const saving = saveModels.isPending || saveTools.isPending;
  const active = tab === 'models' ? models : tools;
  const error = active.error ? toAppError(active.error, tab === 'models' ? 'fetchSettings' : 'tools') : null;

  const save = () => {
    if (tab === 'models' && modelDraft) {
      saveModels.mutate(modelDraft, {
        onSuccess: () => {
          setModelDraft(null);
          toastSuccess(t('admin:settings.saved'));
        },
        onError: (e) => toastError(toAppError(e, 'saveSettings'), t),
      });
    }
    if (tab === 'tools' && toolDraft) {
      saveTools.mutate(toolDraft, {
        onSuccess: () => {
          setToolDraft(null);
          toastSuccess(t('admin:settings.toolsSaved'));
        },
        onError: (e) => toastError(toAppError(e, 'saveTools'), t),
      });
    }
  };

  const panel = (id: TabId) => {
    if (id === 'announcements') {
      return (
        <AnnouncementForm
          publishing={publish.isPending}
          onPublish={(announcement) =>
            publish.mutateAsync(announcement).then(
              (count) => toastSuccess(t('admin:announcements.published', { count })),
              (e: unknown) => {
                toastError(toAppError(e), t);
                throw e;
              },
            )
          }
        />
      );
    }
    if (error) {
      return (
        <NonIdealState
          icon="error"
          title={t('common:queryState.errorTitle')}
          description={errorText(t, error)}
          action={
            <Button
              icon="refresh"
              intent="primary"
              text={t('common:queryState.retry')}
              onClick={() => void active.refetch()}
            />
          }
        />
      );
    }
    if (id === 'models') {
      const value = modelDraft ?? models.data;
      return value ? <ModelsTab value={value} onChange={setModelDraft} /> : <SkeletonLines count={4} />;
    }
    const list = toolDraft ?? tools.data;
    return list ? <ToolsTab tools={list} onChange={setToolDraft} /> : <SkeletonLines count={4} />;
  };

  return (
    <div className="admin-page">
      <UnsavedChangesGuard dirty={dirty.models || dirty.tools} />
      <header className="admin-page-header">
        <H2>{t('admin:settings.title')}</H2>
        <Button
          intent="primary"
          icon="floppy-disk"
          text={saving ? t('admin:settings.saving') : t('admin:settings.save')}
          disabled={!dirty[tab] || saving}
          loading={saving}
          onClick={save}
        />
      </header>
      <Tabs
        id="admin-settings-tabs"
        selectedTabId={tab}
        onChange={(id) => setTab(id as TabId)}
        renderActiveTabPanelOnly
      >
        <Tab id="models" title={t('admin:settings.modelsTab')} panel={panel('models')} />
        <Tab id="tools" title={t('admin:settings.toolsTab')} panel={panel('tools')} />
        <Tab id="announcements" title={t('admin:settings.announcementsTab')} panel={panel('announcements')} />
      </Tabs>
    </div>
  );
}
