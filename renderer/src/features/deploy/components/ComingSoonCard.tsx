import type { IconName } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { DeployCard } from './DeployCard.tsx';

/** One of the two disabled coming-soon channels of Deploy (Messenger, Instagram). */
export function ComingSoonCard({ channel, icon }: { channel: 'messenger' | 'instagram'; icon: IconName }) {
  const { t } = useTranslation();
  return (
    <DeployCard
      disabled
      icon={icon}
      testId={`deploy-coming-soon-${channel}`}
      title={t(`deploy:comingSoon.${channel}`)}
      description={t(`deploy:comingSoon.${channel}Description`)}
      status={{ label: t('deploy:comingSoon.badge') }}
    />
  );
}
