/**
 * From tool catalogue rows (function_definition {name, description, parameters
 * {properties, required}}) to OpenAI function definitions, and back from a model's tool call to a
 * validated arguments object. Catalogue rows are admin-edited JSON, so nothing is trusted.
 */
import { z } from 'zod';
import type { FunctionTool, JsonSchemaObject, ToolCall } from '../ai/types.ts';

/** The columns the engine needs from a catalogue row (plus the agent's per-tool config). */
export interface CatalogueTool {
  /** Catalogue id: `calendar`, `crm`, `custom_1712…`. */
  id: string;
  /** Display name: "Calendar". */
  name: string;
  description: string | null;
  /** jsonb as stored; validated here. */
  functionDefinition: unknown;
}

const PARAMETER_TYPES = ['string', 'number', 'integer', 'boolean', 'array', 'object'] as const;

const propertySchema = z
  .object({
    type: z.enum(PARAMETER_TYPES),
    description: z.string().max(1_000).optional(),
    enum: z.array(z.string().max(200)).max(100).optional(),
    items: z.record(z.string(), z.unknown()).optional(),
    properties: z.record(z.string(), z.unknown()).optional(),
  })
  .loose();

const functionDefinitionSchema = z.object({
  // OpenAI's rule for function names.
  name: z.string().regex(/^[a-zA-Z0-9_-]{1,64}$/, { error: 'function name must be 1-64 letters, digits, _ or -' }),
  description: z.string().max(2_000).optional(),
  parameters: z
    .object({
      type: z.literal('object').optional(),
      properties: z.record(z.string().regex(/^[a-zA-Z0-9_.-]{1,64}$/), propertySchema).default({}),
      required: z.array(z.string()).optional(),
    })
    .default({ properties: {} }),
});

export interface ToolDefinitions {
  /** What the model is offered. */
  functions: FunctionTool[];
  /** Function name → catalogue tool, to route the model's calls. */
  byFunctionName: Map<string, CatalogueTool>;
  /** Rows that could not be offered, with the reason (logged, shown to admins). */
  rejected: { id: string; reason: string }[];
}

function cleanProperty(property: z.infer<typeof propertySchema>): Record<string, unknown> {
  const out: Record<string, unknown> = { type: property.type };
  if (property.description) out.description = property.description;
  // Enums apply to strings only; an enum on a number would be rejected by the model API.
  if (property.enum && property.type === 'string' && property.enum.length > 0) out.enum = property.enum;
  // OpenAI rejects array schemas without `items`.
  if (property.type === 'array') out.items = property.items ?? { type: 'string' };
  if (property.type === 'object' && property.properties) out.properties = property.properties;
  return out;
}

export function buildToolDefinitions(tools: CatalogueTool[]): ToolDefinitions {
  const functions: FunctionTool[] = [];
  const byFunctionName = new Map<string, CatalogueTool>();
  const rejected: { id: string; reason: string }[] = [];
  for (const tool of tools) {
    const parsed = functionDefinitionSchema.safeParse(tool.functionDefinition);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      rejected.push({
        id: tool.id,
        reason: `${issue?.path.join('.') || 'functionDefinition'}: ${issue?.message ?? 'invalid'}`,
      });
      continue;
    }
    const definition = parsed.data;
    if (byFunctionName.has(definition.name)) {
      rejected.push({ id: tool.id, reason: `function name "${definition.name}" is already used by another tool` });
      continue;
    }
    const properties: Record<string, unknown> = {};
    for (const [key, property] of Object.entries(definition.parameters.properties))
      properties[key] = cleanProperty(property);
    const required = (definition.parameters.required ?? []).filter((key) => key in properties);
    const parameters: JsonSchemaObject = { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
    functions.push({
      name: definition.name,
      description: (definition.description || tool.description || tool.name).slice(0, 1_024),
      parameters,
    });
    byFunctionName.set(definition.name, tool);
  }
  return { functions, byFunctionName, rejected };
}

export type ParsedArguments = { ok: true; value: Record<string, unknown> } | { ok: false; reason: string };

/** Models sometimes emit invalid or non-object JSON; that is a failed call, not a crash. */
export function parseToolArguments(call: ToolCall, definition?: FunctionTool): ParsedArguments {
  let value: unknown;
  try {
    value = call.arguments.trim() === '' ? {} : JSON.parse(call.arguments);
  } catch {
    return { ok: false, reason: 'arguments are not valid JSON' };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, reason: 'arguments must be a JSON object' };
  }
  const args = value as Record<string, unknown>;
  const missing = (definition?.parameters.required ?? []).filter(
    (key) => args[key] === undefined || args[key] === null,
  );
  if (missing.length > 0) return { ok: false, reason: `missing required argument(s): ${missing.join(', ')}` };
  return { ok: true, value: args };
}

/** Tool results go back to the model as a string; cap them so a big result cannot blow the context. */
export function serializeToolResult(result: unknown, maxChars = 8_000): string {
  let text: string;
  try {
    text = typeof result === 'string' ? result : JSON.stringify(result ?? null);
  } catch {
    text = String(result);
  }
  return text.length > maxChars ? `${text.slice(0, maxChars)}…(truncated)` : text;
}
