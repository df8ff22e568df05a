import { Button, Callout, FormGroup, HTMLSelect, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { toaster } from '../../../components/toaster.ts';
import {
  canAddSocialLink,
  MAX_SOCIAL_LINKS,
  SOCIAL_BASE_URLS,
  SOCIAL_NETWORK_LABELS,
  SOCIAL_NETWORKS,
  socialLinkError,
  type SocialLink,
  type SocialNetwork,
} from '../brandingModel.ts';
import type { TabProps } from './types.ts';
import { LimitedInput } from '../../../components/LimitedText.tsx';
import { BRANDING_LIST_LIMITS } from '@contracts/branding.ts';

/** Up to five social links; picking a network fills its base URL. */
export function SocialTab({ form, onChange }: TabProps) {
  const { t } = useTranslation();
  const links = form.socialLinks;
  const set = (next: SocialLink[]) => onChange({ socialLinks: next });

  const add = () => {
    if (!canAddSocialLink(links)) {
      toaster.show({ intent: 'warning', icon: 'warning-sign', message: t('branding:social.limit') });
      return;
    }
    // the first network not used yet, so a new row is rarely a duplicate
    const type = SOCIAL_NETWORKS.find((n) => !links.some((l) => l.type === n)) ?? 'facebook';
    set([...links, { type, url: SOCIAL_BASE_URLS[type] }]);
  };

  return (
    <div className="branding-tab">
      <div className="branding-row">
        <Tag minimal>{t('branding:social.count', { count: links.length, max: MAX_SOCIAL_LINKS })}</Tag>
        <Button icon="add" text={t('branding:social.add')} onClick={add} data-testid="add-social-link" />
      </div>
      {links.length === 0 && <Callout>{t('branding:social.empty')}</Callout>}
      {links.map((link, i) => {
        const problem = socialLinkError(link);
        return (
          <div className="branding-social-row" key={i} data-testid="social-link-row">
            <FormGroup label={t('branding:social.network')} labelFor={`social-type-${i}`}>
              <HTMLSelect
                id={`social-type-${i}`}
                value={link.type}
                options={SOCIAL_NETWORKS.map((n) => ({ value: n, label: SOCIAL_NETWORK_LABELS[n] }))}
                onChange={(e) => {
                  const type = e.currentTarget.value as SocialNetwork;
                  set(links.map((l, j) => (j === i ? { type, url: SOCIAL_BASE_URLS[type] } : l)));
                }}
              />
            </FormGroup>
            <FormGroup
              className="branding-grow"
              label={t('branding:social.url')}
              labelFor={`social-url-${i}`}
              intent={problem ? 'danger' : 'none'}
              helperText={problem ? t(`branding:social.${problem}`) : undefined}
            >
              <LimitedInput
                id={`social-url-${i}`}
                value={link.url}
                max={BRANDING_LIST_LIMITS.url}
                intent={problem ? 'danger' : 'none'}
                onValueChange={(url) => set(links.map((l, j) => (j === i ? { ...l, url } : l)))}
              />
            </FormGroup>
            <Button
              icon="trash"
              variant="minimal"
              aria-label={t('branding:social.remove')}
              title={t('branding:social.remove')}
              onClick={() => set(links.filter((_, j) => j !== i))}
            />
          </div>
        );
      })}
    </div>
  );
}
