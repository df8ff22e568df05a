import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useToolsQuery } from '../../agents/api/catalogue.ts';
import { canTry, toolText } from '../../agents/tools/toolsModel.ts';

/**
 * "Try this tool" from Configure opens the sandbox with ?tool=<id>: this button sends a ready-made
 * message, in the agent's language, that makes the agent use that tool.
 */
export function TryToolButton({
  send,
  pending,
  language,
}: {
  send: (text: string) => Promise<boolean>;
  pending: boolean;
  language: string;
}) {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const catalogue = useToolsQuery();
  const toolId = params.get('tool') ?? '';
  if (!canTry(toolId)) return null;
  const name = toolText({ id: toolId }, catalogue.data ?? [], i18n.language).name;
  const sample = i18n.getFixedT(language, 'agentTools')(`sample.${toolId}`);
  return (
    <Button
      icon="play"
      intent="primary"
      variant="outlined"
      disabled={pending}
      title={sample}
      aria-label={`${t('agentTools:sandbox.title', { name })}: ${t('agentTools:sandbox.send')}`}
      data-testid="sandbox-try-tool"
      onClick={() => void send(sample)}
    >
      {t('agentTools:sandbox.title', { name })}
    </Button>
  );
}
