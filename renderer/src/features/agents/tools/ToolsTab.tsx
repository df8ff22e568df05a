import { Button, Callout, Card, Classes, H4, H5, Icon, Intent } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { AgentTool } from '@contracts/tool-definition.ts';
import { QueryState, SkeletonLines } from '../../../components/QueryState.tsx';
import { toastError, toastSuccess } from '../../../components/toaster.ts';
import { toolIcon } from '../../../components/toolIcons.ts';
import { toAppError } from '../../../errors/appError.ts';
import { useCalendarStatusQuery } from '../../deploy/api/googleCalendar.ts';
import { useAgentToolsQuery, useSaveAgentToolsMutation } from '../api/agentTools.ts';
import { useToolsQuery, type CatalogueTool } from '../api/catalogue.ts';
import { addableTools, canTry, toolNeed, toolText, withTool, withoutTool } from './toolsModel.ts';
import './tools.css';

/** Configure's Tools tab: the agent's tools with what each needs, add, remove, try in the sandbox. */
export function ToolsTab({ agent }: { agent: { id: string } }) {
  const { t } = useTranslation();
  const tools = useAgentToolsQuery(agent.id);
  const catalogue = useToolsQuery();
  return (
    <div className="tools-tab" data-testid="tools-tab">
      <div>
        <H4>{t('agentTools:title')}</H4>
        <p className={Classes.TEXT_MUTED}>{t('agentTools:subtitle')}</p>
      </div>
      <QueryState query={tools} loading={<SkeletonLines count={4} />} errorTitle={t('agentTools:title')}>
        {(list) => (
          <QueryState query={catalogue} loading={<SkeletonLines count={4} />} errorTitle={t('agentTools:title')}>
            {(entries) => <ToolsEditor agentId={agent.id} tools={list} catalogue={entries} />}
          </QueryState>
        )}
      </QueryState>
    </div>
  );
}

function ToolsEditor({
  agentId,
  tools,
  catalogue,
}: {
  agentId: string;
  tools: AgentTool[];
  catalogue: CatalogueTool[];
}) {
  const { t, i18n } = useTranslation();
  const save = useSaveAgentToolsMutation(agentId);
  const navigate = useNavigate();
  const addable = addableTools(catalogue, tools);
  const apply = (next: AgentTool[], message: string) =>
    save.mutate(next, {
      onSuccess: () => toastSuccess(message),
      onError: (error) => toastError(toAppError(error, 'updateAgent'), t),
    });

  return (
    <>
      {tools.length === 0 ? (
        <p className={Classes.TEXT_MUTED}>{t('agentTools:empty')}</p>
      ) : (
        <div className="tools-list">
          {tools.map((tool) => {
            const text = toolText(tool, catalogue, i18n.language);
            return (
              <Card key={tool.id} className="tools-item" data-tool-id={tool.id} data-testid="agent-tool">
                <div className="tools-item-head">
                  <Icon icon={toolIcon(tool.icon ?? 'default')} size={20} />
                  <H5>{text.name}</H5>
                </div>
                <p className={Classes.TEXT_MUTED}>{text.description}</p>
                <ToolNeedNote agentId={agentId} toolId={tool.id} />
                <div className="tools-item-actions">
                  {canTry(tool.id) && (
                    <Button
                      icon="play"
                      data-testid="try-tool"
                      onClick={() => navigate(`/agents/${agentId}/test?tool=${tool.id}`)}
                    >
                      {t('agentTools:try')}
                    </Button>
                  )}
                  <Button
                    icon="trash"
                    intent={Intent.DANGER}
                    variant="minimal"
                    disabled={save.isPending}
                    onClick={() => apply(withoutTool(tools, tool.id), t('agentTools:removed', { name: text.name }))}
                  >
                    {t('agentTools:remove')}
                  </Button>
                </div>
              </Card>
            );
          })}
        </div>
      )}
      <div>
        <H5>{t('agentTools:addTitle')}</H5>
        {addable.length === 0 ? (
          <p className={Classes.TEXT_MUTED}>{t('agentTools:allAdded')}</p>
        ) : (
          <div className="tools-list">
            {addable.map((tool) => {
              const text = toolText({ id: tool.id }, catalogue, i18n.language);
              return (
                <Card key={tool.id} className="tools-item" data-tool-id={tool.id} data-testid="addable-tool">
                  <div className="tools-item-head">
                    <Icon icon={toolIcon(tool.icon)} size={20} />
                    <H5>{text.name}</H5>
                  </div>
                  <p className={Classes.TEXT_MUTED}>{text.description}</p>
                  <div className="tools-item-actions">
                    <Button
                      icon="add"
                      intent={Intent.PRIMARY}
                      disabled={save.isPending}
                      onClick={() =>
                        apply(
                          withTool(tools, tool, new Date().toISOString()),
                          t('agentTools:added', { name: text.name }),
                        )
                      }
                    >
                      {t('agentTools:add')}
                    </Button>
                  </div>
                </Card>
              );
            })}
          </div>
        )}
      </div>
    </>
  );
}

function ToolNeedNote({ agentId, toolId }: { agentId: string; toolId: string }) {
  const need = toolNeed(toolId);
  if (need === 'calendar') return <CalendarNeed agentId={agentId} />;
  if (need === 'paymentProvider') return <PaymentNeed />;
  return null;
}

function CalendarNeed({ agentId }: { agentId: string }) {
  const { t } = useTranslation();
  const status = useCalendarStatusQuery(agentId);
  if (status.data?.connected) {
    return (
      <Callout intent={Intent.SUCCESS} compact data-testid="tool-need">
        {t('agentTools:needs.calendarConnected')}
      </Callout>
    );
  }
  return (
    <Callout intent={Intent.PRIMARY} compact data-testid="tool-need">
      {t('agentTools:needs.calendarMissing')}{' '}
      <Link to={`/agents/${agentId}/integrations`}>{t('agentTools:needs.calendarLink')}</Link>
    </Callout>
  );
}

function PaymentNeed() {
  const { t } = useTranslation();
  return (
    <Callout intent={Intent.PRIMARY} compact data-testid="tool-need">
      {t('agentTools:needs.paymentProvider')}
    </Callout>
  );
}
