import { Callout, H4 } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/QueryState.tsx';
import { useSaveTemplateChoiceMutation, useTemplateChoiceQuery } from '../api/templateChoice.ts';
import { useTemplatesQuery } from '../api/templates.ts';
import { TemplatePicker } from './TemplatePicker.tsx';

/** /agents/{id}/messages: the "Template outside the 24 h window" control, wired to its queries. */
export function TemplateOutsideWindow({ agentId, userId }: { agentId: string; userId: string }) {
  const { t } = useTranslation();
  const templates = useTemplatesQuery(agentId);
  const choice = useTemplateChoiceQuery(agentId);
  const save = useSaveTemplateChoiceMutation(agentId, userId);
  return (
    <section className="wa-template" aria-label={t('messages:template.title')}>
      <H4>{t('messages:template.title')}</H4>
      <QueryState
        query={templates}
        errorTitle={t('messages:template.loadError')}
        isEmpty={(rows) => rows.length === 0}
        empty={<Callout intent="none">{t('messages:template.empty')}</Callout>}
      >
        {(rows) => (
          <QueryState query={choice} errorTitle={t('messages:template.loadError')}>
            {(current) => (
              <TemplatePicker
                key={current?.content_sid ?? ''}
                templates={rows}
                choice={current}
                saving={save.isPending}
                onSave={(next) => save.mutate(next)}
              />
            )}
          </QueryState>
        )}
      </QueryState>
      {save.isSuccess && <p role="status">{t('messages:template.saved')}</p>}
    </section>
  );
}
