/**
 * The tool editor's form model: parameters as rows (name, type, description, required, enum text)
 * and back to the OpenAI function definition the catalogue stores.
 */
import { parseEnumList, type CatalogueTool, type ParameterType } from '@contracts/tool-catalogue.ts';

export interface ParameterRow {
  name: string;
  type: ParameterType;
  description: string;
  required: boolean;
  /** Comma-separated; only string parameters keep it. */
  enumText: string;
}

export interface ConfigRow {
  key: string;
  value: string;
}

export interface ToolForm {
  tool: CatalogueTool;
  parameters: ParameterRow[];
  config: ConfigRow[];
}

export function toForm(tool: CatalogueTool): ToolForm {
  const { properties, required } = tool.function_definition.parameters;
  return {
    tool,
    parameters: Object.entries(properties).map(([name, p]) => ({
      name,
      type: p.type,
      description: p.description ?? '',
      required: required.includes(name),
      enumText: (p.enum ?? []).join(', '),
    })),
    config: Object.entries(tool.default_config).map(([key, value]) => ({ key, value })),
  };
}

export function emptyParameter(): ParameterRow {
  return { name: '', type: 'string', description: '', required: false, enumText: '' };
}

/** Form → catalogue row. Rows without a name are dropped; later duplicates of a name too. */
export function fromForm(form: ToolForm): CatalogueTool {
  const properties: CatalogueTool['function_definition']['parameters']['properties'] = {};
  const required: string[] = [];
  for (const row of form.parameters) {
    const name = row.name.trim();
    if (name === '' || name in properties) continue;
    const values = row.type === 'string' ? parseEnumList(row.enumText) : [];
    properties[name] = {
      type: row.type,
      ...(row.description.trim() ? { description: row.description.trim() } : {}),
      ...(values.length > 0 ? { enum: values } : {}),
    };
    if (row.required) required.push(name);
  }
  const defaultConfig: Record<string, string> = {};
  for (const { key, value } of form.config) {
    if (key.trim() !== '') defaultConfig[key.trim()] = value;
  }
  return {
    ...form.tool,
    function_definition: {
      ...form.tool.function_definition,
      parameters: { ...form.tool.function_definition.parameters, type: 'object', properties, required },
    },
    default_config: defaultConfig,
  };
}
