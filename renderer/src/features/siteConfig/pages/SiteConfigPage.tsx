import { Button, Callout, FileInput, FormGroup, H2, HTMLSelect, Intent, Tab, Tabs } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { megabytes } from '@contracts/limit-refusal.ts';
import { FAVICON_MAX_BYTES, SITE_SEO_LIMITS, TWITTER_CARDS, siteSeoSchema, type SiteSeo } from '@contracts/site-seo.ts';
import { QueryState } from '../../../components/QueryState.tsx';
import { UnsavedChangesGuard } from '../../../components/UnsavedChangesGuard.tsx';
import { toaster } from '../../../components/toaster.ts';
import { toAppError } from '../../../errors/appError.ts';
import { useSiteConfigQuery } from '../api/getSiteConfig.ts';
import { useSaveSiteConfigMutation } from '../api/saveSiteConfig.ts';
import { useUploadFaviconMutation } from '../api/uploadFavicon.ts';
import { LimitedInput, LimitedTextArea } from '../../../components/LimitedText.tsx';
import { errorText } from '../../../errors/errorText.ts';

type TextField = Exclude<keyof SiteSeo, 'twitter_card'>;

/** /site-config: the site's SEO settings, written into every served page. */
export function SiteConfigPage() {
  const { t } = useTranslation();
  const query = useSiteConfigQuery();
  return (
    <div className="site-config-page" style={{ padding: 24 }}>
      <H2>{t('siteConfig:page.title')}</H2>
      <QueryState query={query} errorTitle={t('siteConfig:errors.fetch')}>
        {(saved) => <SiteConfigForm key={JSON.stringify(saved)} saved={saved} />}
      </QueryState>
    </div>
  );
}

function SiteConfigForm({ saved }: { saved: SiteSeo }) {
  const { t } = useTranslation();
  const save = useSaveSiteConfigMutation();
  const upload = useUploadFaviconMutation();
  const [draft, setDraft] = useState<SiteSeo>(saved);
  const [tab, setTab] = useState('meta');
  const dirty = JSON.stringify(draft) !== JSON.stringify(saved);
  const invalid = !siteSeoSchema.safeParse(draft).success;

  const set = (field: TextField) => (value: string) =>
    setDraft((d) => ({ ...d, [field]: value === '' ? null : value }));
  const text = (field: TextField, max: number, multiline = false) => {
    const value = draft[field] ?? '';
    const props = { id: `seo-${field}`, value, max, onValueChange: set(field) };
    return (
      <FormGroup label={t(`siteConfig:fields.${field}`)} labelFor={props.id}>
        {multiline ? <LimitedTextArea {...props} fill /> : <LimitedInput {...props} />}
      </FormGroup>
    );
  };

  const onSave = () =>
    save.mutate(draft, {
      onSuccess: () => toaster.show({ intent: Intent.SUCCESS, icon: 'tick', message: t('siteConfig:page.saved') }),
    });

  const onFavicon = (file: File | undefined) => {
    if (!file) return;
    upload.mutate(file, { onSuccess: (url) => setDraft((d) => ({ ...d, favicon: url })) });
  };

  const saveError = save.error ? toAppError(save.error) : null;
  const uploadError = upload.error ? toAppError(upload.error) : null;
  return (
    <>
      <UnsavedChangesGuard dirty={dirty} />
      <Tabs id="site-config-tabs" selectedTabId={tab} onChange={(id) => setTab(String(id))} renderActiveTabPanelOnly>
        <Tab
          id="meta"
          title={t('siteConfig:tabs.meta')}
          panel={
            <>
              {text('meta_title', SITE_SEO_LIMITS.meta_title)}
              {text('meta_description', SITE_SEO_LIMITS.meta_description, true)}
            </>
          }
        />
        <Tab
          id="og"
          title={t('siteConfig:tabs.og')}
          panel={
            <>
              {text('og_title', SITE_SEO_LIMITS.og_title)}
              {text('og_description', SITE_SEO_LIMITS.og_description, true)}
              {text('og_image', SITE_SEO_LIMITS.url)}
            </>
          }
        />
        <Tab
          id="twitter"
          title={t('siteConfig:tabs.twitter')}
          panel={
            <>
              <FormGroup label={t('siteConfig:fields.twitter_card')} labelFor="seo-twitter_card">
                <HTMLSelect
                  id="seo-twitter_card"
                  value={draft.twitter_card}
                  options={TWITTER_CARDS.map((value) => ({ value, label: value }))}
                  onChange={(e) =>
                    setDraft((d) => ({ ...d, twitter_card: e.currentTarget.value as SiteSeo['twitter_card'] }))
                  }
                />
              </FormGroup>
              {text('twitter_title', SITE_SEO_LIMITS.twitter_title)}
              {text('twitter_description', SITE_SEO_LIMITS.twitter_description, true)}
              {text('twitter_image', SITE_SEO_LIMITS.url)}
            </>
          }
        />
        <Tab
          id="favicon"
          title={t('siteConfig:tabs.favicon')}
          panel={
            <>
              {draft.favicon && (
                <img src={draft.favicon} alt={t('siteConfig:fields.faviconPreview')} width={32} height={32} />
              )}
              <FormGroup
                label={t('siteConfig:fields.faviconUpload')}
                helperText={t('siteConfig:fields.faviconHelp', { megabytes: megabytes(FAVICON_MAX_BYTES) })}
              >
                <FileInput
                  text={upload.isPending ? t('siteConfig:page.uploading') : t('siteConfig:fields.chooseFile')}
                  inputProps={{
                    accept: '.png,.ico,.jpg,.jpeg,.gif,.webp',
                    'aria-label': t('siteConfig:fields.faviconUpload'),
                  }}
                  disabled={upload.isPending}
                  onInputChange={(e) => onFavicon(e.currentTarget.files?.[0])}
                />
              </FormGroup>
              {text('favicon', SITE_SEO_LIMITS.url)}
              {uploadError && <Callout intent={Intent.DANGER}>{errorText(t, uploadError)}</Callout>}
            </>
          }
        />
      </Tabs>
      {invalid && <Callout intent={Intent.WARNING}>{t('siteConfig:errors.invalid')}</Callout>}
      {saveError && (
        <Callout intent={Intent.DANGER} title={t('siteConfig:errors.save')}>
          {errorText(t, saveError)}
          <Button minimal intent={Intent.DANGER} text={t('siteConfig:page.tryAgain')} onClick={onSave} />
        </Callout>
      )}
      <Button
        intent={Intent.PRIMARY}
        icon="floppy-disk"
        text={save.isPending ? t('siteConfig:page.saving') : t('siteConfig:page.save')}
        disabled={!dirty || invalid || save.isPending}
        onClick={onSave}
      />
    </>
  );
}
