import type { SocialLink } from '../api/branding.ts';
import { useT } from '../i18n/I18n.tsx';

const NETWORK_NAMES: Record<string, string> = {
  facebook: 'Facebook',
  twitter: 'X (Twitter)',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  pinterest: 'Pinterest',
  snapchat: 'Snapchat',
};

/**
 * Footer: the agent's social links, Terms of Service and /sitemap, and "Privacy
 * settings" to change a tracking consent answer when the page has tracking.
 */
export function Footer({ socialLinks, onPrivacy }: { socialLinks: SocialLink[]; onPrivacy?: () => void }) {
  const t = useT();
  return (
    <footer className="site-footer">
      {socialLinks.length > 0 ? (
        <ul className="site-footer__social">
          {socialLinks.map((link) => {
            const network = NETWORK_NAMES[link.type] ?? link.type;
            return (
              <li key={link.url}>
                <a
                  href={link.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t('footer.social', { network })}
                >
                  {network}
                </a>
              </li>
            );
          })}
        </ul>
      ) : null}
      <nav className="site-footer__links">
        <a href="/terms">{t('footer.terms')}</a>
        <a href="/sitemap">{t('footer.sitemap')}</a>
        {onPrivacy ? (
          <button type="button" className="site-footer__privacy" onClick={onPrivacy} data-testid="privacy-settings">
            {t('footer.privacy')}
          </button>
        ) : null}
      </nav>
    </footer>
  );
}
