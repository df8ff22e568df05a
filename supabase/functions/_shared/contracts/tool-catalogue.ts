/**
 * The tools catalogue as an admin edits it: icons, parameter
 * types, the enum rule, custom tool ids and the row shape `admin_save_tool_catalogue` accepts.
 * The `tool_catalogue` table's constraints restate the icon list, the id pattern and the function
 * definition (tool-definition.ts); tests/integration/security/admin.test.ts saves through them.
 */
import { z } from 'zod';
import { charsAtMost } from './field-limits.ts';
import { TOOL_ID_PATTERN, defaultConfigSchema, functionDefinitionSchema } from './tool-definition.ts';

// The function definition and its parameters are one schema for every zone (tool-definition.ts).
export {
  PARAMETER_TYPES,
  functionDefinitionSchema,
  functionNameSchema,
  toolParameterSchema,
  type FunctionDefinition,
  type ParameterType,
  type ToolParameter,
} from './tool-definition.ts';

export const TOOL_ICONS = [
  'calendar',
  'map-pin',
  'users',
  'mail',
  'message-square',
  'shopping-cart',
  'credit-card',
  'package',
  'truck',
  'award',
  'star',
  'book',
  'wrench',
  'settings',
] as const;
export type ToolIcon = (typeof TOOL_ICONS)[number] | 'default';

/** Enum values are comma-separated, trimmed, empty ones dropped. */
export function parseEnumList(text: string): string[] {
  return text
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value !== '');
}

/** New custom tools: 'custom_' + a timestamp. */
export function customToolId(now: number = Date.now()): string {
  return `custom_${now}`;
}

/** tool_catalogue texts (migration 20261121193100), as the admin editor limits them. */
export const TOOL_CATALOGUE_LIMITS = { name: 100, description: 1000 } as const;

/** One catalogue row as the admin screen reads and saves it (column names of `tool_catalogue`). */
export const catalogueToolSchema = z.object({
  id: z.string().regex(TOOL_ID_PATTERN),
  name: z.string().trim().min(1).pipe(charsAtMost(TOOL_CATALOGUE_LIMITS.name)),
  description: charsAtMost(TOOL_CATALOGUE_LIMITS.description),
  icon: z.enum([...TOOL_ICONS, 'default']),
  enabled: z.boolean(),
  function_definition: functionDefinitionSchema,
  default_config: defaultConfigSchema,
});
export type CatalogueTool = z.infer<typeof catalogueToolSchema>;

/** A new custom tool: disabled, wrench icon, no parameters. */
export function newCustomTool(now: number = Date.now()): CatalogueTool {
  const id = customToolId(now);
  return {
    id,
    name: 'New Tool',
    description: '',
    icon: 'wrench',
    enabled: false,
    function_definition: { name: id, description: '', parameters: { type: 'object', properties: {}, required: [] } },
    default_config: {},
  };
}
