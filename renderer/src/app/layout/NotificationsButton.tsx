import { Button, PopoverNext } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState.tsx';

/** The sidebar's notifications button; the product has no notification feed yet, so it says so. */
export function NotificationsButton({ compact }: { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <PopoverNext
      placement={compact ? 'right-end' : 'top-start'}
      content={
        <div className="console-notifications">
          <EmptyState icon="notifications" title={t('shell:sidebar.noNotifications')} />
        </div>
      }
    >
      <Button
        variant="minimal"
        icon="notifications"
        aria-label={t('shell:sidebar.notifications')}
        title={t('shell:sidebar.notifications')}
      />
    </PopoverNext>
  );
}
