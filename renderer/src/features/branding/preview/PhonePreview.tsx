import { Icon } from '@blueprintjs/core';
import { BRAND_FONT_STACKS } from '@conversation/brandFonts.ts';
import { useBrandFont } from '@conversation/useBrandFont.ts';
import { useMemo, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { FONT_LABELS, SOCIAL_NETWORK_LABELS, type BrandingForm } from '../brandingModel.ts';
import { sanitizeAboutHtml } from '../sanitizeHtml.ts';
import './preview.css';

export type PreviewTab = 'home' | 'about' | 'media' | 'videos';

/** White text on dark brand colours, near-black on light ones (the public page's rule). */
function readableOn(hex: string): string {
  if (!/^#[0-9a-fA-F]{6}$/.test(hex)) return '#ffffff';
  const channel = (i: number) => {
    const v = parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  const l = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return l > 0.4 ? '#111827' : '#ffffff';
}

/**
 * A phone-sized picture of the agent's public page drawn from the unsaved form: the same parts
 * as the page (top bar, hero with AI Chat / AI Call, About, Media, Videos, social footer, tab bar)
 * in the chosen colours and font (loaded as on the page, @conversation/brandFonts.ts). The public site is its own app with its own i18n and styles, so
 * it is drawn here rather than imported.
 */
export function PhonePreview({
  form,
  agentName,
  companyName,
  avatarUrl,
  tab,
  onTab,
}: {
  form: BrandingForm;
  agentName: string;
  companyName: string | null;
  avatarUrl: string | null;
  tab: PreviewTab;
  onTab: (tab: PreviewTab) => void;
}) {
  const { t } = useTranslation();
  const about = useMemo(() => sanitizeAboutHtml(form.aboutText), [form.aboutText]);
  useBrandFont(form.fontFamily);
  const images = form.albums.flatMap((a) => a.images);
  const style = {
    '--p-brand': form.primaryColor,
    '--p-brand-ink': readableOn(form.primaryColor),
    '--p-brand-2': form.secondaryColor,
    '--p-font': BRAND_FONT_STACKS[form.fontFamily],
  } as CSSProperties;
  const tabs: { id: PreviewTab; icon: 'home' | 'info-sign' | 'media' | 'video' }[] = [
    { id: 'home', icon: 'home' },
    { id: 'about', icon: 'info-sign' },
    ...(images.length > 0 ? [{ id: 'media' as const, icon: 'media' as const }] : []),
    ...(form.youtubeVideos.length > 0 ? [{ id: 'videos' as const, icon: 'video' as const }] : []),
  ];

  return (
    <div className="phone" data-testid="branding-preview" aria-label={t('branding:preview.title')}>
      <div className="phone-screen" style={style} data-font={FONT_LABELS[form.fontFamily]}>
        <div className="p-topbar">{companyName ?? agentName}</div>
        <div className="p-body">
          {tab === 'home' && (
            <section className="p-hero">
              {avatarUrl ? (
                <img className="p-avatar" src={avatarUrl} alt="" />
              ) : (
                <span className="p-avatar p-avatar-initial">{agentName.slice(0, 1).toUpperCase()}</span>
              )}
              <h1 className="p-title" data-testid="preview-headline">
                {form.heroTitle || agentName}
              </h1>
              {form.heroSubtitle && <p className="p-subtitle">{form.heroSubtitle}</p>}
              <div className="p-actions">
                <span className="p-button">{t('branding:preview.chat')}</span>
                <span className="p-button p-button-2">{t('branding:preview.call')}</span>
              </div>
            </section>
          )}
          {tab === 'about' && (
            <section className="p-panel">
              <h2>{t('branding:preview.about')}</h2>
              <div className="p-rich" dangerouslySetInnerHTML={{ __html: about }} />
            </section>
          )}
          {tab === 'media' && (
            <section className="p-panel">
              <h2>{t('branding:preview.media')}</h2>
              <div className="p-grid">
                {images.map((img) => (
                  <img key={img.id} src={img.url} alt={img.alt} />
                ))}
              </div>
            </section>
          )}
          {tab === 'videos' && (
            <section className="p-panel">
              <h2>{t('branding:preview.videos')}</h2>
              {form.youtubeVideos.map((v) => (
                <div key={v.id} className="p-video">
                  {v.thumbnailUrl ? (
                    <img src={v.thumbnailUrl} alt="" />
                  ) : (
                    <div className="p-video-blank">
                      <Icon icon="play" />
                    </div>
                  )}
                  <span>{v.title || v.id}</span>
                </div>
              ))}
            </section>
          )}
          {form.socialLinks.length > 0 && (
            <ul className="p-social">
              {form.socialLinks.map((l, i) => (
                <li key={i}>{SOCIAL_NETWORK_LABELS[l.type]}</li>
              ))}
            </ul>
          )}
        </div>
        <nav className="p-tabbar">
          {tabs.map((item) => (
            <button
              key={item.id}
              type="button"
              className={item.id === tab ? 'active' : ''}
              onClick={() => onTab(item.id)}
              aria-label={t(`branding:preview.${item.id}`)}
            >
              <Icon icon={item.icon} />
              <span>{t(`branding:preview.${item.id}`)}</span>
            </button>
          ))}
        </nav>
      </div>
    </div>
  );
}
