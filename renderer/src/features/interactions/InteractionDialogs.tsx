import { Alert, Button, Classes, Dialog, DialogBody, DialogFooter, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { COMING_SOON_TYPES, SUPPORTED_TYPES, type Interaction, type InteractionType } from './model.ts';

/** The add-interaction picker: supported types, then the others labelled coming soon. */
export function AddInteractionDialog({
  isOpen,
  existing,
  onPick,
  onClose,
}: {
  isOpen: boolean;
  existing: Interaction[];
  onPick: (type: InteractionType) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('interactions:picker.title')} className="interaction-picker">
      <DialogBody>
        <ul className="interaction-type-list">
          {SUPPORTED_TYPES.map((type) => (
            <li key={type}>
              <Button
                fill
                alignText="start"
                icon={type === 'share_document' ? 'document-share' : 'link'}
                onClick={() => onPick(type)}
                className="interaction-type"
              >
                <strong>{t(`interactions:types.${type}`)}</strong>
                <span className={Classes.TEXT_MUTED}>
                  {existing.some((interaction) => interaction.type === type)
                    ? t('interactions:picker.existing')
                    : t(`interactions:typeDescriptions.${type}`)}
                </span>
              </Button>
            </li>
          ))}
          {COMING_SOON_TYPES.map((type) => (
            <li key={type}>
              <Button fill alignText="start" disabled icon="time" className="interaction-type">
                <strong>{t(`interactions:types.${type}`)}</strong>
                <Tag minimal>{t('interactions:picker.comingSoon')}</Tag>
              </Button>
            </li>
          ))}
        </ul>
      </DialogBody>
      <DialogFooter actions={<Button text={t('interactions:picker.cancel')} onClick={onClose} />} />
    </Dialog>
  );
}

export function DeleteInteractionAlert({
  interaction,
  label,
  onConfirm,
  onClose,
}: {
  interaction: Interaction | null;
  label: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      isOpen={interaction !== null}
      intent={Intent.DANGER}
      icon="trash"
      cancelButtonText={t('interactions:confirmDelete.cancel')}
      confirmButtonText={t('interactions:confirmDelete.confirm')}
      canEscapeKeyCancel
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <p>
        <strong>{t('interactions:confirmDelete.title')}</strong>
      </p>
      <p>{t('interactions:confirmDelete.body', { name: label })}</p>
    </Alert>
  );
}
