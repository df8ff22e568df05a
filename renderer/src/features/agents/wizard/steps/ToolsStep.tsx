import { Card, Classes, H3, Icon, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { toolIcon } from '../../../../components/toolIcons.ts';
import type { CatalogueTool } from '../../api/catalogue.ts';
import { toolText } from '../../tools/toolsModel.ts';
import { recommendedToolIds } from '../wizardModel.ts';
import type { StepProps } from './SectorStep.tsx';

/** Tool cards toggled by clicking, Recommended from sector and brief keywords. */
export function ToolsStep({ draft, onChange, tools }: StepProps & { tools: CatalogueTool[] }) {
  const { t, i18n } = useTranslation();
  const recommended = recommendedToolIds(draft.sectorId, draft.brief);
  const toggle = (id: string) =>
    onChange((d) => ({
      ...d,
      toolIds: d.toolIds.includes(id) ? d.toolIds.filter((x) => x !== id) : [...d.toolIds, id],
    }));
  return (
    <section className="wizard-step">
      <H3>{t('agents:wizard.tools.title')}</H3>
      <p className={Classes.TEXT_MUTED}>{t('agents:wizard.tools.subtitle')}</p>
      <div className="wizard-tools">
        {tools.map((tool) => {
          const selected = draft.toolIds.includes(tool.id);
          const text = toolText({ id: tool.id }, tools, i18n.language);
          return (
            <Card
              key={tool.id}
              interactive
              selected={selected}
              className="wizard-tool"
              role="button"
              tabIndex={0}
              aria-pressed={selected}
              data-tool-id={tool.id}
              onClick={() => toggle(tool.id)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  toggle(tool.id);
                }
              }}
            >
              <div className="wizard-tool-head">
                <Icon icon={toolIcon(tool.icon)} size={20} />
                <strong>{text.name}</strong>
                {selected && <Icon icon="tick-circle" intent="success" />}
              </div>
              <p className={Classes.TEXT_MUTED}>{text.description}</p>
              {recommended.has(tool.id) && (
                <Tag intent="success" minimal>
                  {t('agents:wizard.tools.recommended')}
                </Tag>
              )}
            </Card>
          );
        })}
      </div>
    </section>
  );
}
