/**
 * The tools an agent uses, as Configure edits them: adding a catalogue tool stamps the same
 * 'system' entry the wizard writes, removing drops it, and `capabilities` follows the list.
 * What a tool needs before it really acts (a connected calendar, the platform's payment provider)
 * is said next to it.
 */
import { localizedTool } from '@contracts/tool-text.ts';
import type { AgentTool } from '@contracts/tool-definition.ts';
import type { CatalogueTool } from '../api/catalogue.ts';

export function toolEntry(tool: CatalogueTool, now: string): AgentTool {
  return {
    id: tool.id,
    name: tool.name,
    description: tool.description,
    type: 'system',
    icon: tool.icon,
    config: tool.defaultConfig,
    created_at: now,
    updated_at: now,
  };
}

export function withTool(tools: AgentTool[], tool: CatalogueTool, now: string): AgentTool[] {
  if (tools.some((t) => t.id === tool.id)) return tools;
  return [...tools, toolEntry(tool, now)];
}

export function withoutTool(tools: AgentTool[], id: string): AgentTool[] {
  return tools.filter((t) => t.id !== id);
}

export function capabilitiesOf(tools: AgentTool[]): string[] {
  return tools.map((t) => t.id);
}

/** Catalogue tools the agent does not use yet, in the catalogue's order. */
export function addableTools(catalogue: CatalogueTool[], tools: AgentTool[]): CatalogueTool[] {
  const used = new Set(tools.map((t) => t.id));
  return catalogue.filter((t) => !used.has(t.id));
}

/** The name and description shown for an agent's tool: the catalogue's, in the reader's language. */
export function toolText(
  tool: AgentTool,
  catalogue: CatalogueTool[],
  language: string,
): { name: string; description: string } {
  const entry = catalogue.find((c) => c.id === tool.id);
  if (!entry) return { name: tool.name ?? tool.id, description: tool.description ?? '' };
  return localizedTool(
    { name: entry.name, description: entry.description, name_fr: entry.nameFr, description_fr: entry.descriptionFr },
    language,
  );
}

/** What a tool needs set up before it acts for real; null when it works as is. */
export type ToolNeed = 'calendar' | 'paymentProvider' | null;
export function toolNeed(id: string): ToolNeed {
  if (id === 'calendar') return 'calendar';
  if (id === 'payments') return 'paymentProvider';
  return null;
}

/** Tools with a ready-made test message in the sandbox (locale key agents:tools.try.<id>). */
export const TRY_TOOL_IDS = [
  'calendar',
  'maps',
  'crm',
  'email',
  'orders',
  'payments',
  'inventory',
  'messaging',
] as const;
export type TryToolId = (typeof TRY_TOOL_IDS)[number];
export function canTry(id: string): id is TryToolId {
  return (TRY_TOOL_IDS as readonly string[]).includes(id);
}
