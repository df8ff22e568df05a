/**
 * Which text of a catalogue tool a reader sees: the French name and description for a French
 * owner or agent, the English ones otherwise or when the French text is empty (not translated).
 * One rule for the console's tool cards and the tool lines of a generated prompt.
 */
export interface CatalogueText {
  name: string;
  description: string;
  name_fr?: string | null;
  description_fr?: string | null;
}

export function localizedTool(tool: CatalogueText, language: string): { name: string; description: string } {
  const fr = language.toLowerCase().startsWith('fr');
  const name = fr && tool.name_fr?.trim() ? tool.name_fr : tool.name;
  const description = fr && tool.description_fr?.trim() ? tool.description_fr : tool.description;
  return { name, description };
}
