import { Button, Card, Classes, H5, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/** Free pack: +30 credits once; the button says so once it has been used. */
export function FreePackCard({
  activated,
  busy,
  errorText,
  onActivate,
}: {
  activated: boolean;
  busy: boolean;
  errorText: string | null;
  onActivate: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Card className="credits-card" data-testid="free-pack">
      <H5>{t('credits:freePack.title')}</H5>
      <p className={Classes.TEXT_MUTED}>{t('credits:freePack.body')}</p>
      <Button
        intent={activated ? Intent.NONE : Intent.SUCCESS}
        icon={activated ? 'tick-circle' : 'endorsed'}
        disabled={activated}
        loading={busy}
        text={activated ? t('credits:freePack.activated') : t('credits:freePack.activate')}
        onClick={onActivate}
      />
      {errorText && (
        <p role="alert" className="credits-inline-error">
          {errorText}
        </p>
      )}
    </Card>
  );
}
