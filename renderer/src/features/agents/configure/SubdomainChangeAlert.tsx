import { Alert, H4, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

export interface SubdomainChangeAlertProps {
  isOpen: boolean;
  /** Old and new public hosts, e.g. `clara.agents.example.com`. */
  from: string;
  to: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before a save moves the public page: shared links, QR codes and the widget snippet change. */
export function SubdomainChangeAlert({ isOpen, from, to, onConfirm, onCancel }: SubdomainChangeAlertProps) {
  const { t } = useTranslation();
  return (
    <Alert
      isOpen={isOpen}
      icon="warning-sign"
      intent={Intent.WARNING}
      confirmButtonText={t('agents:subdomainChange.confirm')}
      cancelButtonText={t('agents:subdomainChange.cancel')}
      onConfirm={onConfirm}
      onCancel={onCancel}
      canEscapeKeyCancel
    >
      <H4>{t('agents:subdomainChange.title')}</H4>
      <p>{t('agents:subdomainChange.body', { from, to })}</p>
    </Alert>
  );
}
