import { AnchorButton, Button, Card, Classes, H2, Icon, Intent, Tab, Tabs, Tag } from '@blueprintjs/core';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EditorNotices } from '../../components/EditorNotices.tsx';
import { toastError, toaster, toastSuccess } from '../../components/toaster.ts';
import { isEditConflict } from '../../components/unsavedChanges.ts';
import { afterOwnWrite, useEditBase } from '../../components/useEditBase.ts';
import { useSingleSave } from '../../lib/singleFlight.ts';
import { toAppError } from '../../errors/appError.ts';
import { getRuntimeConfig } from '../../lib/supabase.ts';
import { useUploadAgentAvatarMutation } from '../agents/api/agentDetail.ts';
import { useSaveShortcut } from '../agents/configure/useSaveShortcut.ts';
import { agentDomainHost } from '../agents/wizard/agentDomain.ts';
import {
  removeGalleryImages,
  useFetchFreshBranding,
  useSaveBrandingMutation,
  type BrandingAgent,
} from './api/brandingApi.ts';
import {
  brandingErrors,
  brandingFromRow,
  brandingToRow,
  EDITOR_TABS,
  invalidTabs,
  sameBranding,
  type BrandingForm,
  type EditorTab,
} from './brandingModel.ts';
import { PhonePreview, type PreviewTab } from './preview/PhonePreview.tsx';
import { ContentTab } from './tabs/ContentTab.tsx';
import { IntegrationsTab } from './tabs/IntegrationsTab.tsx';
import { LookTab } from './tabs/LookTab.tsx';
import { MediaTab } from './tabs/MediaTab.tsx';
import { SeoTab } from './tabs/SeoTab.tsx';
import { SocialTab } from './tabs/SocialTab.tsx';
import type { BrandingPatch } from './tabs/types.ts';
import { VideosTab } from './tabs/VideosTab.tsx';

/** The preview follows the editor to the part of the page being edited. */
const PREVIEW_FOR: Partial<Record<EditorTab, PreviewTab>> = { media: 'media', videos: 'videos' };

function fileNames(form: BrandingForm): Set<string> {
  return new Set(form.albums.flatMap((a) => a.images.map((i) => i.fileName)).filter(Boolean));
}

/** The public address of the agent's page, from the site URL template (`{agent}` placeholder). */
function publicPageUrl(subdomain: string | null): string | null {
  const template = getRuntimeConfig().publicSiteUrl;
  if (!subdomain) return null;
  return template ? template.replace('{agent}', subdomain) : `https://${subdomain}.${agentDomainHost()}`;
}

