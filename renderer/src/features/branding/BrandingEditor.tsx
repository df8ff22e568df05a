import { AnchorButton, Button, Callout, Card, Classes, H2, Intent, Tab, Tabs, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toastError, toaster, toastSuccess } from '../../components/toaster.ts';
import { toAppError } from '../../errors/appError.ts';
import { getRuntimeConfig } from '../../lib/supabase.ts';
import { useUploadAgentAvatarMutation } from '../agents/api/agentDetail.ts';
import { useSaveShortcut } from '../agents/configure/useSaveShortcut.ts';
import { agentDomainHost } from '../agents/wizard/agentDomain.ts';
import { removeGalleryImages, useSaveBrandingMutation, type BrandingAgent } from './api/brandingApi.ts';
import { brandingErrors, brandingFromRow, brandingToRow, sameBranding, type BrandingForm } from './brandingModel.ts';
import { PhonePreview, type PreviewTab } from './preview/PhonePreview.tsx';
import { ContentTab } from './tabs/ContentTab.tsx';
import { IntegrationsTab } from './tabs/IntegrationsTab.tsx';
import { LookTab } from './tabs/LookTab.tsx';
import { MediaTab } from './tabs/MediaTab.tsx';
import { SeoTab } from './tabs/SeoTab.tsx';
import { SocialTab } from './tabs/SocialTab.tsx';
import type { BrandingPatch } from './tabs/types.ts';
import { VideosTab } from './tabs/VideosTab.tsx';

const TABS = ['branding', 'content', 'media', 'videos', 'social', 'seo', 'integrations'] as const;
type EditorTab = (typeof TABS)[number];

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

/** The editor itself (spec 001 §2.6): header with save state, seven tabs, live phone preview. */
export function BrandingEditor({ agent }: { agent: BrandingAgent }) {
  const { t } = useTranslation();
  const [base, setBase] = useState<unknown>(agent.branding);
  const [saved, setSaved] = useState<BrandingForm>(() => brandingFromRow(agent.branding, agent.name));
  const [form, setForm] = useState<BrandingForm>(saved);
  const [tab, setTab] = useState<EditorTab>('branding');
  const [previewTab, setPreviewTab] = useState<PreviewTab>('home');
  const [avatarUrl, setAvatarUrl] = useState(agent.avatarUrl);
  const [saveFailed, setSaveFailed] = useState(false);
  const save = useSaveBrandingMutation(agent.id);
  const avatar = useUploadAgentAvatarMutation(agent);
  const dirty = !sameBranding(form, saved);
  const errors = brandingErrors(form);
  const pageUrl = publicPageUrl(agent.subdomain);

  const change = (patch: BrandingPatch) =>
    setForm((f) => ({ ...f, ...(typeof patch === 'function' ? patch(f) : patch) }));

  const submit = async () => {
    if (!dirty || save.isPending) return;
    if (errors.length > 0) {
      toaster.show({ intent: Intent.WARNING, icon: 'warning-sign', message: t('branding:invalid') });
      return;
    }
    setSaveFailed(false);
    try {
      const stored = await save.mutateAsync(brandingToRow(form, base));
      const next = brandingFromRow(stored, agent.name);
      // images no longer referenced by the saved branding leave storage (spec 001 §7.3)
      const kept = fileNames(next);
      const removed = [...fileNames(saved)].filter((name) => !kept.has(name));
      setBase(stored);
      setSaved(next);
      setForm(next);
      toastSuccess(t('branding:saved'));
      if (removed.length > 0)
        await removeGalleryImages(agent, removed).catch((e: unknown) => toastError(toAppError(e), t));
    } catch (error) {
      console.warn('branding save failed', toAppError(error, 'updateAgent'));
      setSaveFailed(true);
    }
  };
  useSaveShortcut(submit);

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
            loading={save.isPending}
            disabled={!dirty}
            onClick={() => void submit()}
          />
        </div>
      </header>
      {saveFailed && (
        <Callout intent={Intent.DANGER} icon="error">
          {t('branding:saveFailed')}
        </Callout>
      )}
      <div className="branding-layout">
        <Card className="branding-card">
          <Tabs
            id="branding-tabs"
            vertical
            selectedTabId={tab}
            onChange={(next) => {
              const id = next as EditorTab;
              setTab(id);
              setPreviewTab(PREVIEW_FOR[id] ?? (id === 'content' ? previewTab : 'home'));
            }}
            renderActiveTabPanelOnly
          >
            {TABS.map((id) => (
              <Tab
                key={id}
                id={id}
                title={t(`branding:tabs.${id}`)}
                panel={<div className="branding-panel">{panels[id]}</div>}
              />
            ))}
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
