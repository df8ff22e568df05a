import { Button, H2, Intent, Tab, Tabs } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newPack, type PackInput } from '@contracts/packs.ts';
import { QueryState } from '../../../components/QueryState.tsx';
import { UnsavedChangesGuard } from '../../../components/UnsavedChangesGuard.tsx';
import { toaster } from '../../../components/toaster.ts';
import { useAdminPacksQuery } from '../api/getAdminPacks.ts';
import { useSavePacksMutation } from '../api/savePacks.ts';
import { PackDialog } from '../components/PackDialog.tsx';
import { FeaturesTable, PacksAnalytics, PacksOverview, PlansList } from '../components/PackViews.tsx';
import './packs.css';

type Editing = { pack: PackInput; isNew: boolean } | null;

/** /admin/packs: edit the list locally, then save it as a whole. */
export function PacksPage() {
  const { t } = useTranslation();
  const query = useAdminPacksQuery();
  const save = useSavePacksMutation();
  // The edited list; null = unchanged from the server.
  const [draft, setDraft] = useState<PackInput[] | null>(null);
  const [editing, setEditing] = useState<Editing>(null);
  const [tab, setTab] = useState('overview');
  const packs = draft ?? query.data ?? [];
  const dirty = draft !== null;

  const confirm = (pack: PackInput) => {
    const exists = packs.some((p) => p.id === pack.id);
    setDraft(exists ? packs.map((p) => (p.id === pack.id ? pack : p)) : [...packs, pack]);
    setEditing(null);
  };

  const onSave = () =>
    save.mutate(packs, {
      onSuccess: () => {
        setDraft(null);
        toaster.show({
          intent: Intent.SUCCESS,
          icon: 'tick',
          message: `${t('packs:toast.savedTitle')} — ${t('packs:toast.savedBody')}`,
        });
      },
      onError: (error) =>
        toaster.show({
          intent: Intent.DANGER,
          icon: 'error',
          message: `${t('packs:toast.errorTitle')} — ${t('packs:toast.errorBody')} (${error.message})`,
        }),
    });

  return (
    <div className="packs-page">
      <UnsavedChangesGuard dirty={dirty} />
      <header className="packs-header">
        <H2>{t('packs:page.title')}</H2>
        <Button
          intent={Intent.PRIMARY}
          icon="floppy-disk"
          text={save.isPending ? t('packs:page.saving') : t('packs:page.save')}
          disabled={!dirty || save.isPending}
          loading={save.isPending}
          onClick={onSave}
        />
      </header>
      <QueryState query={query}>
        {() => (
          <Tabs id="packs-tabs" selectedTabId={tab} onChange={(id) => setTab(String(id))} renderActiveTabPanelOnly>
            <Tab id="overview" title={t('packs:tabs.overview')} panel={<PacksOverview packs={packs} />} />
            <Tab
              id="plans"
              title={t('packs:tabs.plans')}
              panel={
                <div>
                  <Button
                    icon="add"
                    text={t('packs:plans.add')}
                    onClick={() => setEditing({ pack: newPack(), isNew: true })}
                  />
                  <PlansList
                    packs={packs}
                    onEdit={(pack) => setEditing({ pack, isNew: false })}
                    onDelete={(pack) => setDraft(packs.filter((p) => p.id !== pack.id))}
                  />
                </div>
              }
            />
            <Tab id="features" title={t('packs:tabs.features')} panel={<FeaturesTable packs={packs} />} />
            <Tab id="analytics" title={t('packs:tabs.analytics')} panel={<PacksAnalytics packs={packs} />} />
          </Tabs>
        )}
      </QueryState>
      {editing && (
        <PackDialog pack={editing.pack} isNew={editing.isNew} onConfirm={confirm} onClose={() => setEditing(null)} />
      )}
    </div>
  );
}
