import { AnchorButton, Classes, Intent, Switch } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { toaster, toastSuccess } from '../../../components/toaster.ts';
import { formatDate } from '../../../lib/dates.ts';
import type { BusinessCardState, useIntegrationMutations } from '../api/integrations.ts';
import { DeployCard } from './DeployCard.tsx';

/** The public page on or off; branding is reachable only while it is on. */
export function BusinessCardCard({
  card,
  pageUrl,
  mutation,
}: {
  card: BusinessCardState | null;
  /** The agent's public page, or null without a subdomain. */
  pageUrl: string | null;
  mutation: ReturnType<typeof useIntegrationMutations>['businessCard'];
}) {
  const { t, i18n } = useTranslation();
  const enabled = card?.enabled ?? false;
  const toggle = (next: boolean) => {
    mutation.mutate(next, {
      onSuccess: () => toastSuccess(t(next ? 'deploy:businessCard.enabledToast' : 'deploy:businessCard.disabledToast')),
      onError: () => toaster.show({ intent: Intent.DANGER, icon: 'error', message: t('deploy:businessCard.failed') }),
    });
  };
  const since = enabled ? card?.connectedAt : card?.disconnectedAt;
  return (
    <DeployCard
      icon="id-number"
      testId="deploy-business-card"
      title={t('deploy:businessCard.title')}
      description={t('deploy:businessCard.description')}
      status={{
        label: t(enabled ? 'deploy:enabled' : 'deploy:disabled'),
        intent: enabled ? Intent.SUCCESS : Intent.NONE,
      }}
      footer={
        // A page that is off is not shown to visitors: no button invites the owner to open it.
        !pageUrl ? (
          <span className={Classes.TEXT_MUTED}>{t('deploy:businessCard.noSubdomain')}</span>
        ) : enabled ? (
          <AnchorButton
            variant="minimal"
            icon="share"
            href={pageUrl}
            target="_blank"
            rel="noreferrer"
            text={t('deploy:businessCard.open')}
          />
        ) : (
          <span className={Classes.TEXT_MUTED}>{t('deploy:businessCard.offHint')}</span>
        )
      }
    >
      <Switch
        large
        checked={enabled}
        disabled={mutation.isPending || card === null}
        label={t('deploy:businessCard.toggle')}
        onChange={(e) => toggle(e.currentTarget.checked)}
      />
      {since && (
        <p className={Classes.TEXT_MUTED}>{t('deploy:since', { date: formatDate(since, i18n.language, 'date') })}</p>
      )}
    </DeployCard>
  );
}
