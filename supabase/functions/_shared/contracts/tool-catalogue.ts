/**
 * The tools catalogue as an admin edits it (spec 001 §3.3, 002 §3, §4.5, §5): icons, parameter
 * types, the enum rule, custom tool ids and the row shape `admin_save_tool_catalogue` accepts.
 * The `tool_catalogue` table's constraints restate the icon list, the id and function-name
 * patterns and text-only default config; tests/integration/security/admin.test.ts saves through
 * them.
 */
import { z } from 'zod';

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

export const PARAMETER_TYPES = ['string', 'number', 'boolean', 'array', 'object'] as const;
export type ParameterType = (typeof PARAMETER_TYPES)[number];

/** Enum values are comma-separated, trimmed, empty ones dropped (spec 001 §5). */
export function parseEnumList(text: string): string[] {
  return text
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value !== '');
}

/** New custom tools: 'custom_' + a timestamp (spec 001 §3.3). */
export function customToolId(now: number = Date.now()): string {
  return `custom_${now}`;
}

export const toolParameterSchema = z.object({
  type: z.enum(PARAMETER_TYPES),
  description: z.string().max(1000).optional(),
  // Only string parameters carry an enum (spec 001 §3.3).
  enum: z.array(z.string().min(1)).optional(),
});
export type ToolParameter = z.infer<typeof toolParameterSchema>;

export const functionNameSchema = z.string().regex(/^[a-zA-Z0-9_-]{1,64}$/);

export const functionDefinitionSchema = z.object({
  name: functionNameSchema,
  description: z.string().max(1000),
  parameters: z.object({
    type: z.literal('object'),
    properties: z.record(z.string().regex(/^[a-zA-Z0-9_-]{1,64}$/), toolParameterSchema),
    required: z.array(z.string()),
  }),
});
export type FunctionDefinition = z.infer<typeof functionDefinitionSchema>;

/** One catalogue row as the admin screen reads and saves it (column names of `tool_catalogue`). */
export const catalogueToolSchema = z.object({
  id: z.string().regex(/^[a-z0-9_]{1,64}$/),
  name: z.string().trim().min(1).max(100),
  description: z.string().max(1000),
  icon: z.enum([...TOOL_ICONS, 'default']),
  enabled: z.boolean(),
  // Stored catalogue rows may carry extra keys (e.g. an `action` enum); the editor keeps them.
  function_definition: functionDefinitionSchema.passthrough(),
  default_config: z.record(z.string(), z.string()),
});
export type CatalogueTool = z.infer<typeof catalogueToolSchema>;

/** A new custom tool: disabled, wrench icon, no parameters (spec 002 §4.5). */
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