/** The editor itself: header with save state, seven tabs, live phone preview. */
export function BrandingEditor({ agent }: { agent: BrandingAgent }) {
  const { t } = useTranslation();
  const [form, setForm] = useState<BrandingForm>(() => brandingFromRow(agent.branding, agent.name));
  // The row the edits are made on: its branding (keys the editor leaves alone are kept) and version.
  const [base, setBase] = useEditBase(
    agent,
    (b) => !sameBranding(form, brandingFromRow(b.branding, agent.name)),
    (next) => setForm(brandingFromRow(next.branding, agent.name)),
  );
  const saved = useMemo(() => brandingFromRow(base.branding, agent.name), [base.branding, agent.name]);
  const [tab, setTab] = useState<EditorTab>('branding');
  const [previewTab, setPreviewTab] = useState<PreviewTab>('home');
  const [avatarUrl, setAvatarUrl] = useState(agent.avatarUrl);
  const [saveFailed, setSaveFailed] = useState(false);
  const [conflict, setConflict] = useState(false);
  const [resolving, setResolving] = useState(false);
  const tabsRef = useRef<HTMLDivElement>(null);
  const save = useSaveBrandingMutation(agent.id);
  const saving = useSingleSave();
  const fetchFresh = useFetchFreshBranding(agent.id);
  const avatar = useUploadAgentAvatarMutation(agent);
  const dirty = !sameBranding(form, saved);
  const errors = brandingErrors(form);
  const badTabs = invalidTabs(errors);
  const pageUrl = publicPageUrl(agent.subdomain);

  const change = (patch: BrandingPatch) =>
    setForm((f) => ({ ...f, ...(typeof patch === 'function' ? patch(f) : patch) }));

  const selectTab = (id: EditorTab) => {
    setTab(id);
    setPreviewTab(PREVIEW_FOR[id] ?? (id === 'content' ? previewTab : 'home'));
  };

  /** Save refused by a field: open the first tab holding one and put the focus on that tab. */
  const showInvalidTab = () => {
    toaster.show({ intent: Intent.WARNING, icon: 'warning-sign', message: t('branding:invalid') });
    const target = badTabs.includes(tab) ? tab : badTabs[0];
    if (!target) return;
    selectTab(target);
    // After the tab list re-renders with the new selection.
    requestAnimationFrame(() =>
      tabsRef.current?.querySelector<HTMLElement>(`[role="tab"][data-tab-id="${target}"]`)?.focus(),
    );
  };

  /** Writes the form as edits made on `expectedVersion` over `raw` (the stored value kept around it). */
  const persist = (raw: unknown, expectedVersion: number) => saving.run(() => write(raw, expectedVersion));
  const write = async (raw: unknown, expectedVersion: number) => {
    setSaveFailed(false);
    try {
      const stored = await save.mutateAsync({ branding: brandingToRow(form, raw), expectedVersion });
      const next = brandingFromRow(stored.branding, agent.name);
      // images no longer referenced by the saved branding leave storage
      const kept = fileNames(next);
      const removed = [...fileNames(saved)].filter((name) => !kept.has(name));
      setBase((b) => ({ ...b, ...stored }));
      setForm(next);
      setConflict(false);
      toastSuccess(t('branding:saved'));
      if (removed.length > 0)
        await removeGalleryImages(agent, removed).catch((e: unknown) => toastError(toAppError(e), t));
    } catch (error) {
      if (isEditConflict(error)) {
        // A newer version holding exactly these edits is the user's own earlier save echoed back.
        const fresh = await fetchFresh().catch(() => null);
        if (fresh && sameBranding(form, brandingFromRow(fresh.branding, agent.name))) {
          setBase(fresh);
          setConflict(false);
          return toastSuccess(t('branding:saved'));
        }
        return setConflict(true);
      }
      console.warn('branding save failed', toAppError(error, 'updateAgent'));
      setSaveFailed(true);
    }
  };

  const submit = async () => {
    if (!dirty || save.isPending || saving.inFlight || conflict) return;
    if (errors.length > 0) return showInvalidTab();
    await persist(base.branding, base.version);
  };
  useSaveShortcut(submit);

  // After a conflict: take the other version (edits dropped) or write these edits over it.
  const resolve = async (choice: 'reload' | 'overwrite') => {
    setResolving(true);
    try {
      const fresh = await fetchFresh();
      if (!fresh) return;
      if (choice === 'overwrite') return await persist(fresh.branding, fresh.version);
      setBase(fresh);
      setForm(brandingFromRow(fresh.branding, agent.name));
      setConflict(false);
    } catch (error) {
      console.warn('reloading the branding failed', toAppError(error, 'fetchAgents'));
      setSaveFailed(true);
    } finally {
      setResolving(false);
    }
  };

  const panels: Record<EditorTab, React.ReactNode> = {
    branding: (
      <LookTab
        form={form}
        onChange={change}
        avatarUrl={avatarUrl}
        agentName={agent.name}
        avatarUploading={avatar.isPending}
        onAvatar={(file) =>
          avatar.mutate(file, {
            onSuccess: (updated) => {
              setBase((b) => afterOwnWrite(b, updated));
              setAvatarUrl(updated.avatarUrl);
              toastSuccess(t('branding:look.avatarUploaded'));
            },
            onError: (error) => toastError(toAppError(error), t),
          })
        }
      />
    ),
    content: <ContentTab form={form} onChange={change} />,
    media: <MediaTab form={form} onChange={change} agent={agent} />,
    videos: <VideosTab form={form} onChange={change} />,
    social: <SocialTab form={form} onChange={change} />,
    seo: <SeoTab form={form} onChange={change} agentName={agent.name} pageUrl={pageUrl ?? ''} />,
    integrations: <IntegrationsTab form={form} onChange={change} />,
  };

  return (
    <>
      <header className="branding-header">
        <div>
          <H2>{t('branding:title')}</H2>
          <p className={Classes.TEXT_MUTED}>{t('branding:subtitle', { name: agent.name })}</p>
        </div>
        <div className="branding-save">
          {save.isPending ? (
            <Tag minimal intent={Intent.PRIMARY} data-testid="branding-saving">
              {t('branding:saving')}
            </Tag>
          ) : dirty ? (
            <Tag minimal intent={Intent.WARNING} data-testid="branding-unsaved">
              {t('branding:unsaved')}
            </Tag>
          ) : null}
          {pageUrl && (
            <AnchorButton
              icon="share"
              variant="minimal"
              href={pageUrl}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t('branding:openPage')}
              title={pageUrl}
            />
          )}
          <Button
            intent={Intent.PRIMARY}
            icon="floppy-disk"
            text={t('branding:save')}
            title={t('branding:shortcut')}
            loading={save.isPending || saving.inFlight}
            disabled={!dirty || conflict || saving.inFlight}
            onClick={() => void submit()}
          />
        </div>
      </header>
      <EditorNotices
        dirty={dirty}
        conflict={conflict}
        busy={resolving || save.isPending || saving.inFlight}
        onResolve={(choice) => void resolve(choice)}
        saveFailed={saveFailed}
        saveFailedText={t('branding:saveFailed')}
      />
      <div className="branding-layout">
        <Card className="branding-card" ref={tabsRef}>
          <Tabs
            id="branding-tabs"
            vertical
            selectedTabId={tab}
            onChange={(next) => selectTab(next as EditorTab)}
            renderActiveTabPanelOnly
          >
            {EDITOR_TABS.map((id) => {
              const invalid = badTabs.includes(id);
              return (
                <Tab
                  key={id}
                  id={id}
                  aria-invalid={invalid || undefined}
                  title={
                    // On the title, not the Tab: Blueprint gives a Tab's className to its panel too.
                    <span className={invalid ? 'branding-tab-invalid' : undefined}>
                      {t(`branding:tabs.${id}`)}
                      {invalid && <Icon icon="error" intent={Intent.DANGER} title={t('branding:tabInvalid')} />}
                    </span>
                  }
                  panel={<div className="branding-panel">{panels[id]}</div>}
                />
              );
            })}
          </Tabs>
        </Card>
        <aside className="branding-preview">
          <span className={Classes.TEXT_MUTED}>{t('branding:preview.title')}</span>
          <PhonePreview
            form={form}
            agentName={agent.name}
            companyName={agent.companyName}
            avatarUrl={avatarUrl}
            tab={previewTab}
            onTab={setPreviewTab}
          />
        </aside>
      </div>
    </>
  );
}
