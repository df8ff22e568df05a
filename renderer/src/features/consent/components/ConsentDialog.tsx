import { Button, Classes, Dialog, DialogBody, DialogFooter, Intent, Switch } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/**
 * The consent tool opened by 'Privacy Settings': strictly necessary storage is always on, analytics
 * only with the visitor's yes. `current` is the stored choice (null before any).
 */
export function ConsentDialog({
  isOpen,
  current,
  onSave,
  onClose,
}: {
  isOpen: boolean;
  current: boolean | null;
  onSave: (analytics: boolean) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [analytics, setAnalytics] = useState(current ?? false);
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={t('consent:title')}
      icon="shield"
      onOpening={() => setAnalytics(current ?? false)}
    >
      <DialogBody>
        <p>{t('consent:intro')}</p>
        <Switch checked disabled label={t('consent:necessary')} />
        <p className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>{t('consent:necessaryHelp')}</p>
        <Switch
          checked={analytics}
          onChange={(e) => setAnalytics(e.currentTarget.checked)}
          label={t('consent:analytics')}
        />
        <p className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>{t('consent:analyticsHelp')}</p>
        <Link to="/privacy" onClick={onClose}>
          {t('consent:policyLink')}
        </Link>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('consent:rejectAll')} onClick={() => onSave(false)} />
            <Button text={t('consent:save')} onClick={() => onSave(analytics)} />
            <Button intent={Intent.PRIMARY} text={t('consent:acceptAll')} onClick={() => onSave(true)} />
          </>
        }
      />
    </Dialog>
  );
}
