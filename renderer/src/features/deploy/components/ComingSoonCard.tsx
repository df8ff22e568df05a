import type { IconName } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { DeployCard } from './DeployCard.tsx';
import type { ConsoleKey } from '../../../i18n/keys.ts';

const COMING_SOON_TEXT = {
  messenger: { title: 'deploy:comingSoon.messenger', description: 'deploy:comingSoon.messengerDescription' },
  instagram: { title: 'deploy:comingSoon.instagram', description: 'deploy:comingSoon.instagramDescription' },
} as const satisfies Record<'messenger' | 'instagram', { title: ConsoleKey; description: ConsoleKey }>;

/** One of the two disabled coming-soon channels of Deploy (Messenger, Instagram). */
export function ComingSoonCard({ channel, icon }: { channel: 'messenger' | 'instagram'; icon: IconName }) {
  const { t } = useTranslation();
  return (
    <DeployCard
      disabled
      icon={icon}
      testId={`deploy-coming-soon-${channel}`}
      title={t(COMING_SOON_TEXT[channel].title)}
      description={t(COMING_SOON_TEXT[channel].description)}
      status={{ label: t('deploy:comingSoon.badge') }}
    />
  );
}
