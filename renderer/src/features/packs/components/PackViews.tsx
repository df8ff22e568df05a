import { Button, Card, Classes, H4, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { UNLIMITED, packAnalytics, priceTone, type PackInput, type PriceTone } from '@contracts/packs.ts';
import { formatUsd } from '../../credits/packs.ts';
import type { packsEn } from '../locales/en.ts';

/** The badge colour steps by monthly price. */
const toneIntent: Record<PriceTone, Intent> = {
  free: Intent.SUCCESS,
  low: Intent.PRIMARY,
  mid: Intent.WARNING,
  high: Intent.DANGER,
};

export function PriceBadge({ price }: { price: number }) {
  const { t, i18n } = useTranslation();
  const tone = priceTone(price);
  return (
    <Tag intent={toneIntent[tone]} round data-tone={tone}>
      {tone === 'free' ? t('packs:badge.free') : t('packs:badge.perMonth', { price: formatUsd(price, i18n.language) })}
    </Tag>
  );
}

function useCount() {
  const { t } = useTranslation();
  return (value: number) => (value === UNLIMITED ? t('packs:features.unlimited') : String(value));
}

/** Overview: one card per plan. */
export function PacksOverview({ packs }: { packs: PackInput[] }) {
  const { t, i18n } = useTranslation();
  const count = useCount();
  return (
    <div className="packs-cards">
      {packs.map((pack) => (
        <Card key={pack.id} className="packs-card" data-pack={pack.id}>
          <H4>{pack.name}</H4>
          <PriceBadge price={pack.monthly_price} />
          {!pack.active && <Tag minimal>{t('packs:overview.inactive')}</Tag>}
          <p className={Classes.TEXT_MUTED}>
            {t('packs:overview.yearly', { price: formatUsd(pack.yearly_price, i18n.language) })}
          </p>
          <p>{t('packs:overview.minutes', { count: pack.minutes })}</p>
          <p>{t('packs:overview.users', { value: count(pack.users) })}</p>
        </Card>
      ))}
    </div>
  );
}

/** Plans: the list with edit and delete (deleting acts on the list; the page saves). */
export function PlansList({
  packs,
  onEdit,
  onDelete,
}: {
  packs: PackInput[];
  onEdit: (pack: PackInput) => void;
  onDelete: (pack: PackInput) => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <HTMLTable striped className={Classes.FILL}>
      <thead>
        <tr>
          <th>{t('packs:plans.name')}</th>
          <th>{t('packs:plans.monthly')}</th>
          <th>{t('packs:plans.yearly')}</th>
          <th>{t('packs:plans.minutes')}</th>
          <th>{t('packs:plans.actions')}</th>
        </tr>
      </thead>
      <tbody>
        {packs.map((pack) => (
          <tr key={pack.id} data-pack-row={pack.name}>
            <td>{pack.name}</td>
            <td>
              <PriceBadge price={pack.monthly_price} />
            </td>
            <td>{formatUsd(pack.yearly_price, i18n.language)}</td>
            <td>{pack.minutes}</td>
            <td>
              <Button
                minimal
                icon="edit"
                aria-label={t('packs:plans.edit', { name: pack.name })}
                onClick={() => onEdit(pack)}
              />
              <Button
                minimal
                icon="trash"
                intent={Intent.DANGER}
                aria-label={t('packs:plans.delete', { name: pack.name })}
                onClick={() => onDelete(pack)}
              />
            </td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

/** Features: the comparison table, one column per plan. */
export function FeaturesTable({ packs }: { packs: PackInput[] }) {
  const { t } = useTranslation();
  const count = useCount();
  const yesNo = (value: boolean) => t(value ? 'packs:features.yes' : 'packs:features.no');
  const rows: [keyof typeof packsEn.features, (p: PackInput) => string][] = [
    ['minutes', (p) => String(p.minutes)],
    ['users', (p) => count(p.users)],
    ['agents', (p) => count(p.max_agents)],
    ['support', (p) => t(`packs:choices.${p.support}`)],
    ['transcription', (p) => yesNo(p.transcription)],
    ['aiCallSummary', (p) => t(`packs:choices.${p.ai_call_summary}`)],
    ['voiceCloning', (p) => t(`packs:choices.${p.voice_cloning}`)],
    ['crm', (p) => t(`packs:choices.${p.crm_integrations ?? 'None'}`)],
    ['whatsapp', (p) => count(p.whatsapp_conversations)],
  ];
  return (
    <HTMLTable striped bordered className={Classes.FILL}>
      <thead>
        <tr>
          <th>{t('packs:features.feature')}</th>
          {packs.map((p) => (
            <th key={p.id}>{p.name}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(([key, value]) => (
          <tr key={key}>
            <td>{t(`packs:features.${key}`)}</td>
            {packs.map((p) => (
              <td key={p.id}>{value(p)}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

/** Analytics: number of packs, average monthly price, free plans. */
export function PacksAnalytics({ packs }: { packs: PackInput[] }) {
  const { t, i18n } = useTranslation();
  const stats = packAnalytics(packs);
  return (
    <div className="packs-cards">
      <Card>
        <p className={Classes.TEXT_MUTED}>{t('packs:analytics.total')}</p>
        <H4 data-stat="total">{stats.count}</H4>
      </Card>
      <Card>
        <p className={Classes.TEXT_MUTED}>{t('packs:analytics.average')}</p>
        <H4 data-stat="average">{formatUsd(stats.averageMonthlyPrice, i18n.language)}</H4>
      </Card>
      <Card>
        <p className={Classes.TEXT_MUTED}>{t('packs:analytics.free')}</p>
        <H4 data-stat="free">{stats.freePlans}</H4>
      </Card>
    </div>
  );
}
