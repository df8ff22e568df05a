import { Card, H2, H5, Icon, type IconName } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { sectionItems } from '../sections.ts';

type Section = keyof typeof sectionItems;
/** `landing:<section>.<item>` for the items of each section only (no cross-section pair). */
type CardKey = { [S in Section]: `landing:${S}.${(typeof sectionItems)[S][number][0]}` }[Section];

/** Features, industries or integrations: a title and a grid of icon cards. */
export function InfoSection({ id }: { id: Section }) {
  const { t } = useTranslation();
  return (
    <section id={id} className="landing-section">
      <H2>{t(`landing:${id}.title`)}</H2>
      <div className="landing-grid">
        {sectionItems[id].map(([key, icon]) => {
          // An item of `id`'s own list, so the pair is one of CardKey's.
          const card = `landing:${id}.${key}` as CardKey;
          return (
            <Card key={key} className="landing-card">
              <Icon icon={icon as IconName} size={24} color="#6366f1" />
              <H5>{t(`${card}.title`)}</H5>
              <p>{t(`${card}.body`)}</p>
            </Card>
          );
        })}
      </div>
    </section>
  );
}
