import { Button, Classes, H3, H5 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { Sector } from '../../api/catalogue.ts';
import { withSector, type WizardDraft } from '../wizardModel.ts';

export interface StepProps {
  draft: WizardDraft;
  onChange: (update: (draft: WizardDraft) => WizardDraft) => void;
}

/** Sector, then a specialization inside it. */
export function SectorStep({ draft, onChange, sectors }: StepProps & { sectors: Sector[] }) {
  const { t, i18n } = useTranslation();
  const label = (item: { name: string; nameFr: string }) => (i18n.language === 'fr' ? item.nameFr : item.name);
  const sector = sectors.find((s) => s.id === draft.sectorId);
  return (
    <section className="wizard-step">
      <H3>{t('agents:wizard.sector.title')}</H3>
      <H5 id="wizard-sector-label">{t('agents:wizard.sector.sectorLabel')}</H5>
      <div className="wizard-choices" role="group" aria-labelledby="wizard-sector-label">
        {sectors.map((s) => (
          <Button
            key={s.id}
            text={label(s)}
            active={s.id === draft.sectorId}
            aria-pressed={s.id === draft.sectorId}
            intent={s.id === draft.sectorId ? 'primary' : 'none'}
            onClick={() => onChange((d) => withSector(d, s.id))}
          />
        ))}
      </div>
      <H5 id="wizard-subsector-label">{t('agents:wizard.sector.subSectorLabel')}</H5>
      {sector ? (
        <div className="wizard-choices" role="group" aria-labelledby="wizard-subsector-label">
          {sector.subSectors.map((sub) => (
            <Button
              key={sub.id}
              text={label(sub)}
              active={sub.id === draft.subSectorId}
              aria-pressed={sub.id === draft.subSectorId}
              intent={sub.id === draft.subSectorId ? 'primary' : 'none'}
              onClick={() => onChange((d) => ({ ...d, subSectorId: sub.id }))}
            />
          ))}
        </div>
      ) : (
        <p className={Classes.TEXT_MUTED}>{t('agents:wizard.sector.chooseSectorFirst')}</p>
      )}
    </section>
  );
}
