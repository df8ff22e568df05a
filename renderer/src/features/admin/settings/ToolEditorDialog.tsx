import {
  Button,
  ButtonGroup,
  Callout,
  Checkbox,
  Classes,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Switch,
} from '@blueprintjs/core';
import {
  catalogueToolSchema,
  PARAMETER_TYPES,
  TOOL_CATALOGUE_LIMITS,
  TOOL_ICONS,
  type CatalogueTool,
  type ParameterType,
} from '@contracts/tool-catalogue.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toolIcon } from '../../../components/toolIcons.ts';
import { emptyParameter, fromForm, toForm, type ParameterRow, type ToolForm } from './toolForm.ts';
import { LimitedInput, LimitedTextArea } from '../../../components/LimitedText.tsx';
import { FUNCTION_NAME_MAX, TOOL_DEFINITION_LIMITS } from '@contracts/tool-definition.ts';
import { keepWithinLimit } from '@contracts/field-limits.ts';

/** Add or edit one catalogue tool: details, icon picker, parameters, default config, enabled. */
export function ToolEditorDialog({
  tool,
  isNew,
  onCancel,
  onConfirm,
}: {
  tool: CatalogueTool;
  isNew: boolean;
  onCancel: () => void;
  onConfirm: (tool: CatalogueTool) => void;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState<ToolForm>(() => toForm(tool));
  const [invalid, setInvalid] = useState(false);
  const setTool = (patch: Partial<CatalogueTool>) => setForm((f) => ({ ...f, tool: { ...f.tool, ...patch } }));
  const setDefinition = (patch: Partial<CatalogueTool['function_definition']>) =>
    setTool({ function_definition: { ...form.tool.function_definition, ...patch } });
  const setParameter = (index: number, patch: Partial<ParameterRow>) =>
    setForm((f) => ({ ...f, parameters: f.parameters.map((p, i) => (i === index ? { ...p, ...patch } : p)) }));

  const confirm = () => {
    const parsed = catalogueToolSchema.safeParse(fromForm(form));
    if (!parsed.success) {
      setInvalid(true);
      return;
    }
    onConfirm(parsed.data);
  };

  return (
    <Dialog
      isOpen
      title={t(isNew ? 'admin:tools.dialogAdd' : 'admin:tools.dialogEdit')}
      onClose={onCancel}
      style={{ width: 760 }}
    >
      <DialogBody>
        <FormGroup label={t('admin:tools.name')} labelFor="tool-name">
          <LimitedInput
            id="tool-name"
            value={form.tool.name}
            max={TOOL_CATALOGUE_LIMITS.name}
            onValueChange={(name) => setTool({ name })}
          />
        </FormGroup>
        <FormGroup label={t('admin:tools.description')} labelFor="tool-description">
          <LimitedTextArea
            id="tool-description"
            fill
            value={form.tool.description}
            max={TOOL_CATALOGUE_LIMITS.description}
            onValueChange={(description) => setTool({ description })}
          />
        </FormGroup>
        <FormGroup label={t('admin:tools.icon')}>
          <ButtonGroup role="radiogroup" aria-label={t('admin:tools.icon')} className="admin-icon-picker">
            {TOOL_ICONS.map((name) => (
              <Button
                key={name}
                role="radio"
                aria-checked={form.tool.icon === name}
                aria-label={name}
                title={name}
                icon={toolIcon(name)}
                active={form.tool.icon === name}
                onClick={() => setTool({ icon: name })}
              />
            ))}
          </ButtonGroup>
        </FormGroup>
        <Switch
          checked={form.tool.enabled}
          label={t('admin:tools.enabled')}
          onChange={() => setTool({ enabled: !form.tool.enabled })}
        />
        <FormGroup label={t('admin:tools.functionName')} labelFor="tool-function-name">
          <LimitedInput
            id="tool-function-name"
            value={form.tool.function_definition.name}
            max={FUNCTION_NAME_MAX}
            onValueChange={(name) => setDefinition({ name })}
          />
        </FormGroup>
        <FormGroup label={t('admin:tools.functionDescription')} labelFor="tool-function-description">
          <LimitedInput
            id="tool-function-description"
            value={form.tool.function_definition.description}
            max={TOOL_DEFINITION_LIMITS.description}
            onValueChange={(description) => setDefinition({ description })}
          />
        </FormGroup>
        <h4>{t('admin:tools.parameters')}</h4>
        {form.parameters.map((parameter, index) => (
          <div key={index} className="admin-param-row" data-testid="tool-parameter">
            <InputGroup
              aria-label={t('admin:tools.parameterName')}
              placeholder={t('admin:tools.parameterName')}
              value={parameter.name}
              // Parameter rows keep the limits without a counter (one grid line per parameter).
              onChange={(e) =>
                setParameter(index, { name: keepWithinLimit(parameter.name, e.target.value, FUNCTION_NAME_MAX) })
              }
            />
            <HTMLSelect
              aria-label={t('admin:tools.parameterType')}
              value={parameter.type}
              options={[...PARAMETER_TYPES]}
              onChange={(e) => setParameter(index, { type: e.target.value as ParameterType })}
            />
            <InputGroup
              aria-label={t('admin:tools.parameterDescription')}
              placeholder={t('admin:tools.parameterDescription')}
              value={parameter.description}
              onChange={(e) =>
                setParameter(index, {
                  description: keepWithinLimit(
                    parameter.description,
                    e.target.value,
                    TOOL_DEFINITION_LIMITS.description,
                  ),
                })
              }
            />
            <Checkbox
              className={Classes.INLINE}
              checked={parameter.required}
              label={t('admin:tools.required')}
              onChange={() => setParameter(index, { required: !parameter.required })}
            />
            <Button
              minimal
              icon="cross"
              aria-label={t('admin:tools.removeParameter')}
              onClick={() => setForm((f) => ({ ...f, parameters: f.parameters.filter((_, i) => i !== index) }))}
            />
            {parameter.type === 'string' && (
              <InputGroup
                aria-label={t('admin:tools.enumValues')}
                placeholder={t('admin:tools.enumValues')}
                value={parameter.enumText}
                onChange={(e) => setParameter(index, { enumText: e.target.value })}
                style={{ gridColumn: '1 / -1' }}
              />
            )}
          </div>
        ))}
        <Button
          icon="add"
          small
          text={t('admin:tools.addParameter')}
          onClick={() => setForm((f) => ({ ...f, parameters: [...f.parameters, emptyParameter()] }))}
        />
        <h4>{t('admin:tools.defaultConfig')}</h4>
        {form.config.map((row, index) => (
          <div key={index} className="admin-config-row">
            <InputGroup
              aria-label={t('admin:tools.configKey')}
              placeholder={t('admin:tools.configKey')}
              value={row.key}
              onChange={(e) =>
                setForm((f) => ({
                  ...f,
                  config: f.config.map((c, i) => (i === index ? { ...c, key: e.target.value } : c)),
                }))
              }
            />
            <InputGroup
              aria-label={t('admin:tools.configValue')}
              placeholder={t('admin:tools.configValue')}
              value={row.value}
              onChange={(e) =>
                setForm((f) => ({
                  ...f,
                  config: f.config.map((c, i) => (i === index ? { ...c, value: e.target.value } : c)),
                }))
              }
            />
            <Button
              minimal
              icon="cross"
              aria-label={t('admin:tools.removeConfig')}
              onClick={() => setForm((f) => ({ ...f, config: f.config.filter((_, i) => i !== index) }))}
            />
          </div>
        ))}
        <Button
          icon="add"
          small
          text={t('admin:tools.addConfig')}
          onClick={() => setForm((f) => ({ ...f, config: [...f.config, { key: '', value: '' }] }))}
        />
        {invalid && (
          <Callout intent="danger" compact>
            {t('admin:tools.invalid')}
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('admin:tools.cancel')} onClick={onCancel} />
            <Button intent="primary" text={t('admin:tools.confirm')} onClick={confirm} />
          </>
        }
      />
    </Dialog>
  );
}
