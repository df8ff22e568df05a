import { Card, H2, H5, Icon, type IconName } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { sectionItems } from '../sections.ts';

/** Features, industries or integrations: a title and a grid of icon cards. */
export function InfoSection({ id }: { id: keyof typeof sectionItems }) {
  const { t } = useTranslation();
  return (
    <section id={id} className="landing-section">
      <H2>{t(`landing:${id}.title`)}</H2>
      <div className="landing-grid">
        {sectionItems[id].map(([key, icon]) => (
          <Card key={key} className="landing-card">
            <Icon icon={icon as IconName} size={24} color="#6366f1" />
            <H5>{t(`landing:${id}.${key}.title`)}</H5>
            <p>{t(`landing:${id}.${key}.body`)}</p>
          </Card>
        ))}
      </div>
    </section>
  );
}
