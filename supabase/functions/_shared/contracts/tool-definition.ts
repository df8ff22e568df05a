/**
 * A tool as the model is offered it, one definition for the admin's catalogue editor, the owner's
 * wizard and the conversation core: the OpenAI function definition stored in
 * `tool_catalogue.function_definition` (name, description, parameters with a
 * properties map and a required list; parameter types string, number, boolean, array, object; an
 * enum on strings only), its `default_config` (key to text value), and the entries of
 * `agents.tools` (the tools an agent uses, with its own config over the catalogue's).
 *
 * Postgres restates these rules (private.is_valid_function_definition and
 * private.has_typed_function_definition, private.jsonb_values_are_text, private.is_valid_agent_tools);
 * tests/integration/contracts/tool-definitions.test.ts runs one table of cases through both.
 * Unknown keys are kept on both sides (a catalogue row may carry `items` on an array parameter).
 */
import { z } from 'zod';
import { charsAtMost } from './field-limits.ts';

export const PARAMETER_TYPES = ['string', 'number', 'boolean', 'array', 'object'] as const;
export type ParameterType = (typeof PARAMETER_TYPES)[number];

export const TOOL_DEFINITION_LIMITS = {
  description: 1000,
  enumValues: 100,
  enumValue: 200,
  /** agents.tools entries. */
  agentTools: 50,
} as const;

/** OpenAI's rule for function and parameter names: at most this many characters. */
export const FUNCTION_NAME_MAX = 64;
export const FUNCTION_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;
export const functionNameSchema = z.string().regex(FUNCTION_NAME_PATTERN);

/** Catalogue ids: plain words (`calendar`) or `custom_` + a timestamp. */
export const TOOL_ID_PATTERN = /^[a-z0-9_]{1,64}$/;

export const toolParameterSchema = z
  .object({
    type: z.enum(PARAMETER_TYPES),
    description: charsAtMost(TOOL_DEFINITION_LIMITS.description).optional(),
    enum: z
      .array(z.string().min(1).pipe(charsAtMost(TOOL_DEFINITION_LIMITS.enumValue)))
      .max(TOOL_DEFINITION_LIMITS.enumValues)
      .optional(),
  })
  .loose()
  .refine((p) => p.enum === undefined || p.type === 'string', { error: 'only string parameters carry an enum' });
export type ToolParameter = z.infer<typeof toolParameterSchema>;

export const functionDefinitionSchema = z
  .object({
    name: functionNameSchema,
    description: charsAtMost(TOOL_DEFINITION_LIMITS.description),
    parameters: z
      .object({
        type: z.literal('object'),
        properties: z.record(z.string().regex(FUNCTION_NAME_PATTERN), toolParameterSchema),
        required: z.array(z.string()),
      })
      .loose(),
  })
  .loose();
export type FunctionDefinition = z.infer<typeof functionDefinitionSchema>;

/** `tool_catalogue.default_config`: key to text value. */
export const defaultConfigSchema = z.record(z.string(), z.string());
export type DefaultConfig = z.infer<typeof defaultConfigSchema>;

/**
 * One entry of `agents.tools`: the catalogue id the engine joins on, the agent's own config (merged
 * over the catalogue's default config; a custom tool's webhook settings live there) and what the
 * wizard stamps for display.
 */
export const agentToolSchema = z
  .object({
    id: z.string().regex(TOOL_ID_PATTERN),
    config: z.record(z.string(), z.json()).optional(),
    name: z.string().optional(),
    description: z.string().optional(),
    type: z.enum(['system', 'custom']).optional(),
    icon: z.string().optional(),
    created_at: z.string().optional(),
    updated_at: z.string().optional(),
  })
  .loose();
export type AgentTool = z.infer<typeof agentToolSchema>;

export const agentToolsSchema = z.array(agentToolSchema).max(TOOL_DEFINITION_LIMITS.agentTools);

/** A stored `agents.tools` value read for display: the entries that parse, or none. */
export function readAgentTools(raw: unknown): AgentTool[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((entry) => {
    const parsed = agentToolSchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}
