import { Button, Card, Icon, Switch } from '@blueprintjs/core';
import { newCustomTool, type CatalogueTool } from '@contracts/tool-catalogue.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { toolIcon } from '../../../components/toolIcons.ts';
import { ToolEditorDialog } from './ToolEditorDialog.tsx';

/**
 * The catalogue editor: edits in the dialog apply to the list on
 * confirmation; deleting and enabling act on the list at once; everything needs Save Changes.
 */
export function ToolsTab({ tools, onChange }: { tools: CatalogueTool[]; onChange: (next: CatalogueTool[]) => void }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<{ tool: CatalogueTool; isNew: boolean } | null>(null);
  const replace = (next: CatalogueTool) => onChange(tools.map((tool) => (tool.id === next.id ? next : tool)));

  return (
    <div className="admin-tool-list">
      <div>
        <Button
          icon="add"
          text={t('admin:tools.add')}
          onClick={() => setEditing({ tool: newCustomTool(), isNew: true })}
        />
      </div>
      {tools.length === 0 && <EmptyState icon="wrench" title={t('admin:tools.empty')} />}
      {tools.map((tool) => (
        <Card key={tool.id} compact className="admin-tool-row" data-testid={`tool-${tool.id}`}>
          <Icon icon={toolIcon(tool.icon)} size={20} />
          <div className="admin-tool-text">
            <strong>{tool.name}</strong>
            <div className="admin-muted">
              {tool.description} ·{' '}
              {t('admin:tools.parametersCount', {
                count: Object.keys(tool.function_definition.parameters.properties).length,
              })}
            </div>
          </div>
          <Switch
            checked={tool.enabled}
            label={t('admin:tools.enabled')}
            aria-label={`${t('admin:tools.enabled')} ${tool.name}`}
            onChange={() => replace({ ...tool, enabled: !tool.enabled })}
          />
          <Button
            icon="edit"
            aria-label={`${t('admin:tools.edit')} ${tool.name}`}
            onClick={() => setEditing({ tool, isNew: false })}
          />
          <Button
            icon="trash"
            intent="danger"
            minimal
            aria-label={`${t('admin:tools.delete')} ${tool.name}`}
            onClick={() => onChange(tools.filter((x) => x.id !== tool.id))}
          />
        </Card>
      ))}
      {editing && (
        <ToolEditorDialog
          tool={editing.tool}
          isNew={editing.isNew}
          onCancel={() => setEditing(null)}
          onConfirm={(next) => {
            if (editing.isNew) onChange([...tools, next]);
            else replace(next);
            setEditing(null);
          }}
        />
      )}
    </div>
  );
}
